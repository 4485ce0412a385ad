/**
 * The `smooth=N` view option's line: a centred moving average of N samples, drawn instead of the samples
 * (statistics are always of the raw samples). out[i] = mean of the values at rows i − ⌊(N−1)/2⌋ … i + ⌈(N−1)/2⌉
 * within [firstRow, rows), NaN values left out of the mean; NaN where values[i] is NaN (a gap stays a gap)
 * and before `firstRow` (dstat's since-boot row). N ≤ 1 gives the values unchanged. O(rows).
 */
export function centredMovingAverage(values: Float64Array, n: number, firstRow = 0): Float64Array {
  const width = Math.floor(n);
  if (!(width > 1)) return values;
  const rows = values.length;
  const before = Math.floor((width - 1) / 2);
  const after = width - 1 - before;
  const out = new Float64Array(rows).fill(NaN);
  const first = Math.max(0, firstRow);
  let sum = 0;
  let count = 0;
  // The window [lo, hi) slides one row at a time; sums restart where it empties (no rounding residue kept).
  let lo = first;
  let hi = first;
  for (let i = first; i < rows; i++) {
    const wantHi = Math.min(rows, i + after + 1);
    for (; hi < wantHi; hi++) {
      const v = values[hi]!;
      if (v === v) {
        sum += v;
        count++;
      }
    }
    const wantLo = Math.max(first, i - before);
    for (; lo < wantLo; lo++) {
      const v = values[lo]!;
      if (v === v) {
        sum -= v;
        count--;
      }
    }
    if (count === 0) sum = 0;
    const v = values[i]!;
    if (v === v && count > 0) out[i] = sum / count;
  }
  return out;
}
