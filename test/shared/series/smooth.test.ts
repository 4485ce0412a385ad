/**
 * The `smooth=N` line (shared/series/smooth.ts): a centred moving average of N samples, checked against the
 * definition computed the slow way, with gaps and dstat's since-boot row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centredMovingAverage } from '../../../shared/series/smooth.js';

/** The definition, O(rows × N). */
function slow(values: readonly number[], n: number, firstRow: number): number[] {
  const before = Math.floor((n - 1) / 2);
  const after = n - 1 - before;
  return values.map((v, i) => {
    if (i < firstRow || Number.isNaN(v)) return NaN;
    const window = values.slice(Math.max(firstRow, i - before), Math.min(values.length, i + after + 1)).filter((x) => !Number.isNaN(x));
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
}

describe('centredMovingAverage', () => {
  it('averages the N samples centred on each (more after than before for an even N), fewer at the ends', () => {
    const v = Float64Array.from([0, 3, 6, 9, 12]);
    expect([...centredMovingAverage(v, 3)]).toEqual([1.5, 3, 6, 9, 10.5]);
    expect([...centredMovingAverage(v, 2)]).toEqual([1.5, 4.5, 7.5, 10.5, 12]);
    expect([...centredMovingAverage(v, 5)]).toEqual([3, 4.5, 6, 7.5, 9]);
  });

  it('gives the samples back for N of 1 or less', () => {
    const v = Float64Array.from([1, 5, 2]);
    expect(centredMovingAverage(v, 1)).toBe(v);
    expect(centredMovingAverage(v, 0)).toBe(v);
  });

  it('keeps gaps as gaps, leaves them out of the averages, and leaves out the since-boot row', () => {
    const v = Float64Array.from([100, 2, NaN, 4, 6]);
    const out = [...centredMovingAverage(v, 3, 1)];
    expect(out[0]).toBeNaN();
    expect(out[2]).toBeNaN();
    expect(out.slice(3)).toEqual([5, 5]);
    expect(out[1]).toBe(2);
  });

  it('equals the definition for any series, width and first row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constant(NaN)), { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        (values, n, firstRow) => {
          const got = [...centredMovingAverage(Float64Array.from(values), n, firstRow)];
          const want = n > 1 ? slow(values, n, firstRow) : values;
          got.forEach((g, i) => {
            if (Number.isNaN(want[i]!)) expect(g).toBeNaN();
            else expect(g).toBeCloseTo(want[i]!, 9);
          });
        },
      ),
    );
  });
});
