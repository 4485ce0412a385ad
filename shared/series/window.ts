/**
 * Time windows over columnar series. A run's `time` column is non-decreasing floating wall-clock ms (equal
 * neighbours happen: dstat repeats a timestamp after a late tick); these helpers find the rows of a window
 * by binary search so that zooming a 20k-row log costs microseconds, not a scan.
 */

/** A closed interval of time, ms: the part of a run a chart shows and its statistics cover. */
export interface TimeWindow {
  t0: number;
  t1: number;
}

/** A half-open interval of row indices [from, to). */
export interface RowRange {
  from: number;
  to: number;
}

/** First index in [from, to) whose time is ≥ t (`to` when none). */
export function lowerBound(time: ArrayLike<number>, t: number, from = 0, to = time.length): number {
  let lo = Math.max(0, from);
  let hi = Math.min(time.length, to);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [from, to) whose time is > t (`to` when none). */
export function upperBound(time: ArrayLike<number>, t: number, from = 0, to = time.length): number {
  let lo = Math.max(0, from);
  let hi = Math.min(time.length, to);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows of [from, to) whose time lies in the window (both ends included). */
export function rowsInWindow(
  time: ArrayLike<number>,
  window: TimeWindow,
  from = 0,
  to = time.length,
): RowRange {
  const start = lowerBound(time, window.t0, from, to);
  const end = upperBound(time, window.t1, start, to);
  return { from: start, to: end };
}

/**
 * The whole of a run as a window: from its first drawn row to its last. `firstRow` is 1 when row 0 is
 * dstat's since-boot average, which graphs and statistics leave out. Null when no row is left.
 */
export function fullWindow(time: ArrayLike<number>, firstRow = 0): TimeWindow | null {
  if (time.length <= firstRow) return null;
  return { t0: time[firstRow]!, t1: time[time.length - 1]! };
}
