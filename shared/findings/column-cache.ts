/**
 * What the rules derive from a run's columns, computed once per run and shared by every rule: each column's
 * extremes and whether it is idle (all zero), sums of columns, and quantiles. Every rule reads the same arrays,
 * so a sum two rules need (a disk's read + write, for its ceiling and for the disks' activity) is made once and
 * its quantiles selected once. Results are read-only: a sum of one column is that column, an all-idle sum the
 * run's one zero column. Derived columns are slices of the run's arena (arena.ts).
 */
import { selectKth } from '../series/select.js';
import type { Arena } from './arena.js';

/** A column's extremes over its samples, NaN left out (max −Infinity and min +Infinity when none). */
export interface ColumnStats {
  max: number;
  min: number;
  /** Every sample is 0 (no NaN): the column adds nothing to a sum, and no condition above 0 holds on it. */
  idle: boolean;
}

/** A column's samples without NaN (its first `count`), reordered by the selections done on it. */
interface Selection {
  copy: Float64Array;
  count: number;
  /** Ranks selected so far, ascending: the copy is partitioned around each. */
  ranks: number[];
  byQ: Map<number, number>;
}

export class ColumnCache {
  private readonly stats = new Map<Float64Array, ColumnStats>();
  /** Per column, where its first sample that is not 0 is. */
  private readonly nonZero = new Map<Float64Array, number>();
  private readonly ids = new Map<Float64Array, number>();
  private readonly sums = new Map<string, Float64Array>();
  private readonly selections = new Map<Float64Array, Selection>();
  private zeros: Float64Array | null = null;

  constructor(
    private readonly n: number,
    private readonly arena: Arena,
  ) {}

  /** The column's max, min and idleness: a pass the first time it is asked (none for an idle column known as such). */
  statsOf(values: Float64Array): ColumnStats {
    let s = this.stats.get(values);
    if (s) return s;
    const from = this.firstNonZeroOf(values);
    const zeros = from > 0;
    const { max, min } = extremesFrom(values, from);
    s = { max: zeros ? Math.max(0, max) : max, min: zeros ? Math.min(0, min) : min, idle: from === values.length };
    this.stats.set(values, s);
    return s;
  }

  /**
   * Whether every sample is 0 (no NaN). Idle columns (a log's unused loop devices: most of its columns) take a
   * pass that only compares with 0; any other column stops at its first sample that is not 0, so asking costs
   * next to nothing for a busy one.
   */
  isIdle(values: Float64Array): boolean {
    return this.firstNonZeroOf(values) === values.length;
  }

  private firstNonZeroOf(values: Float64Array): number {
    let at = this.nonZero.get(values);
    if (at === undefined) this.nonZero.set(values, (at = firstNonZero(values)));
    return at;
  }

  /** The column's stats when some rule has asked for them already (no pass), else undefined. */
  knownStats(values: Float64Array): ColumnStats | undefined {
    return this.stats.get(values);
  }

  /**
   * The element-wise sum of the columns present, in their order (null when none is), in one pass over them
   * all. Idle columns (isIdle) are left out (adding 0 changes no sample); what remains of one
   * column is that column itself, of none the zero column.
   */
  sum(parts: readonly (Float64Array | null)[]): Float64Array | null {
    const present = parts.filter((p): p is Float64Array => p !== null);
    if (present.length === 0) return null;
    const busy = present.filter((p) => !this.isIdle(p));
    if (busy.length === 0) return this.zeroColumn();
    if (busy.length === 1) return busy[0]!;
    const key = busy.map((p) => this.idOf(p)).join(',');
    let out = this.sums.get(key);
    if (!out) this.sums.set(key, (out = sumOf(busy, this.arena.floats(this.n), 1)));
    return out;
  }

  /** The element-wise mean of the columns present (null when none is): their sum, as `sum`, over their count. */
  mean(parts: readonly (Float64Array | null)[]): Float64Array | null {
    const present = parts.filter((p): p is Float64Array => p !== null);
    if (present.length === 0) return null;
    const busy = present.filter((p) => !this.isIdle(p));
    return busy.length === 0 ? this.zeroColumn() : sumOf(busy, this.arena.floats(this.n), present.length);
  }

  /** Samples all 0, shared. */
  zeroColumn(): Float64Array {
    return (this.zeros ??= this.arena.floats(this.n).fill(0));
  }

  /**
   * q-quantiles of the samples (nearest rank: the smallest sample ≥ a share q of them), NaN left out, 0 when
   * none. By selection (Hoare's quickselect, O(n)) on one copy per column kept for the run: each rank is
   * selected once, between the ranks selected before it (the copy stays partitioned around each), so the
   * quantiles asked by several rules cost about one selection.
   */
  quantiles(values: Float64Array, qs: readonly number[]): number[] {
    const sel = this.selectionOf(values);
    return qs.map((q) => {
      const known = sel.byQ.get(q);
      if (known !== undefined) return known;
      const v = sel.count === 0 ? 0 : this.select(sel, Math.min(sel.count - 1, Math.max(0, Math.ceil(q * sel.count) - 1)));
      sel.byQ.set(q, v);
      return v;
    });
  }

