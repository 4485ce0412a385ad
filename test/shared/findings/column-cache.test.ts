/**
 * What the rules derive once per run (shared/findings/column-cache.ts, arena.ts, measure.ts windowsWhere),
 * against plain references on seeded random columns with gaps, zeros and repeats: sums and means equal to
 * adding every column in order, quantiles equal to the sorted samples' nearest rank whatever order they are
 * asked in, the floor test equal to comparing the quantile, windows equal to conditionRanges + longEnough.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../shared/findings/arena.js';
import { ColumnCache } from '../../../shared/findings/column-cache.js';
import { runContext } from '../../../shared/findings/context.js';
import { windowsWhere, type Clause } from '../../../shared/findings/measure.js';
import { conditionRanges, longEnough } from '../../../shared/findings/windows.js';

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** n samples: NaN gaps, runs of zeros, repeated levels and spikes. */
function column(n: number, seed: number, { gaps = true } = {}): Float64Array {
  const r = seeded(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = r();
    out[i] = gaps && x < 0.03 ? NaN : x < 0.2 ? 0 : x < 0.4 ? 42 : Math.round(r() * 1000) / 10;
  }
  return out;
}

function nearestRank(values: Float64Array, q: number): number {
  const xs = [...values].filter((v) => v === v).sort((a, b) => a - b);
  if (xs.length === 0) return 0;
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))]!;
}

const n = 1000;

describe('ColumnCache', () => {
  it("sums and means equal adding every column in order, idle ones left out; a column's stats and idleness", () => {
    const cache = new ColumnCache(n, new Arena(0));
    const a = column(n, 1);
    const b = column(n, 2);
    const c = column(n, 3);
    const idle = new Float64Array(n);
    const sum = cache.sum([a, null, idle, b, c])!;
    const mean = cache.mean([a, idle, b])!;
    for (let i = 0; i < n; i++) {
      expect(Object.is(sum[i], 0 + a[i]! + idle[i]! + b[i]! + c[i]!)).toBe(true);
      expect(Object.is(mean[i], (0 + a[i]! + idle[i]! + b[i]!) / 3)).toBe(true);
    }
    expect(cache.sum([a, idle, b, c])).toBe(sum);
    expect(cache.sum([idle, a])).toBe(a);
    expect(cache.sum([idle, new Float64Array(n)])).toBe(cache.zeroColumn());
    expect(cache.sum([null, null])).toBeNull();
    expect(cache.isIdle(idle)).toBe(true);
    const late = new Float64Array(n);
    late[n - 1] = NaN;
    expect(cache.isIdle(late)).toBe(false);
    const finite = [...a].filter((v) => v === v);
    expect(cache.statsOf(a)).toEqual({ max: Math.max(...finite), min: Math.min(...finite), idle: false });
    expect(cache.statsOf(idle)).toEqual({ max: 0, min: 0, idle: true });
  });

  it('quantiles equal the nearest rank of the sorted samples, asked together or one by one in any order', () => {
    const qs = [0.98, 0.5, 0.9, 0.02, 1, 0, 0.5];
    for (const seed of [4, 5, 6]) {
      const values = column(n, seed);
      const together = new ColumnCache(n, new Arena(0)).quantiles(values, qs);
      const alone = new ColumnCache(n, new Arena(0));
      const oneByOne = qs.map((q) => alone.quantiles(values, [q])[0]);
      expect(together).toEqual(qs.map((q) => nearestRank(values, q)));
      expect(oneByOne).toEqual(together);
    }
    expect(new ColumnCache(3, new Arena(0)).quantiles(Float64Array.from([NaN, NaN, NaN]), [0.5])).toEqual([0]);
  });

  it('quantileAtLeast is the quantile compared with the level, with or without a selection made', () => {
    const values = column(n, 7);
    for (const level of [0, 1, 42, 42.1, 60, 99.9, 200]) {
      for (const q of [0.5, 0.9, 0.98]) {
        const expected = nearestRank(values, q) >= level;
        expect(new ColumnCache(n, new Arena(0)).quantileAtLeast(values, q, level)).toBe(expected);
        const selected = new ColumnCache(n, new Arena(0));
        selected.quantiles(values, [0.1]);
        expect(selected.quantileAtLeast(values, q, level)).toBe(expected);
      }
    }
  });
});

describe('Arena', () => {
  it('hands out slices that do not overlap, flags zeroed, growing past its size, and its buffer back for the next run', () => {
    const first = new Arena(64);
    const f = first.floats(4).fill(7);
    const g = first.flags(8);
    const h = first.floats(100).fill(1);
    expect([...f]).toEqual([7, 7, 7, 7]);
    expect([...g]).toEqual(new Array(8).fill(0));
    expect(h.length).toBe(100);
    g.fill(1);
    first.release();
    const next = new Arena(64);
    expect(next.floats(100).buffer).toBe(h.buffer);
    expect([...next.flags(8)]).toEqual(new Array(8).fill(0));
    next.release();
  });
});

describe('windowsWhere', () => {
  it('equals conditionRanges + longEnough over the same per-sample test, for one clause or several', () => {
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = i + (i > 500 ? 5 : 0);
    const a = column(n, 8);
    const b = column(n, 9);
    const series = [
      { kind: 'number' as const, id: 'g/a', group: 'g', column: 'a', unit: '', values: Float64Array.of(0, ...a) },
      { kind: 'number' as const, id: 'g/b', group: 'g', column: 'b', unit: '', values: Float64Array.of(0, ...b) },
    ];
    const ctx = runContext({ time: Float64Array.of(-1000, ...t.map((s) => s * 1000)), series, firstRowIsSinceBoot: true, intervalMs: 1000, meta: { cmdline: '' } });
    const cases: [Clause[], (i: number) => boolean][] = [
      [[{ values: ctx.col('g', 'a')!, above: 42 }], (i) => a[i]! > 42],
      [[{ values: ctx.col('g', 'a')!, atLeast: 42 }], (i) => a[i]! >= 42],
      [[{ values: ctx.col('g', 'a')!, below: 42 }, { values: ctx.col('g', 'b')!, above: 10 }], (i) => a[i]! < 42 && b[i]! > 10],
      [[{ values: ctx.col('g', 'a')!, above: 1000 }], () => false],
    ];
    for (const [clauses, test] of cases) {
      for (const minS of [0, 3, 8]) {
        const cond = Uint8Array.from({ length: n }, (_, i) => (test(i) ? 1 : 0));
        const expected = longEnough(conditionRanges(cond, ctx.t, ctx.maxStepS), ctx.t, ctx.intervalS, minS);
        expect(windowsWhere(ctx, minS, clauses)).toEqual(expected);
      }
    }
    ctx.release();
  });
});
