import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movingAverage, trendWindowMs } from '../../../shared/series/trend.js';

const secs = (...t: number[]): Float64Array => Float64Array.from(t, (s) => s * 1000);

describe('trendWindowMs (dstat2graphs: interval × 60 × (⌊(rows − 1) / 3600⌋ + 1))', () => {
  it('is 60 samples up to an hour of 1 s samples, then grows by 60 samples per hour', () => {
    expect(trendWindowMs(1000, 98)).toBe(60_000);
    expect(trendWindowMs(1000, 3600)).toBe(60_000);
    expect(trendWindowMs(1000, 3601)).toBe(120_000);
    expect(trendWindowMs(1000, 11_309)).toBe(240_000);
    expect(trendWindowMs(1000, 86_400)).toBe(1_440_000);
    expect(trendWindowMs(1000, 100_000)).toBe(1_680_000);
  });

  it('scales with the interval; an unknown interval counts as 1 s', () => {
    expect(trendWindowMs(5000, 100)).toBe(300_000);
    expect(trendWindowMs(0, 100)).toBe(60_000);
    expect(trendWindowMs(NaN, 0)).toBe(60_000);
  });
});

describe('movingAverage', () => {
  it('averages the samples of the trailing window, including the current one', () => {
    const t = secs(0, 1, 2, 3, 4, 5);
    const v = Float64Array.from([10, 20, 30, 40, 50, 60]);
    expect(Array.from(movingAverage(t, v, 3000))).toEqual([10, 15, 20, 30, 40, 50]);
  });

  it('keeps gaps as gaps and leaves empty samples out of the averages', () => {
    const t = secs(0, 1, 2, 3, 4);
    const v = Float64Array.from([10, NaN, 30, 40, NaN]);
    const out = Array.from(movingAverage(t, v, 10_000));
    expect(out[0]).toBe(10);
    expect(out[1]).toBeNaN();
    expect(out[2]).toBe(20);
    expect(out[3]).toBeCloseTo(80 / 3, 12);
    expect(out[4]).toBeNaN();
  });

  it('uses time, not rows: samples missed for a while fall out of the window', () => {
    const t = secs(0, 1, 2, 10, 11);
    const v = Float64Array.from([100, 100, 100, 0, 0]);
    expect(Array.from(movingAverage(t, v, 3000))).toEqual([100, 100, 100, 0, 0]);
  });

  it('leaves out the rows before firstRow (dstat’s since-boot row)', () => {
    const t = secs(0, 1, 2);
    const v = Float64Array.from([1000, 2, 4]);
    const out = movingAverage(t, v, 60_000, 1);
    expect(out[0]).toBeNaN();
    expect(Array.from(out.subarray(1))).toEqual([2, 3]);
  });

  it('matches a direct computation on random data with gaps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        (cells, w) => {
          const n = cells.length;
          const time = Float64Array.from({ length: n }, (_, i) => i * 1000 + (i % 3 === 0 ? 0 : 250));
          const values = Float64Array.from(cells, (c) => (c === null ? NaN : c));
          const out = movingAverage(time, values, w * 1000);
          for (let i = 0; i < n; i++) {
            if (Number.isNaN(values[i]!)) {
              expect(out[i]).toBeNaN();
              continue;
            }
            let sum = 0;
            let count = 0;
            for (let j = 0; j <= i; j++) {
              if (time[j]! > time[i]! - w * 1000 && !Number.isNaN(values[j]!)) {
                sum += values[j]!;
                count++;
              }
            }
            expect(out[i]).toBeCloseTo(sum / count, 6);
          }
        },
      ),
    );
  });
});

describe('movingAverage at its edges', () => {
  it('is as long as the shorter of time and values, and NaN from endRow on', () => {
    const t = secs(0, 1, 2, 3);
    expect(movingAverage(t, Float64Array.from([2, 4]), 60_000)).toHaveLength(2);
    const out = Array.from(movingAverage(t, Float64Array.from([2, 4, 6, 8]), 60_000, 0, 2));
    expect(out.slice(0, 2)).toEqual([2, 3]);
    expect(out.slice(2).every(Number.isNaN)).toBe(true);
  });

  it('a window of 0 ms is the sample itself', () => {
    expect(Array.from(movingAverage(secs(0, 1, 2), Float64Array.from([5, 7, 9]), 0))).toEqual([5, 7, 9]);
  });

  it('starts each piece after a long gap from zero: no rounding residue of the previous piece', () => {
    // 0.1 + 0.2 − 0.1 − 0.2 is 5.6e-17 in floating point, not 0.
    const out = movingAverage(secs(0, 1, 100), Float64Array.from([0.1, 0.2, 0]), 3000);
    expect(out[2]).toBe(0);
  });
});
