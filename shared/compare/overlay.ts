/**
 * The runs of a comparison as its charts draw them, on the page and in the server's first-screen images
 * alike: each run's time moved onto the aligned elapsed axis (ms from its row 0, less its shift), so that
 * one window and one crosshair time mean the same moment of every run; the charts matched by catalogue key
 * across runs (`disk:vda` with `disk:vda`); idle devices collapsed as on a report page; one colour per run.
 * The statistics never come from here but from compare.ts on each run's own raw rows.
 */
import type { ResolvedChart } from '../catalogue/index.js';
import type { ColumnarRun } from '../report/columnar.js';
import { toRunData, type RunData } from '../report/run-data.js';
import { rowsInWindow, type TimeWindow } from '../series/window.js';
import type { ElapsedWindow } from './types.js';

/** Run colours in order (theme tokens): A blue, B orange, … — far apart in hue and lightness. */
export const RUN_COLOURS = ['blue', 'orange', 'green', 'magenta', 'cyan', 'red', 'purple', 'brown'] as const;

/** Line dashes by series within a chart, so a run's series stay apart in its one colour. */
export const SERIES_DASHES: readonly number[][] = [[], [6, 3], [2, 2], [10, 3, 2, 3], [1, 4], [14, 4]];

/**
 * A run on the aligned axis: its time is ms of aligned elapsed time. A run compared by a window of its own
 * (`ID@FROM-TO`, seconds from its row 0) is drawn over that window only.
 */
export function alignedRun(run: ColumnarRun, shiftS: number, fileName = '', window: ElapsedWindow | null = null): RunData {
  const t0 = run.time[0] ?? 0;
  const origin = t0 + shiftS * 1000;
  const drawn = window ? cutToWindow(run, window) : run;
  const time = drawn.time.map((t: number) => t - origin);
  return toRunData({ ...drawn, time, start: time[0] ?? 0, end: time[time.length - 1] ?? 0 }, fileName);
}

/**
 * The rows of a run within a window of it (seconds from its row 0, ends included), as a run of its own: the
 * since-boot row only when the window starts at it; figures of the whole run (each series' statistics, a
 * level of detail's) dropped, as they are not the window's.
 */
export function cutToWindow(run: ColumnarRun, window: ElapsedWindow): ColumnarRun {
  const t0 = run.time[0] ?? 0;
  // 1 µs of slack each side, as compare's own rows of a window (align.ts countedRows).
  const { from, to } = rowsInWindow(run.time, { t0: t0 + window.from * 1000 - 1e-3, t1: t0 + window.to * 1000 + 1e-3 });
  const series = run.series.map((s) =>
    s.kind === 'number' ? { ...s, values: s.values.subarray(from, to), stats: null } : { ...s, values: s.values.slice(from, to) },
  );
  const lod = run.lod && {
    ...run.lod,
    sourceStats: {},
    totalMax: {},
    derived: Object.fromEntries(Object.entries(run.lod.derived).map(([k, v]) => [k, v.subarray(from, to)])),
  };
  return {
    ...run,
    time: run.time.subarray(from, to),
    rows: to - from,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot && from === 0,
    start: run.time[from] ?? t0,
    end: run.time[to - 1] ?? t0,
    series,
    ...(lod ? { lod } : {}),
  };
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

/**
 * Matched charts idle in every run that has them (the report page's rule per run, RunData.idle: per-device
 * charts only, never a family's total): a device busy in one run is drawn for all.
 */
export function idleMatched(charts: readonly MatchedChart[], runs: readonly RunData[]): MatchedChart[] {
  return charts.filter((m) => m.perRun.every((c, i) => c === null || runs[i]!.idle().has(m.key)));
}

/**
 * Matched family totals that are the same picture as one busy device of theirs, the same device in every run
 * that has the total (the report page's twin rule per run, RunData.twins): the device's chart shows it. A
 * total whose busy device differs between runs (vda in one, sda in another) is not one: it is the only
 * chart where those runs meet.
 */
export function twinMatched(charts: readonly MatchedChart[], runs: readonly RunData[]): MatchedChart[] {
  return charts.filter((m) => {
    let device: string | null = null;
    return m.perRun.every((c, i) => {
      if (c === null) return true;
      const run = runs[i]!;
      if (!run.twins().has(m.key)) return false;
      const busy = run.charts.find((d) => d.specId === c.specId && d.device !== null && d.device !== 'total' && !run.idle().has(d.key));
      if (!busy || (device !== null && busy.key !== device)) return false;
      device = busy.key;
      return true;
    });
  });
}

/**
 * The charts a compare page draws: all but the twin totals (twinMatched, as a report page), and by default
 * not the idle devices either (idleMatched).
 */
export function drawnMatched(charts: readonly MatchedChart[], runs: readonly RunData[], showIdle: boolean): MatchedChart[] {
  const left = new Set([...twinMatched(charts, runs), ...(showIdle ? [] : idleMatched(charts, runs))]);
  return charts.filter((m) => !left.has(m));
}

/** The aligned span of every run's drawn rows (ms): the charts' whole x range. */
export function overlayExtent(runs: readonly RunData[]): TimeWindow {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const r of runs) {
    if (r.time.length <= r.firstRow) continue;
    t0 = Math.min(t0, r.time[r.firstRow]!);
    t1 = Math.max(t1, r.time[r.time.length - 1]!);
  }
  return Number.isFinite(t0) ? { t0, t1 } : { t0: 0, t1: 1 };
}
