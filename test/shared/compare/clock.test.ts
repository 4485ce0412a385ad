/**
 * Runs on the absolute clock (shared/compare/clock.ts): zones of `Date:` lines, the shifts that line up
 * logs of two hosts recorded over the same minutes, and a second host's log derived from a real fixture
 * (another Host:, its clock an hour ahead in zone +0100, started 20 s later).
 */
import { describe, expect, it } from 'vitest';
import { toCompareJson, type NamedRun } from '../../../shared/api/compare-json.js';
import { clockShifts, effectiveShifts, zoneOffsetMs } from '../../../shared/compare/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

describe('zoneOffsetMs', () => {
  it.each([
    ['UTC', 0],
    ['+0100', 3_600_000],
    ['-03', -3 * 3_600_000],
    ['+05:30', 5.5 * 3_600_000],
    ['JST', 9 * 3_600_000],
    ['cest', 2 * 3_600_000],
    ['IST', null],
    ['', null],
  ])('%s: %s', (zone, ms) => {
    expect(zoneOffsetMs(zone)).toBe(ms);
  });
});

describe('clockShifts', () => {
  it('puts each run’s start at its distance from the earliest start on the absolute clock', () => {
    const utc = { time: [1_000_000, 1_001_000], timezone: 'UTC' };
    // 09:00:20 JST is 00:00:20 UTC: 20 s after the UTC run's start.
    const jst = { time: [1_000_000 + 9 * 3_600_000 + 20_000], timezone: 'JST' };
    expect(clockShifts([utc, jst])).toEqual({ shifts: [0, -20], unknownZone: [] });
    expect(clockShifts([jst, utc])).toEqual({ shifts: [-20, 0], unknownZone: [] });
    expect(clockShifts([utc, { time: [1_005_000], timezone: 'IST' }])).toEqual({ shifts: [0, -5], unknownZone: [1] });
  });

  it('adds the user’s per-run offsets; elapsed alignment is the offsets alone', () => {
    const runs = [
      { time: [0], timezone: 'UTC' },
      { time: [30_000], timezone: 'UTC' },
    ];
    expect(effectiveShifts(runs, 'clock', [0, 1.5])).toEqual([0, -28.5]);
    expect(effectiveShifts(runs, 'elapsed', [0, 1.5])).toEqual([0, 1.5]);
  });
});

/** d072_tfvnrl.csv as if recorded on host db1, whose clock is set to +0100, starting `lateS` seconds later. */
function secondHost(lateS: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return readFixture('d072_tfvnrl.csv')
    .replace('"Host:","vm"', '"Host:","db1"')
    .replace(/"Date:","29 Nov 2026 20:(\d\d):(\d\d) UTC"/, '"Date:","29 Nov 2026 21:$1:$2 +0100"')
    .replace(/^29-11 20:(\d\d):(\d\d)/gm, (_, m: string, s: string) => {
      const t = Number(m) * 60 + Number(s) + lateS;
      return `29-11 21:${pad(Math.floor(t / 60))}:${pad(t % 60)}`;
    });
}

describe('two hosts over the same minutes (compare JSON, align=clock)', () => {
  const named = (text: string, id: string): NamedRun => {
    const log = parseDstat(text);
    return { ...log.runs.at(-1)!, id, run: 1, runs: 1, fileName: `${id}.csv` };
  };
  const a = named(readFixture('d072_tfvnrl.csv'), 'vm');
  const b = named(secondHost(20), 'db1');

  it('reads the derived log as another host an hour ahead in zone +0100', () => {
    expect(b.meta.host).toBe('db1');
    expect(b.meta.timezone).toBe('+0100');
    expect(b.time[0]! - a.time[0]!).toBe(3_600_000 + 20_000);
  });

  it('elapsed alignment puts both starts at 0; the clock puts db1 20 s after vm, and an offset moves it', () => {
    const elapsed = toCompareJson([a, b], { baseline: 0, shifts: [], window: null });
    expect(elapsed.align).toBe('elapsed');
    expect(elapsed.runs.map((r) => r.shift)).toEqual([0, 0]);
    const clock = toCompareJson([a, b], { baseline: 0, shifts: [], window: 'common', align: 'clock' });
    expect(clock.align).toBe('clock');
    expect(clock.runs.map((r) => r.shift)).toEqual([0, -20]);
    // On the clock the common stretch starts when db1 does.
    expect(clock.window!.from).toBeGreaterThanOrEqual(20);
    const offset = toCompareJson([a, b], { baseline: 0, shifts: [0, 20], window: null, align: 'clock' });
    expect(offset.runs.map((r) => r.shift)).toEqual([0, 0]);
  });
});
