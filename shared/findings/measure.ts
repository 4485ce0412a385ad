/** Small measures over a column's samples, shared by the rules. NaN samples are left out. */
import { selectKth } from '../series/select.js';
import { DIP_TOLERANCE, longEnough, type RowRange } from './windows.js';
import type { RunContext } from './context.js';

/**
 * Rows where `test(i)` holds, as windows of at least `minS` seconds: conditionRanges (windows.ts) over the
 * tested samples, in one pass without a buffer of conditions, the run's time steps read from `ctx.broken`.
 */
export function windowsWhere(ctx: RunContext, minS: number, test: (i: number) => boolean): RowRange[] {
  const broken = ctx.broken;
  const out: RowRange[] = [];
  let a = -1;
  let last = -1;
  for (let i = 0; i < ctx.n; i++) {
    if (a >= 0 && (broken[i] === 1 || i - last > DIP_TOLERANCE + 1)) {
      out.push({ a, b: last });
      a = -1;
    }
    if (test(i)) {
      if (a < 0) a = i;
      last = i;
    }
  }
  if (a >= 0) out.push({ a, b: last });
  return longEnough(out, ctx.t, ctx.intervalS, minS);
}

/** The largest sample of `values` within the ranges, and its row. */
export function peakIn(values: Float64Array, ranges: readonly RowRange[]): { value: number; row: number } {
  let value = -Infinity;
  let row = ranges[0]?.a ?? 0;
  for (const r of ranges) {
    for (let i = r.a; i <= r.b; i++) {
      const v = values[i]!;
      if (v > value) {
        value = v;
        row = i;
      }
    }
  }
  return { value: Number.isFinite(value) ? value : 0, row };
}

/** The mean of `values` within the ranges. */
export function meanIn(values: Float64Array, ranges: readonly RowRange[]): number {
  let sum = 0;
  let count = 0;
  for (const r of ranges) {
    for (let i = r.a; i <= r.b; i++) {
      const v = values[i]!;
      if (v === v) {
        sum += v;
        count++;
      }
    }
  }
  return count > 0 ? sum / count : 0;
}

/** The median of the samples (0 when none). */
export function median(values: Float64Array): number {
  return quantile(values, 0.5);
}

/**
 * The q-quantile (nearest rank: the smallest sample ≥ a share q of the samples) of the samples, NaN left
 * out; 0 when none. By selection (Hoare's quickselect) on a copy, O(n): a sort per column and rule was most
 * of the rules' time on long runs.
 */
let scratch = new Float64Array(0);

export function quantile(values: Float64Array, q: number): number {
  return quantiles(values, [q])[0]!;
}

/**
 * Several q-quantiles (as `quantile`) of the same samples from one copy: in ascending rank, each selection
 * searches only above the previous rank (selection leaves the copy partitioned around it), so the values are
 * those of separate calls.
 */
export function quantiles(values: Float64Array, qs: readonly number[]): number[] {
  // One scratch buffer for every call (the copy selection reorders), grown as needed: no garbage per call.
  if (scratch.length < values.length) scratch = new Float64Array(values.length);
  const xs = scratch;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v) xs[n++] = v;
  }
  if (n === 0) return qs.map(() => 0);
  const ranks = qs.map((q, at) => ({ at, k: Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1)) })).sort((p, r) => p.k - r.k);
  const out = new Array<number>(qs.length);
  let from = 0;
  for (const { at, k } of ranks) {
    out[at] = selectKth(xs, n, k, from);
    from = k;
  }
  return out;
}

/** Element-wise sum of columns that are present (null when none is). */
export function sumColumns(parts: readonly (Float64Array | null)[], n: number): Float64Array | null {
  const present = parts.filter((p): p is Float64Array => p !== null);
  if (present.length === 0) return null;
  const out = new Float64Array(n);
  for (const p of present) for (let i = 0; i < n; i++) out[i] = out[i]! + p[i]!;
  return out;
}

/** Rows in total across ranges. */
export function rowsIn(ranges: readonly RowRange[]): number {
  return ranges.reduce((s, r) => s + r.b - r.a + 1, 0);
}
