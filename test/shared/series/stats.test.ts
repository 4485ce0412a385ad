/**
 * seriesStats: min, avg, nearest-rank p95 and max of the raw samples in a window of rows, gaps left out.
 */
import { describe, expect, it } from 'vitest';
import { seriesStats } from '../../../shared/series/stats.js';

const ramp = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1); // 1, 2, … n

describe('seriesStats', () => {
  it('gives count, min, avg, p95 and max of every sample, whatever their order', () => {
    expect(seriesStats([3, 1, 4, 1, 5, 9, 2, 6])).toEqual({ count: 8, min: 1, avg: 31 / 8, p95: 9, max: 9 });
    expect(seriesStats([-2.5])).toEqual({ count: 1, min: -2.5, avg: -2.5, p95: -2.5, max: -2.5 });
    expect(seriesStats([-10, -1, 0, 100])).toEqual({ count: 4, min: -10, avg: 89 / 4, p95: 100, max: 100 });
  });

  it('p95 is the nearest rank: the smallest sample at least 95 % of the samples are not above', () => {
    expect(seriesStats(ramp(100))!.p95).toBe(95);
    expect(seriesStats(ramp(20))!.p95).toBe(19); // rank ceil(0.95 × 20) = 19
    expect(seriesStats(ramp(21))!.p95).toBe(20); // rank ceil(19.95) = 20
    expect(seriesStats(ramp(19))!.p95).toBe(19); // rank ceil(18.05) = 19
    expect(seriesStats([5, 1])!.p95).toBe(5);
  });

  it('leaves out gaps (NaN): they count for nothing', () => {
    expect(seriesStats([NaN, 2, NaN, 4, NaN])).toEqual({ count: 2, min: 2, avg: 3, p95: 4, max: 4 });
    expect(seriesStats(Float64Array.from([NaN, NaN]))).toBeNull();
  });

  it('reads rows [from, to) only, clamped to the series', () => {
    const v = [100, 1, 2, 3, -100];
    expect(seriesStats(v, 1, 4)).toEqual({ count: 3, min: 1, avg: 2, p95: 3, max: 3 });
    expect(seriesStats(v, 1)).toMatchObject({ count: 4, min: -100, max: 3 });
    expect(seriesStats(v, -5, 2)).toMatchObject({ count: 2, min: 1, max: 100 });
    expect(seriesStats(v, 3, 99)).toMatchObject({ count: 2, min: -100, max: 3 });
    expect(seriesStats(v, 4, 5)).toMatchObject({ count: 1, min: -100 });
  });

  it('is null for an empty window', () => {
    expect(seriesStats([])).toBeNull();
    expect(seriesStats([1, 2, 3], 2, 2)).toBeNull();
    expect(seriesStats([1, 2, 3], 3, 1)).toBeNull();
    expect(seriesStats([1, 2, 3], 5)).toBeNull();
  });

  it('sorts numerically, not as text (10 above 9)', () => {
    expect(seriesStats([9, 10, 100, 2])).toMatchObject({ min: 2, max: 100 });
  });
});