  /**
   * Whether the q-quantile (as `quantiles`) is at least `level`: from the selection when one was made, else
   * without one — it is exactly when at most its rank (⌈q·count⌉ − 1) of the samples are below `level`,
   * counted in one pass without a copy (a series that does not reach a floor costs no selection).
   */
  quantileAtLeast(values: Float64Array, q: number, level: number): boolean {
    if (this.selections.has(values)) return this.quantiles(values, [q])[0]! >= level;
    const count = finiteCount(values);
    const below = countBelow(values, level);
    if (count === 0) return 0 >= level;
    return below <= Math.min(count - 1, Math.max(0, Math.ceil(q * count) - 1));
  }

  private selectionOf(values: Float64Array): Selection {
    let sel = this.selections.get(values);
    if (sel) return sel;
    const copy = this.arena.floats(values.length);
    sel = { copy, count: copyFinite(values, copy), ranks: [], byQ: new Map() };
    this.selections.set(values, sel);
    return sel;
  }

  /** The k-th smallest, searched between the nearest ranks selected before (selectKth over copy[lo, hi]). */
  private select(sel: Selection, k: number): number {
    let lo = 0;
    let hi = sel.count - 1;
    let at = 0;
    for (const r of sel.ranks) {
      if (r === k) return sel.copy[k]!;
      if (r < k) {
        lo = r;
        at++;
      } else {
        hi = r;
        break;
      }
    }
    const v = selectKth(sel.copy, hi + 1, k, lo);
    sel.ranks.splice(at, 0, k);
    return v;
  }

  private idOf(values: Float64Array): number {
    let id = this.ids.get(values);
    if (id === undefined) this.ids.set(values, (id = this.ids.size));
    return id;
  }
}

/** Where the first sample that is not 0 is (NaN is not): the column's length when none. */
function firstNonZero(values: Float64Array): number {
  let i = zeroBlocks(values);
  while (i < values.length && values[i] === 0) i++;
  return i;
}

/** Where the first block of 4 samples that are not all 0 starts (the last whole block's end when none). */
function zeroBlocks(values: Float64Array): number {
  const blocks = values.length & ~3;
  let i = 0;
  while (i < blocks && values[i] === 0 && values[i + 1] === 0 && values[i + 2] === 0 && values[i + 3] === 0) i += 4;
  return i;
}

/** The samples but NaN into `out`, in order; how many. (Each hot loop is a function of its own: a loop in a
 * longer function was compiled on the stack before the code after it had run, and thrown away on every call.) */
function copyFinite(values: Float64Array, out: Float64Array): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v) out[count++] = v;
  }
  return count;
}

/** How many samples are not NaN. */
function finiteCount(values: Float64Array): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) count++;
  return count;
}

/** How many samples are below `level` (NaN is not). */
function countBelow(values: Float64Array, level: number): number {
  let below = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! < level) below++;
  return below;
}

/** Max and min of values[from…], NaN left out (−Infinity, +Infinity when none). */
function extremesFrom(values: Float64Array, from: number): { max: number; min: number } {
  let max = -Infinity;
  let min = Infinity;
  for (let i = from; i < values.length; i++) {
    const v = values[i]!;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return { max, min };
}

/**
 * Element-wise sum over `divisor` (1: the sum), each sample's columns added in order to 0 — ((0 + a) + b) + c…
 * — two columns a pass, the last pass dividing: each column is read once, in plain loops.
 */
function sumOf(parts: readonly Float64Array[], out: Float64Array, divisor: number): Float64Array {
  for (let j = 0; j < parts.length; j += 2) addPair(out, j === 0, parts[j]!, parts[j + 1] ?? null, j + 2 >= parts.length ? divisor : 1);
  return out;
}

/** out = (base + p + q) / d per sample, base 0 on the first pass (else what out holds), q left out when null. */
function addPair(out: Float64Array, first: boolean, p: Float64Array, q: Float64Array | null, d: number): void {
  const n = out.length;
  if (q && first) for (let i = 0; i < n; i++) out[i] = d === 1 ? 0 + p[i]! + q[i]! : (0 + p[i]! + q[i]!) / d;
  else if (q) for (let i = 0; i < n; i++) out[i] = d === 1 ? out[i]! + p[i]! + q[i]! : (out[i]! + p[i]! + q[i]!) / d;
  else if (first) for (let i = 0; i < n; i++) out[i] = d === 1 ? 0 + p[i]! : (0 + p[i]!) / d;
  else for (let i = 0; i < n; i++) out[i] = d === 1 ? out[i]! + p[i]! : (out[i]! + p[i]!) / d;
}
