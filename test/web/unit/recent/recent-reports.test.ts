import { describe, expect, it } from 'vitest';
import {
  forgetRecent,
  RECENT_REPORTS_KEY,
  RECENT_REPORTS_MAX,
  recentReports,
  rememberRecent,
  type RecentReport,
} from '../../../../web/src/recent/recent-reports.js';

/** An in-memory Storage. */
function memory(initial?: string) {
  const m = new Map<string, string>();
  if (initial !== undefined) m.set(RECENT_REPORTS_KEY, initial);
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

const entry = (id: string, seenAt: number, patch: Partial<RecentReport> = {}): RecentReport => ({
  id,
  host: `host-${id}`,
  fileName: `${id}.csv`,
  start: 1_700_000_000_000,
  duration: 60,
  seenAt,
  ...patch,
});

describe('recent reports', () => {
  it('lists the reports newest first', () => {
    const s = memory();
    rememberRecent(entry('a', 1), s);
    rememberRecent(entry('b', 2), s);
    rememberRecent(entry('c', 3), s);
    expect(recentReports(s).map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(recentReports(s)[0]).toEqual(entry('c', 3));
  });

  it('keeps one entry per id: opening a report again moves it first with its new details', () => {
    const s = memory();
    rememberRecent(entry('a', 1), s);
    rememberRecent(entry('b', 2), s);
    rememberRecent(entry('a', 3, { duration: 90 }), s);
    expect(recentReports(s)).toEqual([entry('a', 3, { duration: 90 }), entry('b', 2)]);
  });

  it(`keeps at most ${RECENT_REPORTS_MAX}, dropping the oldest`, () => {
    const s = memory();
    for (let i = 0; i < RECENT_REPORTS_MAX + 5; i++) rememberRecent(entry(`r${i}`, i), s);
    const ids = recentReports(s).map((e) => e.id);
    expect(ids).toHaveLength(RECENT_REPORTS_MAX);
    expect(ids[0]).toBe(`r${RECENT_REPORTS_MAX + 4}`);
    expect(ids.at(-1)).toBe('r5');
    expect((JSON.parse(s.m.get(RECENT_REPORTS_KEY)!) as unknown[]).length).toBe(RECENT_REPORTS_MAX);
  });

  it('forgets a report that is gone', () => {
    const s = memory();
    rememberRecent(entry('a', 1), s);
    rememberRecent(entry('b', 2), s);
    forgetRecent('a', s);
    expect(recentReports(s).map((e) => e.id)).toEqual(['b']);
  });

  it('reads corrupt or foreign storage as an empty list, skips malformed entries, and recovers on the next save', () => {
    for (const bad of ['not json', '{"a":1}', 'null', '42', '"x"']) {
      const s = memory(bad);
      expect(recentReports(s)).toEqual([]);
      rememberRecent(entry('a', 1), s);
      expect(recentReports(s)).toEqual([entry('a', 1)]);
    }
    const mixed = memory(JSON.stringify([entry('a', 1), { id: 'b' }, null, entry('c', 2, { start: Number.NaN }), 'x', entry('a', 0)]));
    expect(recentReports(mixed)).toEqual([entry('a', 1)]);
  });

  it('does nothing without storage, or when storage refuses to write', () => {
    expect(recentReports(null)).toEqual([]);
    expect(() => rememberRecent(entry('a', 1), null)).not.toThrow();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberRecent(entry('a', 1), full)).not.toThrow();
    expect(recentReports(full)).toEqual([]);
    const locked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(recentReports(locked)).toEqual([]);
  });
});
