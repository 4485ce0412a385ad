/**
 * Zoom and pan arithmetic (shared/view/zoom.ts) at its edges: extents that are not windows, factors that are
 * not factors, pointers off the data, windows of no width. The main examples are in
 * test/web/unit/zoom-layout.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { clampWindow, sameWindow, zoomAt } from '../../../shared/view/zoom.js';

const extent = { t0: 1000, t1: 101_000 };

describe('clampWindow', () => {
  it('returns an extent of no width, or not a number, as it is, whatever the minimum span', () => {
    expect(clampWindow({ t0: 2000, t1: 3000 }, { t0: 1000, t1: NaN }, 2000)).toEqual({ t0: 1000, t1: NaN });
    expect(clampWindow({ t0: 2000, t1: 3000 }, { t0: 5000, t1: 5000 }, NaN)).toEqual({ t0: 5000, t1: 5000 });
  });

  it('gives the extent itself for a window at least as wide, not a sum of its parts that rounds differently', () => {
    // 0.2 + (0.9 − 0.2) is 0.8999999999999999 in floating point.
    expect(clampWindow({ t0: 0, t1: 1 }, { t0: 0.2, t1: 0.9 }, 0)).toEqual({ t0: 0.2, t1: 0.9 });
  });
});

describe('zoomAt', () => {
  const w = { t0: 20_000, t1: 60_000 };

  it('leaves the window as it is for a factor that is not a positive number', () => {
    for (const factor of [NaN, Infinity, -Infinity, 0, -2]) expect(zoomAt(w, 30_000, factor, extent, 2000)).toEqual(w);
  });

  it('zooms around the middle of the window when the pointer time is not a number', () => {
    expect(zoomAt(w, NaN, 0.5, extent, 2000)).toEqual({ t0: 30_000, t1: 50_000 });
  });

  it('zooms in to the smallest span with the pointer where it was, wherever the extent lies on the time line', () => {
    // An extent around time 0: its ends add up to 0, less than the smallest span.
    expect(zoomAt({ t0: 0, t1: 4000 }, 0, 0.1, { t0: -50_000, t1: 50_000 }, 2000)).toEqual({ t0: 0, t1: 2000 });
  });

  it('widens a window of no width to the smallest span, centred on it', () => {
    expect(zoomAt({ t0: 30_000, t1: 30_000 }, 30_000, 0.5, extent, 2000)).toEqual({ t0: 29_000, t1: 31_000 });
  });
});

describe('sameWindow', () => {
  it('is true for two nulls, false for null and a window', () => {
    expect(sameWindow(null, null)).toBe(true);
    expect(sameWindow(null, extent)).toBe(false);
    expect(sameWindow(extent, null)).toBe(false);
  });

  it('allows each end to differ by epsilon (0.5 ms by default), ends included', () => {
    expect(sameWindow({ t0: 0, t1: 100 }, { t0: 0.5, t1: 99.5 })).toBe(true);
    expect(sameWindow({ t0: 0, t1: 100 }, { t0: 10, t1: 100 })).toBe(false);
    expect(sameWindow({ t0: 0, t1: 100 }, { t0: 0, t1: 110 })).toBe(false);
    expect(sameWindow({ t0: 0, t1: 100 }, { t0: 2, t1: 102 }, 2)).toBe(true);
  });
});
