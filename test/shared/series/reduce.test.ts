import { describe, expect, it } from 'vitest';
import {
  BREAK,
  gapThresholdMs,
  pointsAt,
  reduceMinMax,
  reduceStacked,
  selectRows,
  stackBands,
} from '../../../shared/series/reduce.js';

/** n rows one second apart starting at t = 0, values from f(i). */
function series(n: number, f: (i: number) => number, stepMs = 1000): { time: Float64Array; values: Float64Array } {
  const time = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = i * stepMs;
    values[i] = f(i);
  }
  return { time, values };
}

/** Pieces of consecutive non-NaN points of a reduced series. */
function pieces(x: Float64Array, y: Float64Array): { x: number[]; y: number[] }[] {
  const out: { x: number[]; y: number[] }[] = [];
  let cur: { x: number[]; y: number[] } | null = null;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(y[i])) {
      cur = null;
      continue;
    }
    if (!cur) out.push((cur = { x: [], y: [] }));
    cur.x.push(x[i]!);
    cur.y.push(y[i]!);
  }
  return out;
}

function isNonDecreasing(a: ArrayLike<number>): boolean {
  for (let i = 1; i < a.length; i++) if (a[i]! < a[i - 1]!) return false;
  return true;
}

describe('reduceMinMax', () => {
  it('keeps a one-sample spike in a day-long log (a naive every-nth pick loses it)', () => {
    const n = 86_400;
    const { time, values } = series(n, (i) => (i === 43_210 ? 1000 : 1 + (i % 7) * 0.01));
    const r = reduceMinMax(time, values, { t0: 0, t1: (n - 1) * 1000, width: 800 });
    expect(r.x.length).toBeLessThanOrEqual(2 * 800 + 2);
    expect(Math.max(...r.y)).toBe(1000);
    expect(r.rows[r.y.indexOf(1000)]).toBe(43_210);
    // The dip side too: a one-sample zero.
    values[43_210] = 0;
    const r2 = reduceMinMax(time, values, { t0: 0, t1: (n - 1) * 1000, width: 800 });
    expect(Math.min(...r2.y)).toBe(0);
  });

  it('emits min and max of a pixel column in time order', () => {
    // 4 rows per column (width 2 over 8 rows): column 0 has max before min, column 1 min before max.
    const vals = [5, 9, 1, 5, 5, 0, 7, 5];
    const { time, values } = series(8, (i) => vals[i]!);
    // Pass-through is for ≤ 2 rows per column; force reduction with width 1 → 8 rows > 2.
    const rows = selectRows(time, values, { t0: 0, t1: 3500, width: 1 });
    // Window [0, 3.5 s] holds rows 0..3 (one column), plus the neighbour row 4 after it.
    expect(Array.from(rows)).toEqual([1, 2, 4]);
    const rows2 = selectRows(time, values, { t0: 0, t1: 7000, width: 2 });
    // Column 0 = rows 0..3 (t < 3.5 s), column 1 = rows 4..7 (row 7 sits on t1, last column).
    expect(Array.from(rows2)).toEqual([1, 2, 5, 6]);
  });

  it('passes a series with fewer rows than pixel columns through unchanged', () => {
    const { time, values } = series(50, (i) => Math.sin(i) * 10);
    const r = reduceMinMax(time, values, { t0: 0, t1: 49_000, width: 800 });
    expect(Array.from(r.x)).toEqual(Array.from(time));
    expect(Array.from(r.y)).toEqual(Array.from(values));
    expect(Array.from(r.rows)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('keeps a NaN gap as a break, in pass-through and in reduction', () => {
    const small = series(10, (i) => (i === 4 || i === 5 ? NaN : i));
    const r = reduceMinMax(small.time, small.values, { t0: 0, t1: 9000, width: 800 });
    const p = pieces(r.x, r.y);
    expect(p.map((q) => q.x)).toEqual([
      [0, 1000, 2000, 3000],
      [6000, 7000, 8000, 9000],
    ]);
    // The break sits between the pieces, so x never goes back.
    expect(isNonDecreasing(r.x)).toBe(true);

    // Dense: 10 000 rows on 100 columns, a NaN run inside column 50 (rows 5000..5019 of its 5000..5099).
    const big = series(10_000, (i) => (i >= 5000 && i < 5020 ? NaN : 7));
    const rb = reduceMinMax(big.time, big.values, { t0: 0, t1: 9_999_000, width: 100 });
    const pb = pieces(rb.x, rb.y);
    expect(pb).toHaveLength(2);
    expect(pb[0]!.x[pb[0]!.x.length - 1]).toBeLessThan(5_000_000);
    expect(pb[1]!.x[0]).toBeGreaterThanOrEqual(5_020_000);
  });

  it('breaks the line at missed ticks (a time step much longer than the interval)', () => {
    // 1 s samples with 7 s and 11 s holes, as in d072_tfvnrl.csv.
    const t = [0, 1, 2, 3, 10, 11, 12, 23, 24].map((s) => s * 1000);
    const time = Float64Array.from(t);
    const values = Float64Array.from(t.map((_, i) => i + 1));
    const r = reduceMinMax(time, values, { t0: 0, t1: 24_000, width: 800, maxStepMs: gapThresholdMs(1000) });
    expect(pieces(r.x, r.y).map((q) => q.x)).toEqual([
      [0, 1000, 2000, 3000],
      [10_000, 11_000, 12_000],
      [23_000, 24_000],
    ]);
    // Without a threshold the line would run across: that is what the naive version draws.
    const naive = reduceMinMax(time, values, { t0: 0, t1: 24_000, width: 800 });
    expect(pieces(naive.x, naive.y)).toHaveLength(1);
  });

  it('keeps a time gap in dense data: no pixel column merges samples across it', () => {
    // 20 500 one-second rows, a 30 s hole, 19 500 more; on 50 columns the hole falls inside column 25.
    const n = 40_000;
    const time = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      time[i] = (i < 20_500 ? i : i + 30) * 1000;
      values[i] = i < 20_500 ? 1 + (i % 3) : 10 + (i % 3);
    }
    const opts = { t0: 0, t1: time[n - 1]!, width: 50, maxStepMs: 2500 };
    const col = (t: number): number => Math.floor((t / opts.t1) * opts.width);
    expect(col(20_499_000)).toBe(col(20_530_000));
    const r = reduceMinMax(time, values, opts);
    const p = pieces(r.x, r.y);
    expect(p).toHaveLength(2);
    expect(Math.max(...p[0]!.x)).toBeLessThan(20_500_000);
    expect(Math.min(...p[1]!.x)).toBeGreaterThanOrEqual(20_530_000);
    expect(Math.max(...p[0]!.y)).toBe(3);
    expect(Math.min(...p[1]!.y)).toBe(10);
  });

  it('clips to the window, keeping one neighbour each side so lines reach the edges', () => {
    const { time, values } = series(10_000, (i) => (i === 100 || i === 9000 ? 999 : i % 10));
    const r = reduceMinMax(time, values, { t0: 2_000_000, t1: 3_000_000, width: 100 });
    expect(r.x[0]).toBe(1_999_000);
    expect(r.x[r.x.length - 1]).toBe(3_001_000);
    // Spikes outside the window are not drawn (they would stretch the Y axis).
    expect(Math.max(...r.y)).toBe(9);
    expect(r.x.length).toBeLessThanOrEqual(2 * 100 + 4);

    const few = series(100, (i) => i);
    const rf = reduceMinMax(few.time, few.values, { t0: 10_000, t1: 20_000, width: 800 });
    expect(Array.from(rf.x)).toEqual(Array.from({ length: 13 }, (_, i) => (9 + i) * 1000));
  });

  it('envelope (filled areas): one point per column, its largest sample; spikes kept, the smallest dropped', () => {
    // 10 000 rows on 100 columns: zeros with one spike per column, one 1-row spike of 999 at row 5 050.
    const { time, values } = series(10_000, (i) => (i === 5050 ? 999 : i % 100 === 7 ? 5 : 0));
    const opts = { t0: 0, t1: 9_999_000, width: 100 };
    const full = reduceMinMax(time, values, opts);
    const env = reduceMinMax(time, values, { ...opts, envelope: true });
    expect(env.x.length).toBeLessThanOrEqual(101);
    expect(env.x.length).toBeLessThan(full.x.length * 0.6);
    expect(Math.max(...env.y)).toBe(999);
    expect(Math.min(...env.y)).toBe(5);
    expect(isNonDecreasing(env.x)).toBe(true);
    // Below zero the smallest stays too (a fill to zero would hide it otherwise).
    const neg = series(1000, (i) => (i === 500 ? -50 : 1));
    const rn = reduceMinMax(neg.time, neg.values, { t0: 0, t1: 999_000, width: 10, envelope: true });
    expect(Math.min(...rn.y)).toBe(-50);
    // Stacks: rows chosen on the total's envelope, every band drawn at them.
    const tops = stackBands([values, Float64Array.from(values, (v) => v / 5)]);
    const st = reduceStacked(time, tops, { ...opts, envelope: true });
    expect(Array.from(st[0]!.rows)).toEqual(Array.from(st[1]!.rows));
    expect(Math.max(...st[1]!.y)).toBeCloseTo(999 * 1.2, 9);
  });

  it('leaves out rows before firstRow (the since-boot row)', () => {
    const { time, values } = series(5, (i) => (i === 0 ? 1e9 : i));
    const r = reduceMinMax(time, values, { t0: 0, t1: 4000, width: 800, firstRow: 1 });
    expect(Array.from(r.y)).toEqual([1, 2, 3, 4]);
  });

  it('draws a lone sample between gaps as a step of its interval when stepMs is given', () => {
    const time = Float64Array.from([0, 1000, 2000, 3000, 4000]);
    const values = Float64Array.from([1, NaN, 5, NaN, 2]);
    const r = reduceMinMax(time, values, { t0: 0, t1: 4000, width: 800, stepMs: 1000 });
    const p = pieces(r.x, r.y);
    expect(p.map((q) => q.x)).toEqual([
      [-1000, 0],
      [1000, 2000],
      [3000, 4000],
    ]);
    expect(p.map((q) => q.y)).toEqual([
      [1, 1],
      [5, 5],
      [2, 2],
    ]);
    // Breaks sit strictly between pieces.
    for (let i = 1; i < r.x.length; i++) expect(r.x[i]!).toBeGreaterThan(r.x[i - 1]!);
  });

  it('returns nothing for an empty window or series', () => {
    const { time, values } = series(10, (i) => i);
    expect(reduceMinMax(time, values, { t0: 50_000, t1: 60_000, width: 100 }).x).toHaveLength(1); // left neighbour only
    expect(reduceMinMax(new Float64Array(0), new Float64Array(0), { t0: 0, t1: 1, width: 100 }).x).toHaveLength(0);
    expect(reduceMinMax(time, values, { t0: 5, t1: 1, width: 100 }).x).toHaveLength(0);
  });

  it('never emits two breaks in a row or a break at either end', () => {
    const { time, values } = series(3000, (i) => (i % 17 < 5 ? NaN : i % 13));
    for (const width of [10, 100, 5000]) {
      const rows = selectRows(time, values, { t0: 0, t1: 2_999_000, width });
      expect(rows[0]).not.toBe(BREAK);
      expect(rows[rows.length - 1]).not.toBe(BREAK);
      for (let i = 1; i < rows.length; i++) expect(rows[i] === BREAK && rows[i - 1] === BREAK).toBe(false);
    }
  });
});

describe('stacked reduction', () => {
  it('stacks bands into cumulative tops with NaN rows as gaps for the whole stack', () => {
    const tops = stackBands([
      [1, 2, NaN, 4],
      [10, 20, 30, 40],
    ]);
    expect(Array.from(tops[0]!)).toEqual([1, 2, NaN, 4]);
    expect(Array.from(tops[1]!)).toEqual([11, 22, NaN, 44]);
  });

  it('draws every band at the rows chosen on the total, so fills line up and the total keeps its spike', () => {
    const n = 20_000;
    const usr = new Float64Array(n).fill(10);
    const sys = new Float64Array(n).fill(5);
    usr[12_345] = 80; // a one-second CPU spike
    sys[777] = 60;
    const { time } = series(n, () => 0);
    const tops = stackBands([usr, sys]);
    const [bottom, top] = reduceStacked(time, tops, { t0: 0, t1: (n - 1) * 1000, width: 300 });
    expect(Array.from(bottom!.x)).toEqual(Array.from(top!.x));
    expect(Array.from(bottom!.rows)).toEqual(Array.from(top!.rows));
    expect(Math.max(...top!.y)).toBe(85);
    expect(Math.max(...top!.y.filter((_, i) => top!.rows[i] === 777))).toBe(70);
    for (let i = 0; i < top!.y.length; i++) if (!Number.isNaN(top!.y[i])) expect(top!.y[i]!).toBeGreaterThanOrEqual(bottom!.y[i]!);
    expect(top!.x.length).toBeLessThanOrEqual(2 * 300 + 2);
  });
});

describe('pointsAt', () => {
  it('takes y from any array at the selected rows', () => {
    const time = Float64Array.from([0, 1000, 2000]);
    const r = pointsAt(time, [7, 8, 9], Int32Array.from([0, BREAK, 2]));
    expect(Array.from(r.x)).toEqual([0, 1000, 2000]);
    expect(Array.from(r.y)).toEqual([7, NaN, 9]);
    expect(Array.from(r.rows)).toEqual([0, BREAK, 2]);
  });
});

describe('gapThresholdMs', () => {
  it('is 2.5 intervals, and never (Infinity) for an interval that is not a positive number', () => {
    expect(gapThresholdMs(1000)).toBe(2500);
    expect(gapThresholdMs(0)).toBe(Infinity);
    expect(gapThresholdMs(-1000)).toBe(Infinity);
    expect(gapThresholdMs(NaN)).toBe(Infinity);
  });
});

describe('selectRows at its edges', () => {
  const rowsOf = (time: number[], values: number[], options: Parameters<typeof selectRows>[2]): number[] =>
    Array.from(selectRows(Float64Array.from(time), Float64Array.from(values), options));

  it('stops at endRow', () => {
    expect(rowsOf([0, 1000, 2000, 3000], [1, 2, 3, 4], { t0: 0, t1: 3000, width: 800, endRow: 2 })).toEqual([0, 1]);
  });

  it('a window of no length on a sample keeps that sample and its neighbours', () => {
    expect(rowsOf([0, 1000, 2000, 3000], [1, 2, 3, 4], { t0: 1000, t1: 1000, width: 800 })).toEqual([0, 1, 2]);
  });

  it('passes every row through up to exactly 2 rows per column, counting the rows of the window only', () => {
    // Width 3, 6 rows with the neighbours (rows 1..6): all kept, though 3 of them share column 0 and the
    // window starts at row 2 (a reduction would keep that column's min and max only).
    const time = [-2000, -1000, 0, 100, 200, 3000, 4000];
    const values = [0, 0, 5, 1, 9, 5, 0];
    expect(rowsOf(time, values, { t0: 0, t1: 3000, width: 3 })).toEqual([1, 2, 3, 4, 5, 6]);
    // One row more (at 2.9 s) is reduced: column 0 keeps its min (row 3) and max (row 4), column 2 its first.
    const more = [-2000, -1000, 0, 100, 200, 2900, 3000, 4000];
    expect(rowsOf(more, [0, 0, 5, 1, 9, 5, 5, 0], { t0: 0, t1: 3000, width: 3 })).toEqual([1, 3, 4, 5, 7]);
  });

  it('puts rows in columns measured from t0, the left neighbour in a column of its own', () => {
    // 4 rows per column from t0 = 100 s: column 0 = rows 100..103, column 1 = 104..107; row 99 is the neighbour.
    const time = Array.from({ length: 110 }, (_, i) => i * 1000);
    const values = time.map((_, i) => [5, 9, 1, 5][i % 4]!);
    expect(rowsOf(time, values, { t0: 100_000, t1: 107_000, width: 2 })).toEqual([99, 101, 102, 105, 106, 108]);
    // The left neighbour is never merged into the first column that has rows, even when column 0 has none.
    expect(rowsOf([0, 3000, 3500, 4000, 4500, 5000, 6000], [5, 1, 9, 5, 5, 5, 0], { t0: 1000, t1: 5000, width: 2 })).toEqual([0, 1, 2, 6]);
    // Row 0 can be a column's max; a constant column is drawn at its first row.
    expect(rowsOf([0, 1000, 2000, 3000, 4000], [9, 5, 1, 5, 5], { t0: 0, t1: 3000, width: 1 })).toEqual([0, 2, 4]);
    expect(rowsOf([0, 1000, 2000, 3000, 4000], [3, 3, 3, 3, 3], { t0: 0, t1: 3000, width: 1 })).toEqual([0, 4]);
  });

  it('breaks at a step longer than maxStepMs or going back in time, not at a step of exactly maxStepMs or a repeated time', () => {
    expect(rowsOf([0, 1000, 2000], [1, 2, 3], { t0: 0, t1: 2000, width: 800, maxStepMs: 1000 })).toEqual([0, 1, 2]);
    expect(rowsOf([0, 1000, 1000, 2000], [1, 2, 3, 4], { t0: 0, t1: 2000, width: 800, maxStepMs: 1000 })).toEqual([0, 1, 2, 3]);
    expect(rowsOf([0, 1000, 500, 1500], [1, 2, 3, 4], { t0: 0, t1: 1500, width: 800 })).toEqual([0, 1, BREAK, 2, 3]);
  });
});

describe('pointsAt and stepMs lead-ins', () => {
  it('never starts with a break, even when the rows do', () => {
    const r = pointsAt(Float64Array.from([0, 1000]), [1, 2], Int32Array.from([BREAK, 0, 1]));
    expect(Array.from(r.y)).toEqual([1, 2]);
  });

  it('adds a lead-in at the start of each piece only, never reaching back over the previous piece', () => {
    const time = Float64Array.from([0, 1000, 2000, 3000]);
    // stepMs shorter than the interval: one lead-in for the piece, none between its points.
    expect(Array.from(pointsAt(time, [1, 2, 3, 4], Int32Array.from([0, 1, 2, 3]), 500).x)).toEqual([-500, 0, 1000, 2000, 3000]);
    // A piece starting exactly stepMs after the previous one's end gets no lead-in; the break sits halfway.
    const r = pointsAt(time, [1, 2, 3, 4], Int32Array.from([0, BREAK, 1]), 1000);
    expect(Array.from(r.x)).toEqual([-1000, 0, 500, 1000]);
    // Nor one that would overlap it.
    const o = pointsAt(Float64Array.from([1000, 1500]), [1, 2], Int32Array.from([0, BREAK, 1]), 1000);
    expect(Array.from(o.x)).toEqual([0, 1000, 1250, 1500]);
  });

  it('stacked bands get the lead-ins too', () => {
    const tops = stackBands([[1, 2], [3, 4]]);
    const [bottom, top] = reduceStacked(Float64Array.from([1000, 2000]), tops, { t0: 1000, t1: 2000, width: 800, stepMs: 1000 });
    expect(Array.from(bottom!.x)).toEqual([0, 1000, 2000]);
    expect(Array.from(top!.y)).toEqual([4, 4, 6]);
  });
});

describe('stackBands at its edges', () => {
  it('a NaN in the top band only is a gap for the whole stack; bands as long as the shortest; none is none', () => {
    const tops = stackBands([
      [1, 2, 3],
      [10, NaN],
    ]);
    expect(tops.map((t) => Array.from(t))).toEqual([
      [1, NaN],
      [11, NaN],
    ]);
    expect(stackBands([])).toEqual([]);
  });
});
