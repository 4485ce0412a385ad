/**
 * Two windows of one run (`ID@FROM-TO`, `FILE.csv@FROM-TO`): the reference's syntax (shared/api/compare-ref.ts)
 * and the comparison of two stretches of d072_tfvnrl.csv, each window's start its zero, each counted only
 * within its window.
 */
import { describe, expect, it } from 'vitest';
import { toCompareJson, type NamedRun } from '../../../shared/api/compare-json.js';
import { formatRunRefs, parseRunRefs } from '../../../shared/api/compare-ref.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

const ID = 'tP4wy0IYdCUafqG2-8H1qg';

describe('run references with a window', () => {
  it('reads ID@FROM-TO and ID:N@FROM-TO, and writes them back', () => {
    const parsed = parseRunRefs(`${ID}@0-300,${ID}:2@600.5-900,${ID}`);
    expect(parsed).toEqual({
      ok: true,
      refs: [
        { id: ID, run: null, window: { from: 0, to: 300 } },
        { id: ID, run: 2, window: { from: 600.5, to: 900 } },
        { id: ID, run: null },
      ],
    });
    if (parsed.ok) expect(formatRunRefs(parsed.refs)).toBe(`${ID}@0-300,${ID}:2@600.5-900,${ID}`);
  });

  it.each([`${ID}@300-0`, `${ID}@5`, `${ID}@a-b`, `${ID}@-1-5`])('refuses %s, naming it', (item) => {
    const parsed = parseRunRefs(item);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(item);
  });
});

describe('two windows of one run', () => {
  const run = parseDstat(readFixture('d072_tfvnrl.csv')).runs.at(-1)!;
  const named = (window: { from: number; to: number }): NamedRun => ({ ...run, id: ID, run: 1, runs: 1, fileName: 'd072_tfvnrl.csv', window });
  const json = toCompareJson([named({ from: 0, to: 40 }), named({ from: 40, to: 80 })], { baseline: 0, shifts: [], window: null });

  it('shifts each window’s start to zero and counts only its rows', () => {
    expect(json.runs.map((r) => [r.window, r.shift])).toEqual([
      [{ from: 0, to: 40 }, 0],
      [{ from: 40, to: 80 }, 40],
    ]);
    const t0 = run.time[0]!;
    const inside = (from: number, to: number) => Array.from(run.time).filter((t, i) => i > 0 && (t - t0) / 1000 >= from && (t - t0) / 1000 <= to).length;
    expect(json.runs.map((r) => r.rows)).toEqual([inside(0, 40), inside(40, 80)]);
  });

  it('counts each series over the rows of its window, and tells the stretches apart where they differ (cpu1 system time)', () => {
    const io = json.series['io/vda/read']!;
    expect(io.runs[0]!.count).toBe(json.runs[0]!.rows);
    expect(json.series['cpu1 usage/sys']!.delta[1]!.verdict).toBe('significant');
  });
});
