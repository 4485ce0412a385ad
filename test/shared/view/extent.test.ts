/**
 * The part of a run a view shows (shared/view/extent.ts): offset/duration's extent and the URL's from/to
 * inside it, at their edges. The main examples are in test/web/unit/zoom-layout.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { cutExtent, viewFromWindow, windowFromView } from '../../../shared/view/extent.js';

// Row 0 at t=0 is the since-boot row; drawn rows from 1 s to 100 s.
const run = { start: 0, window: { t0: 1000, t1: 100_000 }, intervalMs: 1000 };

describe('cutExtent', () => {
  it('keeps the last row when the offset falls on it', () => {
    expect(cutExtent(run, 100, 0)).toEqual({ t0: 100_000, t1: 100_000 });
  });

  it('is null when the duration ends before the first drawn row', () => {
    expect(cutExtent(run, 0, 0.5)).toBeNull();
    expect(cutExtent(run, 0, 1)).toEqual({ t0: 1000, t1: 1000 });
  });
});

describe('windowFromView', () => {
  const extent = { t0: 1000, t1: 100_000 };

  it('is the whole extent unless `to` is after `from`', () => {
    expect(windowFromView(run, extent, 30, 30)).toEqual(extent);
    expect(windowFromView(run, extent, 50, 20)).toEqual(extent);
  });
});

describe('viewFromWindow', () => {
  it('gives seconds from the run start, not from time 0', () => {
    const later = { start: 1_700_000_000_000, window: { t0: 1_700_000_001_000, t1: 1_700_000_100_000 }, intervalMs: 1000 };
    expect(viewFromWindow(later, later.window, { t0: 1_700_000_020_000, t1: 1_700_000_050_000 })).toEqual({ from: 20, to: 50 });
  });
});
