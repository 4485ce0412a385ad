/**
 * Moving-average trend lines, as dstat2graphs draws them (RRDtool `CDEF:X_AVG=X,<window>,TREND`): each point
 * is the average of the samples of the last `window` seconds. dstat2graphs chooses the window from the
 * recording: 60 samples, times one more for every 3 600 samples (a 1 s log of an hour gets a 60 s trend, of a
 * day 24 min), so the trend is smooth at any duration.
 *
 * Gaps stay gaps: a row without a value has no trend value either, and samples missing inside the window are
 * left out of its average (never counted as zero).
 */

/**
 * dstat2graphs' window for `rows` samples `intervalMs` apart: interval × 60 × (⌊(rows − 1) / 3600⌋ + 1).
 * An unknown interval counts as 1 s.
 */
export function trendWindowMs(intervalMs: number, rows: number): number {
  const step = intervalMs > 0 && Number.isFinite(intervalMs) ? intervalMs : 1000;
  const n = Math.max(1, Math.floor(rows));
  return step * 60 * (Math.floor((n - 1) / 3600) + 1);
}

/**
 * Trailing moving average over time: out[i] = mean of the values at rows j ≤ i with time[j] > time[i] − windowMs
 * (NaN values left out). NaN where values[i] is NaN and for rows before `firstRow`. O(rows).
 */
export function movingAverage(
  time: ArrayLike<number>,
  values: ArrayLike<number>,
  windowMs: number,
  firstRow = 0,
  endRow = Math.min(time.length, values.length),
): Float64Array {
  const n = Math.min(time.length, values.length);
  const end = Math.min(n, endRow);
  const out = new Float64Array(n).fill(NaN);
  let sum = 0;
  let count = 0;
  let lo = Math.max(0, firstRow);
  for (let i = lo; i < end; i++) {
    const from = time[i]! - windowMs;
    while (lo < i && time[lo]! <= from) {
      const old = values[lo]!;
      if (old === old) {
        sum -= old;
        count--;
      }
      lo++;
    }
    // No rounding residue carried into the next piece (after a gap in time or in values): 0.1 + 0.2 − 0.1
    // − 0.2 is 5.6e-17, which would be the trend of a following 0.
    if (count === 0) sum = 0;
    const v = values[i]!;
    if (v === v) {
      sum += v;
      count++;
      out[i] = sum / count;
    }
  }
  return out;
}
