/**
 * Statistics of one series over a window of rows, always from the raw samples (never from resampled or
 * reduced data, which flattens peaks). NaN samples (gaps, empty cells) are left out.
 */

export interface SeriesStats {
  /** Samples that had a value. */
  count: number;
  min: number;
  avg: number;
  /** 95th percentile, nearest-rank: the smallest sample ≥ 95 % of the samples. */
  p95: number;
  max: number;
}

/** Stats of values[from, to) (row indices); null when no sample in the window has a value. */
export function seriesStats(values: ArrayLike<number>, from = 0, to = values.length): SeriesStats | null {
  const start = Math.max(0, from);
  const end = Math.min(values.length, to);
  if (end <= start) return null;
  const sample = new Float64Array(end - start);
  let count = 0;
  let sum = 0;
  for (let i = start; i < end; i++) {
    const v = values[i]!;
    if (v === v) {
      sample[count++] = v;
      sum += v;
    }
  }
  if (count === 0) return null;
  const sorted = sample.subarray(0, count).sort();
  return {
    count,
    min: sorted[0]!,
    avg: sum / count,
    p95: sorted[Math.ceil(0.95 * count) - 1]!,
    max: sorted[count - 1]!,
  };
}
