/** Small measures over a column's samples, shared by the rules. NaN samples are left out. */
import { DIP_TOLERANCE, type RowRange } from './windows.js';
import type { ColumnStats } from './column-cache.js';
import type { RunContext } from './context.js';

/** A per-sample test of a condition: the column's sample `above` (>), `atLeast` (≥) or `below` (<) a level. */
export type Clause = { values: Float64Array } & ({ above: number } | { atLeast: number } | { below: number });

/**
 * Rows where every clause holds, as windows of at least `minS` seconds (longEnough): conditionRanges (windows.ts)
 * over the tested samples, the run's time steps read from `ctx.broken`. A clause no sample can meet by its
 * column's extremes (when a rule has made them known) ends it before any pass; the clauses but the last mark
 * the run's condition buffer in one plain loop each, and the last is tested in the pass that finds the
 * windows.
 */
export function windowsWhere(ctx: RunContext, minS: number, clauses: readonly Clause[]): RowRange[] {
  for (const c of clauses) if (!canHold(ctx.knownStats(c.values), c)) return [];
  const cond = clauses.length > 1 ? ctx.condition() : null;
  for (let k = 0; k < clauses.length - 1; k++) if (mark(cond!, clauses[k]!, k > 0) === 0) return [];
  const last = clauses[clauses.length - 1];
  return last ? windowsOf(ctx, cond, last, minS) : [];
}

function canHold(s: ColumnStats | undefined, c: Clause): boolean {
  if (!s) return true;
  if ('above' in c) return s.max > c.above;
  if ('atLeast' in c) return s.max >= c.atLeast;
  return s.min < c.below;
}

/** A clause as an operator code (0 >, 1 ≥, 2 <) and its level. */
function opOf(c: Clause): [number, number] {
  return 'above' in c ? [0, c.above] : 'atLeast' in c ? [1, c.atLeast] : [2, c.below];
}

/** cond[i] = the clause holds at i (and, when `and`, it held before); how many samples hold. */
function mark(cond: Uint8Array, c: Clause, and: boolean): number {
  const v = c.values;
  const n = cond.length;
  const [op, x] = opOf(c);
  let held = 0;
  for (let i = 0; i < n; i++) {
    const y = v[i]!;
    const h = (op === 0 ? y > x : op === 1 ? y >= x : y < x) && (!and || cond[i] === 1) ? 1 : 0;
    cond[i] = h;
    held += h;
  }
  return held;
}

/**
 * Windows of at least `minS` seconds over the samples where `cond` (when given) and the clause hold: dips of
 * DIP_TOLERANCE bridged, never a broken time step; a window shorter than `minS` (rangeSeconds) is dropped as
 * it closes.
 */
function windowsOf(ctx: RunContext, cond: Uint8Array | null, c: Clause, minS: number): RowRange[] {
  const { broken, t, intervalS } = ctx;
  const v = c.values;
  const [op, x] = opOf(c);
  const least = minS - 1e-9;
  const out: RowRange[] = [];
  let a = -1;
  let last = -1;
  for (let i = 0; i < ctx.n; i++) {
    if (a >= 0 && (broken[i] === 1 || i - last > DIP_TOLERANCE + 1)) {
      if (t[last]! - t[a]! + intervalS >= least) out.push({ a, b: last });
      a = -1;
    }
    const y = v[i]!;
    if ((op === 0 ? y > x : op === 1 ? y >= x : y < x) && (cond === null || cond[i] === 1)) {
      if (a < 0) a = i;
      last = i;
    }
  }
  if (a >= 0 && t[last]! - t[a]! + intervalS >= least) out.push({ a, b: last });
  return out;
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

/** Rows in total across ranges. */
export function rowsIn(ranges: readonly RowRange[]): number {
  return ranges.reduce((s, r) => s + r.b - r.a + 1, 0);
}
