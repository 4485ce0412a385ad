/**
 * The compare page's own use of its runs (aligned and matched in shared/compare/overlay.ts): the one time
 * axis its coordinator hovers and zooms on, and each run's raw rows for the Δ table (shared/compare).
 */
import type { CompareRunInput } from '../../../shared/compare/index.js';
import type { ColumnarRun } from '../../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../../shared/report/run-data.js';

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

/** A run for shared/compare: its own raw rows (time and numeric columns as loaded). */
export function compareInput(run: RunData): CompareRunInput {
  return {
    time: run.time,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    series: [...run.columns.values()].map((c) => ({ id: c.id, group: c.group, column: c.column, unit: c.unit, kind: 'number' as const, values: c.values })),
  };
}
