import { describe, expect, it } from 'vitest';
import { heatmapGrid } from '../../../shared/series/heatmap.js';

const secs = (n: number, step = 1): Float64Array => Float64Array.from({ length: n }, (_, i) => i * step * 1000);
const rowOf = (g: { columns: number; values: Float32Array }, r: number): number[] =>
  Array.from(g.values.subarray(r * g.columns, (r + 1) * g.columns));

describe('heatmapGrid', () => {
  it('averages the samples of each column (a, b], per series', () => {
    // 9 samples at 0..8 s into 4 columns (0, 2], (2, 4], (4, 6], (6, 8]: the sample at 0 s is the average
    // of the second before the window.
    const time = secs(9);
    const a = Float64Array.from([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    const b = Float64Array.from([999, 90, 90, 0, 0, 50, 50, 100, 0]);
    const g = heatmapGrid(time, [a, b], { t0: 0, t1: 8000, columns: 4 });
    expect(g.rows).toBe(2);
    expect(rowOf(g, 0)).toEqual([15, 35, 55, 75]);
    expect(rowOf(g, 1)).toEqual([90, 0, 50, 50]);
  });

  it('keeps a one-sample spike in its column (mean of that column only)', () => {
    const time = secs(1000);
    const v = new Float64Array(1000);
    v[500] = 100;
    const g = heatmapGrid(time, [v], { t0: 0, t1: 999_000, columns: 100 });
    const row = rowOf(g, 0);
    expect(row.filter((x) => x > 0)).toHaveLength(1);
    expect(row.findIndex((x) => x > 0)).toBe(50);
    expect(row[50]).toBeGreaterThan(9);
  });

  it('zoomed in past one sample per column: the sample whose interval covers the column', () => {
    const time = secs(4);
    const v = Float64Array.from([10, 20, 30, 40]);
    // 1 s → 3 s in 4 columns of 0.5 s; the sample at 2 s is the average over (1, 2], at 3 s over (2, 3].
    const g = heatmapGrid(time, [v], { t0: 1000, t1: 3000, columns: 4, stepMs: 1000 });
    expect(rowOf(g, 0)).toEqual([30, 30, 40, 40]);
  });

  it('leaves gaps empty: missed ticks, empty cells, rows before firstRow', () => {
    // Samples at 0,1,2 then 10,11 s: 3..9 s is a gap (step 8 s > maxStep 2.5 s).
    const time = Float64Array.from([0, 1, 2, 10, 11], (s) => s * 1000);
    const v = Float64Array.from([50, 50, 50, 80, NaN]);
    const g = heatmapGrid(time, [v], { t0: 0, t1: 11_000, columns: 11, maxStepMs: 2500, stepMs: 1000 });
    const row = rowOf(g, 0);
    // Columns (0,1] … (10,11]: samples at 1, 2 s; nothing covers 2–9 s; 80 at 10 s; an empty cell at 11 s.
    expect(row.slice(0, 2)).toEqual([50, 50]);
    for (const x of row.slice(2, 9)) expect(x).toBeNaN();
    expect(row[9]).toBe(80);
    expect(row[10]).toBeNaN();
    const values = [Float64Array.from([999, 1, 1])];
    expect(rowOf(heatmapGrid(secs(3), values, { t0: -1000, t1: 2000, columns: 3 }), 0)).toEqual([999, 1, 1]);
    const skipFirst = rowOf(heatmapGrid(secs(3), values, { t0: -1000, t1: 2000, columns: 3, firstRow: 1 }), 0);
    expect(skipFirst[0]).toBeNaN();
    expect(skipFirst.slice(1)).toEqual([1, 1]);
  });

  it('is all NaN for an empty window or no rows', () => {
    const g = heatmapGrid(new Float64Array(0), [new Float64Array(0)], { t0: 0, t1: 1000, columns: 5 });
    expect(Array.from(g.values).every(Number.isNaN)).toBe(true);
    expect(heatmapGrid(secs(3), [], { t0: 0, t1: 2000, columns: 3 }).values).toHaveLength(0);
  });
});

describe('heatmapGrid at its edges', () => {
  it('uses the rows before endRow only, for averages and for covering samples', () => {
    const v = Float64Array.from([10, 20, 30, 40]);
    // Columns (0, 1.5], (1.5, 3]: the sample at 3 s is past endRow.
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 0, t1: 3000, columns: 2, endRow: 3 }), 0)).toEqual([20, 30]);
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 0, t1: 3000, columns: 2 }), 0)).toEqual([20, 35]);
    // Zoomed in after the last row kept: nothing covers it, though row 3 would.
    const zoomed = heatmapGrid(secs(4), [v], { t0: 2000, t1: 3000, columns: 2, endRow: 3, stepMs: 1000 });
    expect(Array.from(zoomed.values).every(Number.isNaN)).toBe(true);
  });

  it('a sample after t1 does not count in the last column', () => {
    const v = Float64Array.from([0, 10, 20, 1000]);
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 0, t1: 2000, columns: 2 }), 0)).toEqual([10, 20]);
  });

  it('is all NaN for a window of no length, even on a sample', () => {
    const v = Float64Array.from([10, 20, 30]);
    for (const t1 of [1000, 500]) {
      const g = heatmapGrid(secs(3), [v], { t0: 1000, t1, columns: 2, stepMs: 1000 });
      expect(Array.from(g.values).every(Number.isNaN)).toBe(true);
    }
  });

  it('a column with values and empty cells averages the values only', () => {
    const v = Float64Array.from([0, 10, NaN, 30]);
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 0, t1: 3000, columns: 1 }), 0)).toEqual([20]);
  });

  it('zoomed in: a sample covers the interval since the row before it, not stepMs (which is for the first row only)', () => {
    const v = Float64Array.from([10, 20, 30, 40]);
    // Columns of 0.5 s over (1, 3]; samples 1 s apart: each covers its second, whatever stepMs says.
    const g = heatmapGrid(secs(4), [v], { t0: 1000, t1: 3000, columns: 4, stepMs: 500 });
    expect(rowOf(g, 0)).toEqual([30, 30, 40, 40]);
    // A step of exactly maxStepMs is not a gap; the step is the time between the two rows.
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 1000, t1: 3000, columns: 4, maxStepMs: 1000 }), 0)).toEqual([30, 30, 40, 40]);
    expect(rowOf(heatmapGrid(secs(4), [v], { t0: 1000, t1: 3000, columns: 4, maxStepMs: 2500 }), 0)).toEqual([30, 30, 40, 40]);
  });

  it('before the first row kept, that row covers stepMs before its time, its start included', () => {
    const time = Float64Array.from([2000, 3000]);
    const v = Float64Array.from([7, 8]);
    // Columns (0, 1] (centre 0.5 s) and (1, 2]: the row at 2 s covers (0.5, 2] with stepMs 1.5 s.
    expect(rowOf(heatmapGrid(time, [v], { t0: 0, t1: 2000, columns: 2, stepMs: 1500 }), 0)).toEqual([7, 7]);
    const short = rowOf(heatmapGrid(time, [v], { t0: 0, t1: 2000, columns: 2, stepMs: 1000 }), 0);
    expect(short[0]).toBeNaN();
    expect(short[1]).toBe(7);
    // Row 0 as the covering row: (-1, -0.5] before a first sample at 0 with a 1 s interval.
    const first = rowOf(heatmapGrid(secs(2), [Float64Array.from([5, 6])], { t0: -1000, t1: 0, columns: 2, stepMs: 1000 }), 0);
    expect(first).toEqual([5, 5]);
  });
});
