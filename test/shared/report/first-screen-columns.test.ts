/**
 * shared/report/first-screen-columns.ts: the data a report page's early charts draw from is the view's one
 * run, reduced to about the first-screen images' width in buckets when it is bigger than twice that, with
 * every series' extremes kept (what the images show), whole otherwise; and only a view of the whole run has it.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { FIRST_SCREEN_DATA_BUCKETS } from '../../../shared/limits.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { drawsWholeRun, firstScreenColumns } from '../../../shared/report/first-screen-columns.js';
import { DEFAULT_VIEW, type ViewState } from '../../../shared/view/view-options.js';
import { readFixture } from '../../helpers/fixtures.js';

const fields = { id: 'x', fileName: 'f.csv', createdAt: '2026-01-01T00:00:00Z', bytes: 1 };
const report = (name: string) => toColumnar(JSON.parse(JSON.stringify(toReportJson(parseDstat(readFixture(name)), fields))));

/** Smallest and largest finite value of values[from…]. */
function extremes(values: Float64Array, from: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < values.length; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

describe('firstScreenColumns', () => {
  it('reduces a run of more than twice the buckets to about the buckets, each series keeping its extremes', () => {
    const full = report('d072_long_tfvnrl.csv');
    const run = full.runs[0]!;
    expect(run.time.length).toBeGreaterThan(2 * 16);
    const out = firstScreenColumns(full, run, 16);
    expect(out.runs).toHaveLength(1);
    const reduced = out.runs[0]!;
    expect(reduced.lod?.buckets).toBeGreaterThanOrEqual(16);
    // Two rows a bucket (and one before each bucket after a time gap), after the since-boot row.
    expect(reduced.time.length).toBeLessThanOrEqual(1 + 3 * reduced.lod!.buckets);
    expect(reduced.time.length).toBeLessThan(run.time.length / 10);
    expect(reduced.rows).toBe(run.rows);
    for (const [i, s] of reduced.series.entries()) {
      const whole = run.series[i]!;
      expect(s.id).toBe(whole.id);
      if (s.kind !== 'number' || whole.kind !== 'number') continue;
      expect(extremes(s.values, 1), s.id).toEqual(extremes(whole.values, 1));
    }
    expect(out.fileName).toBe(full.fileName);
  });

  it('keeps a run of no more than twice the buckets whole, and holds only the run given', () => {
    const full = report('d072_tfvnrl_appended-2-runs.csv');
    expect(full.runs).toHaveLength(2);
    const out = firstScreenColumns(full, full.runs[0]!, FIRST_SCREEN_DATA_BUCKETS);
    expect(out.runs).toEqual([full.runs[0]]);
    expect(out.runs[0]!.lod).toBeUndefined();
  });
});

describe('drawsWholeRun', () => {
  it('is a view of the whole run: no offset, duration, zoom window or finding', () => {
    expect(drawsWholeRun(DEFAULT_VIEW)).toBe(true);
    const drawn: ViewState = { ...DEFAULT_VIEW, height: 300, hide: ['procs'] };
    expect(drawsWholeRun(drawn)).toBe(true);
    for (const change of [{ offset: 5 }, { duration: 30 }, { from: 10, to: 40 }, { finding: 'cpu-busy' }]) {
      expect(drawsWholeRun({ ...DEFAULT_VIEW, ...change }), JSON.stringify(change)).toBe(false);
    }
  });
});
