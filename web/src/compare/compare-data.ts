/**
 * The runs of a comparison as the compare page draws them: each run's time moved onto the aligned elapsed
 * axis (ms from its row 0, less its shift), so that one window and one crosshair time mean the same moment
 * of every run; the charts matched by catalogue key across runs (`disk:vda` with `disk:vda`); one colour per
 * run. The statistics never come from here but from shared/compare on each run's own raw rows.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { CompareRunInput } from '../../../shared/compare/index.js';
import type { ColumnarRun } from '../../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../../shared/report/run-data.js';

/** Run colours in order (theme tokens): A blue, B orange, … — far apart in hue and lightness. */
export const RUN_COLOURS = ['blue', 'orange', 'green', 'magenta', 'cyan', 'red', 'purple', 'brown'] as const;

/** Line dashes by series within a chart, so a run's series stay apart in its one colour. */
export const SERIES_DASHES: readonly number[][] = [[], [6, 3], [2, 2], [10, 3, 2, 3], [1, 4], [14, 4]];

/** A run on the aligned axis: its time is ms of aligned elapsed time. */
export function alignedRun(run: ColumnarRun, shiftS: number): RunData {
  const t0 = run.time[0] ?? 0;
  const origin = t0 + shiftS * 1000;
  const time = run.time.map((t: number) => t - origin);
  return toRunData({ ...run, time, start: (time[0] ?? 0), end: time[time.length - 1] ?? 0 });
}

/**
 * The time axis of the coordinator: every aligned time of every run, sorted, without series. Hover finds
 * the nearest of these, so the crosshair reaches every run's samples, whichever run is longer.
 */
export function axisRun(runs: readonly RunData[], template: ColumnarRun): RunData {
  const all: number[] = [];
  for (const r of runs) for (let i = r.firstRow; i < r.time.length; i++) all.push(r.time[i]!);
  const time = Float64Array.from(all).sort();
  const interval = Math.min(...runs.map((r) => (r.intervalMs > 0 ? r.intervalMs : Infinity)));
  return toRunData({
    ...template,
    rows: time.length,
    firstRowIsSinceBoot: false,
    intervalMs: Number.isFinite(interval) ? interval : 1000,
    start: time[0] ?? 0,
    end: time[time.length - 1] ?? 0,
    time,
    series: [],
  });
}

export interface MatchedChart {
  key: string;
  /** The chart of the first run that has it (heading, unit, section). */
  chart: ResolvedChart;
  /** Per run: its chart of this key, or null when the run lacks it. */
  perRun: (ResolvedChart | null)[];
}

/** Charts of every run by key, in the baseline's order, then what only other runs have. */
export function matchCharts(runs: readonly RunData[], baseline: number): MatchedChart[] {
  const order = [baseline, ...runs.keys()].filter((i, k, a) => a.indexOf(i) === k);
  const byKey = new Map<string, MatchedChart>();
  for (const i of order) {
    for (const chart of runs[i]!.charts) {
      let m = byKey.get(chart.key);
      if (!m) byKey.set(chart.key, (m = { key: chart.key, chart, perRun: runs.map(() => null) }));
      m.perRun[i] = chart;
    }
  }
  return [...byKey.values()];
}

/** A run for shared/compare: its own raw rows (time and numeric columns as loaded). */
export function compareInput(run: RunData): CompareRunInput {
  return {
    time: run.time,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    series: [...run.columns.values()].map((c) => ({ id: c.id, group: c.group, column: c.column, unit: c.unit, kind: 'number' as const, values: c.values })),
  };
}
