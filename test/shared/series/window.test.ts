import { describe, expect, it } from 'vitest';
import { fullWindow, lowerBound, rowsInWindow, upperBound } from '../../../shared/series/window.js';

describe('window', () => {
  // Repeated timestamp at 3000 (dstat writes one after a late tick).
  const time = Float64Array.from([0, 1000, 2000, 3000, 3000, 4000, 11_000, 12_000]);

  it('finds bounds by binary search, equal times included', () => {
    expect(lowerBound(time, 3000)).toBe(3);
    expect(upperBound(time, 3000)).toBe(5);
    expect(lowerBound(time, -5)).toBe(0);
    expect(upperBound(time, 99_999)).toBe(time.length);
    expect(lowerBound(time, 2500, 4)).toBe(4);
  });

  it('gives the rows of a closed window', () => {
    expect(rowsInWindow(time, { t0: 1000, t1: 3000 })).toEqual({ from: 1, to: 5 });
    expect(rowsInWindow(time, { t0: 5000, t1: 10_000 })).toEqual({ from: 6, to: 6 });
    expect(rowsInWindow(time, { t0: 0, t1: 12_000 }, 1)).toEqual({ from: 1, to: 8 });
  });

  it('makes the whole-run window without the since-boot row', () => {
    expect(fullWindow(time, 1)).toEqual({ t0: 1000, t1: 12_000 });
    expect(fullWindow(time)).toEqual({ t0: 0, t1: 12_000 });
    expect(fullWindow(Float64Array.from([5]), 1)).toBeNull();
  });
});

describe('window bounds within a row range', () => {
  const time = Float64Array.from([0, 1000, 2000, 3000]);
  it('never go past `to`', () => {
    expect(lowerBound(time, 99_999, 0, 2)).toBe(2);
    expect(upperBound(time, 99_999, 0, 2)).toBe(2);
    expect(lowerBound(time, 1000, 0, 99)).toBe(1);
  });
});
