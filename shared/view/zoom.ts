/**
 * Zoom and pan arithmetic on time windows (ms), pure. Every result lies inside `extent` (the run, or the
 * part of it the offset/duration options keep) and is at least `minSpan` wide, or is the extent itself.
 */
import type { TimeWindow } from '../series/window.js';

/** The window moved and shrunk as needed to lie within `extent`, at least `minSpan` wide. */
export function clampWindow(w: TimeWindow, extent: TimeWindow, minSpan: number): TimeWindow {
  const full = extent.t1 - extent.t0;
  if (!(full > 0)) return { ...extent };
  let t0 = Number.isFinite(w.t0) ? w.t0 : extent.t0;
  let t1 = Number.isFinite(w.t1) ? w.t1 : extent.t1;
  if (t1 < t0) [t0, t1] = [t1, t0];
  const span = Math.min(full, Math.max(t1 - t0, Math.min(minSpan, full)));
  if (span >= full) return { ...extent };
  const mid = (t0 + t1) / 2;
  t0 = mid - span / 2;
  t1 = mid + span / 2;
  if (t0 < extent.t0) {
    t0 = extent.t0;
    t1 = t0 + span;
  } else if (t1 > extent.t1) {
    t1 = extent.t1;
    t0 = t1 - span;
  }
  return { t0, t1 };
}

/**
 * Zoom by `factor` (< 1 zooms in, > 1 out) keeping the time `at` where it is on screen (the pointer), then
 * clamp to the extent.
 */
export function zoomAt(w: TimeWindow, at: number, factor: number, extent: TimeWindow, minSpan: number): TimeWindow {
  const f = Number.isFinite(factor) && factor > 0 ? factor : 1;
  const anchor = Math.min(w.t1, Math.max(w.t0, Number.isFinite(at) ? at : (w.t0 + w.t1) / 2));
  const span = w.t1 - w.t0;
  const newSpan = Math.max(span * f, Math.min(minSpan, extent.t1 - extent.t0));
  const frac = span > 0 ? (anchor - w.t0) / span : 0.5;
  const t0 = anchor - frac * newSpan;
  return clampWindow({ t0, t1: t0 + newSpan }, extent, minSpan);
}

/** Move the window by `fraction` of its width (positive: later), clamped to the extent. */
export function panBy(w: TimeWindow, fraction: number, extent: TimeWindow): TimeWindow {
  const span = w.t1 - w.t0;
  let t0 = w.t0 + span * (Number.isFinite(fraction) ? fraction : 0);
  t0 = Math.max(extent.t0, Math.min(extent.t1 - span, t0));
  return { t0, t1: t0 + span };
}

/** The window from two x positions of a drag (either order), as times. */
export function windowFromDrag(
  x0: number,
  x1: number,
  plot: { left: number; width: number },
  w: TimeWindow,
): TimeWindow {
  const toTime = (x: number): number => w.t0 + ((x - plot.left) / Math.max(1, plot.width)) * (w.t1 - w.t0);
  const a = toTime(Math.max(plot.left, Math.min(plot.left + plot.width, Math.min(x0, x1))));
  const b = toTime(Math.max(plot.left, Math.min(plot.left + plot.width, Math.max(x0, x1))));
  return { t0: a, t1: b };
}

export function sameWindow(a: TimeWindow | null, b: TimeWindow | null, epsilon = 0.5): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a.t0 - b.t0) <= epsilon && Math.abs(a.t1 - b.t1) <= epsilon;
}

/** Smallest zoom window: 4 sample intervals, at least 2 s. */
export function minSpanMs(intervalMs: number): number {
  return Math.max(2000, (intervalMs > 0 && Number.isFinite(intervalMs) ? intervalMs : 1000) * 4);
}
