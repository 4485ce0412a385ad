/**
 * A comparison (shared/compare/) as the JSON of GET /api/compare and `dstatview compare -o OUT.json`.
 * Pure, JSON-safe.
 */
import { floatingIso } from '../dstat/time.js';
import type { RunMeta } from '../dstat/types.js';
import { commonWindow } from '../compare/align.js';
import { compareRuns } from '../compare/compare.js';
import { SIGNIFICANCE_METHOD } from '../compare/significance.js';
import { DEFAULT_MIN_CHANGE } from '../compare/significance.js';
import { effectiveShifts } from '../compare/clock.js';
import { offsetEstimates } from '../compare/clock-offset.js';
import { steadyWindow } from '../compare/steady.js';
import type { CompareRunInput, ElapsedWindow } from '../compare/types.js';
import type { CompareJson, CompareSeriesJson } from './schemas.js';
import type { CompareLayout } from '../view/compare-options.js';

/** One run to compare and what names it. */
export interface NamedRun extends CompareRunInput {
  id: string;
  /** 1-based run of its file, and how many the file has. */
  run: number;
  runs: number;
  fileName: string;
  /** A window of the run, seconds from its row 0 (`ID@FROM-TO`): its start is the run's zero. */
  window?: { from: number; to: number };
  meta: Pick<RunMeta, 'host' | 'producer' | 'timezone'> & Partial<Pick<RunMeta, 'cmdline'>>;
  intervalMs: number;
}

export interface CompareRequest {
  baseline: number;
  shifts: readonly number[];
  /**
   * An explicit window, `'common'` for the stretch every run covers, `'steady'` for each run's own
   * steady-state window (steady.ts; a run compared by a window of its own keeps it), or null for whole runs.
   */
  window: ElapsedWindow | 'common' | 'steady' | null;
  /** Practical threshold of a significant change, % of the baseline's mean; default DEFAULT_MIN_CHANGE. */
  minChange?: number;
  /** `clock`: runs on the absolute clock (each log's zone), `shifts` added as clock offsets; default elapsed. */
  align?: 'elapsed' | 'clock';
  /** `hosts`: different machines side by side, so no change against a baseline (every `delta` null). */
  layout?: CompareLayout;
}

/** Throws RangeError for a baseline that is not a run, or a common window of runs that do not overlap. */
export function toCompareJson(given: readonly NamedRun[], request_: CompareRequest): CompareJson {
  // window=steady: each run without a window of its own cut to its steady state, when it has one.
  const steady = request_.window === 'steady' ? given.map((r) => (r.window ? null : steadyWindow(r))) : null;
  const runs = steady ? given.map((r, i) => (steady[i] ? { ...r, window: steady[i] } : r)) : given;
  const align = request_.align ?? 'elapsed';
  const layout = request_.layout ?? 'overlay';
  const shifts = effectiveShifts(
    runs.map((r) => ({ time: r.time, timezone: r.meta.timezone })),
    align,
    request_.shifts,
  );
  // A run's own window starts at its zero: shifted by its start, and counted only within it.
  runs.forEach((r, i) => {
    if (r.window) shifts[i] = (shifts[i] ?? 0) + r.window.from;
  });
  const runWindows = runs.map((r) => (r.window ? { from: 0, to: r.window.to - r.window.from } : null));
  const request = { ...request_, shifts, window: request_.window === 'steady' ? null : request_.window };
  const window = request.window === 'common' ? commonWindow(runs, request.shifts) : request.window;
  if (request.window === 'common' && !window) throw new RangeError('the runs have no stretch of elapsed time in common');
  const minChange = request.minChange ?? DEFAULT_MIN_CHANGE;
  const comparison = compareRuns(runs, { baseline: request.baseline, shifts: request.shifts, window, runWindows, minChange });
  // On the clock, each run's offset as its network traffic with the baseline suggests.
  const estimates = align === 'clock' ? offsetEstimates(runs, request.baseline, shifts, request_.shifts) : [];
  const series: Record<string, CompareSeriesJson> = {};
  for (const s of comparison.series) {
    const delta = layout === 'hosts' ? s.delta.map(() => null) : s.delta;
    series[s.id] = { unit: s.unit, group: s.group, column: s.column, runs: s.runs, delta, derived: s.derived, ...(s.twinOf ? { twinOf: s.twinOf } : {}) };
  }
  return {
    runs: runs.map((r, i) => {
      const n = r.time.length;
      const rows = comparison.rows[i]!;
      return {
        id: r.id,
        run: r.run,
        runs: r.runs,
        fileName: r.fileName,
        ...(r.window ? { window: r.window } : {}),
        ...(steady && !given[i]!.window ? { steady: steady[i] !== null } : {}),
        host: r.meta.host,
        producer: r.meta.producer,
        start: n > 0 ? floatingIso(r.time[0]!) : '',
        timezone: r.meta.timezone,
        durationS: n > 0 ? (r.time[n - 1]! - r.time[0]!) / 1000 : 0,
        intervalS: Number.isFinite(r.intervalMs) ? r.intervalMs / 1000 : 0,
        shift: request.shifts[i] ?? 0,
        rows: Math.max(0, rows.to - rows.from),
        ...(estimates[i] ? { offsetEstimate: estimates[i] } : {}),
      };
    }),
    baseline: comparison.baseline,
    align,
    layout,
    window: window ?? null,
    noiseRule: SIGNIFICANCE_METHOD,
    minChange,
    series,
  };
}
