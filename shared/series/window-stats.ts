/**
 * The statistics of stats.ts (same definitions, same numbers) computed faster for interactive use: one
 * pass for count, min, max and the sum (in row order, so the average is bit-for-bit the same), and the 95th
 * percentile by selection (Hoare's quickselect) instead of a full sort, in a scratch buffer reused between
 * calls. Zooming a 100k-row report recomputes dozens of these per frame.
 */
import { selectKth } from './select.js';
import type { SeriesStats } from './stats.js';

let scratch = new Float64Array(0);

/** Same result as `seriesStats(values, from, to)` (stats.ts), in O(n). */
export function windowStats(values: ArrayLike<number>, from = 0, to = values.length): SeriesStats | null {
  const start = Math.max(0, from);
  const end = Math.min(values.length, to);
  if (end <= start) return null;
  if (scratch.length < end - start) scratch = new Float64Array(Math.max(end - start, scratch.length * 2));
  const a = scratch;
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = start; i < end; i++) {
    const v = values[i]!;
    if (v === v) {
      a[count++] = v;
      sum += v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (count === 0) return null;
  const k = Math.ceil(0.95 * count) - 1;
  return { count, min, avg: sum / count, p95: selectKth(a, count, k), max };
}
