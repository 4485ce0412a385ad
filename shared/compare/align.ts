/**
 * Runs lined up on elapsed time. Each run's zero is its row 0 (the origin the report page's `from`/`to`
 * use), moved by a per-run shift; a common window in aligned seconds then selects the same stretch of
 * every run, whatever its sampling interval (1 s and 5 s runs are compared on their own raw samples).
 */
import { rowsInWindow, type RowRange } from '../series/window.js';
import type { CompareRunInput, ElapsedWindow } from './types.js';

/** The first row statistics count: 1 when row 0 is the since-boot average. */
export function firstCountedRow(run: Pick<CompareRunInput, 'time' | 'firstRowIsSinceBoot'>): number {
  return run.firstRowIsSinceBoot && run.time.length > 0 ? 1 : 0;
}

/** Aligned elapsed seconds of a wall-clock time of a run. */
export function elapsedSeconds(run: Pick<CompareRunInput, 'time'>, timeMs: number, shiftS = 0): number {
  return (timeMs - (run.time[0] ?? 0)) / 1000 - shiftS;
}

/** The wall-clock ms of aligned elapsed seconds in a run (the inverse of elapsedSeconds). */
export function wallClockMs(run: Pick<CompareRunInput, 'time'>, elapsedS: number, shiftS = 0): number {
  return (run.time[0] ?? 0) + (elapsedS + shiftS) * 1000;
}

/** The aligned elapsed span of a run's counted rows; null when it has none. */
export function elapsedSpan(run: CompareRunInput, shiftS = 0): ElapsedWindow | null {
  const first = firstCountedRow(run);
  if (run.time.length <= first) return null;
  return {
    from: elapsedSeconds(run, run.time[first]!, shiftS),
    to: elapsedSeconds(run, run.time[run.time.length - 1]!, shiftS),
  };
}

/**
 * The stretch every run covers once aligned: from the latest start to the earliest end. Null when the
 * runs do not overlap at all (or one has no rows).
 */
export function commonWindow(runs: readonly CompareRunInput[], shifts: readonly number[] = []): ElapsedWindow | null {
  let from = -Infinity;
  let to = Infinity;
  for (let i = 0; i < runs.length; i++) {
    const span = elapsedSpan(runs[i]!, shifts[i] ?? 0);
    if (!span) return null;
    from = Math.max(from, span.from);
    to = Math.min(to, span.to);
  }
  return runs.length > 0 && from <= to ? { from, to } : null;
}

/** The rows of a run that count: its whole run (window null) or those inside the aligned window. */
export function countedRows(run: CompareRunInput, window: ElapsedWindow | null, shiftS = 0): RowRange {
  const first = firstCountedRow(run);
  if (!window) return { from: first, to: run.time.length };
  // 1 µs of slack each side: a window made from a run's own row times (commonWindow) must keep those rows
  // after the round trip through seconds.
  return rowsInWindow(
    run.time,
    { t0: wallClockMs(run, window.from, shiftS) - 1e-3, t1: wallClockMs(run, window.to, shiftS) + 1e-3 },
    first,
  );
}
