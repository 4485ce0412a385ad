/**
 * Shapes of a comparison of runs (shared/compare/): what goes in (any run as columns — the parser's
 * DstatRun and the web app's run data both fit) and what comes out (the Δ table as data). Platform-free.
 */
import type { Verdict } from './significance.js';

/** One numeric series of a run, as the parser and the web app both hold it. */
export interface CompareSeriesInput {
  /** `group/column`, e.g. `dsk/vda/read`: the same id in every run means the same device and column. */
  id: string;
  group: string;
  column: string;
  unit: string;
  kind: 'number' | 'text';
  /** One value per row (NaN = gap); ignored for text series. */
  values: ArrayLike<number> | readonly string[];
}

/** One run to compare: its time column and series. */
export interface CompareRunInput {
  /** Floating wall-clock ms per row (non-decreasing). */
  time: ArrayLike<number>;
  /** Row 0 is dstat's since-boot average: never counted in statistics. */
  firstRowIsSinceBoot: boolean;
  series: readonly CompareSeriesInput[];
}

/** How the runs are lined up and which part of them counts. */
export interface CompareOptions {
  /** Index into the runs of the run the others are compared with. Default 0. */
  baseline?: number;
  /**
   * Per run, seconds its start is shifted: that run's elapsed time is (time − its row 0) / 1000 − shift, so a
   * shift of 12 lines up a load that started 12 s into the run with the others' zero. Missing = 0.
   */
  shifts?: readonly number[];
  /**
   * The common elapsed window, seconds, applied to every run alike (after its shift). null = every run's
   * whole run (each run's statistics are then those of its own report).
   */
  window?: ElapsedWindow | null;
  /**
   * Per run, a window of its own in aligned elapsed seconds (two windows of one run), intersected with
   * `window`; missing or null = `window` alone.
   */
  runWindows?: readonly (ElapsedWindow | null)[];
  /** Practical threshold of a significant change, % of the baseline's mean. Default DEFAULT_MIN_CHANGE (5). */
  minChange?: number;
}

/** A closed interval of aligned elapsed time, seconds. */
export interface ElapsedWindow {
  from: number;
  to: number;
}

/** A run's figures for one series over the window, from its raw samples. */
export interface RunFigures {
  /** Samples with a value. */
  count: number;
  min: number;
  avg: number;
  /** Nearest-rank 95th percentile, as the report's statistics. */
  p95: number;
  max: number;
  /** Population standard deviation of the samples. */
  sd: number;
  /** Effective number of independent samples (lag-1 autocorrelation; significance.ts). */
  nEff: number;
  /** Standard error of the mean, in the series' unit, from nEff. */
  se: number;
}

/** A run's change against the baseline for one series. */
export interface Delta {
  /** run − baseline, in the series' unit. */
  avg: number;
  p95: number;
  max: number;
  /** The change as a percentage of the baseline's figure; null when the baseline's figure is 0. */
  avgPct: number | null;
  p95Pct: number | null;
  maxPct: number | null;
  /** significant, noise (within the runs' fluctuation or below the minimum change) or too-few samples. */
  verdict: Verdict;
  /** 95 % interval of `avg`, in the series' unit (significance.ts). */
  avgCi: [number, number];
  /** Not significant: verdict is noise or too-few. */
  withinNoise: boolean;
}

export interface ComparedSeries {
  id: string;
  group: string;
  column: string;
  unit: string;
  /** Per run: its figures; null when the run lacks the series (or has no sample of it in the window). */
  runs: (RunFigures | null)[];
  /** Per run: its change against the baseline; null for the baseline itself and where either lacks it. */
  delta: (Delta | null)[];
  /** Runs (indices) whose figures are of a total computed from their devices (the file has no total). */
  derived: number[];
  /**
   * A family total that is the same series as its only busy device in every run that has it (twins.ts):
   * that device's series id. The Δ table leaves the total out (its device's row says the same).
   */
  twinOf?: string;
}

export interface Comparison {
  baseline: number;
  /** Per run: the rows counted, as [from, to) row indices (the since-boot row never counts). */
  rows: { from: number; to: number }[];
  /** Series in first-seen order (the baseline's order, then what only later runs have). */
  series: ComparedSeries[];
}
