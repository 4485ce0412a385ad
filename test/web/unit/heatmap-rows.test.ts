/**
 * A heatmap with more rows than pixel rows (1 063 busy disks in ~600 px): each pixel row is the highest of
 * its rows, so that a busy disk never drops out of the picture; gaps (NaN) stay gaps only where every row of
 * the bin has none. The disk heatmap's top colour is the busiest sample of any disk after the first row.
 */
import { describe, expect, it } from 'vitest';
import { binRows, peakOf } from '../../../web/src/charts/heatmap-rows.js';

describe('heatmap rows', () => {
  it('bins rows by their highest value, column by column', () => {
    // 4 rows × 2 columns into 2 rows.
    const grid = Float32Array.from([1, NaN, 9, NaN, 2, 3, 0, NaN]);
    const { values, rows } = binRows(grid, 4, 2, 2);
    expect(rows).toBe(2);
    expect([...values.slice(0, 2)]).toEqual([9, NaN]);
    expect([...values.slice(2, 4)]).toEqual([2, 3]);
  });

  it('keeps a grid that fits as it is', () => {
    const grid = Float32Array.from([1, 2, 3]);
    expect(binRows(grid, 3, 1, 3).values).toBe(grid);
    expect(binRows(grid, 3, 1, 10).rows).toBe(3);
  });

  it('never loses a lone busy row among a thousand idle ones', () => {
    const n = 1063;
    const grid = new Float32Array(n).fill(0);
    grid[777] = 5;
    const { values } = binRows(grid, n, 1, 600);
    expect(Math.max(...values)).toBe(5);
  });

  it('takes the peak of every row from the first row used', () => {
    const rows = [
      { key: 'a', name: 'a', busy: Float64Array.from([100, 1, 2]) },
      { key: 'b', name: 'b', busy: Float64Array.from([0, 7, NaN]) },
    ];
    expect(peakOf(rows, 1)).toBe(7);
    expect(peakOf(rows, 0)).toBe(100);
    expect(peakOf([], 0)).toBe(0);
  });
});
