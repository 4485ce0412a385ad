/**
 * The part of a run a view shows, pure: what offset/duration keep (the extent) and the zoom window of the
 * URL's from/to inside it (docs/ui-contract.md §5). The page and the server's images use the same.
 */
import type { TimeWindow } from '../series/window.js';
import { clampWindow, minSpanMs, sameWindow } from './zoom.js';

export interface RunTimes {
  /** Time of row 0: the origin of from/to/offset and of the elapsed axis. */
  start: number;
  /** The drawn rows (since-boot row left out); null when none. */
  window: TimeWindow | null;
  intervalMs: number;
}

/**
 * What offset and duration (seconds, as dstat2graphs) keep of the run: from start + offset for duration
 * seconds (0 = to the end), within the drawn rows. Null when nothing is left (offset past the end).
 */
export function cutExtent(run: RunTimes, offsetS: number, durationS: number): TimeWindow | null {
  const base = run.window;
  if (!base) return null;
  const from = run.start + Math.max(0, offsetS) * 1000;
  const t0 = Math.max(base.t0, from);
  const t1 = durationS > 0 ? Math.min(base.t1, from + durationS * 1000) : base.t1;
  if (t0 > base.t1 || t1 < t0) return null;
  return { t0, t1 };
}

/** The window of `from`/`to` (seconds from the run's start) inside the extent; the extent when absent. */
export function windowFromView(run: RunTimes, extent: TimeWindow, from: number | null, to: number | null): TimeWindow {
  if (from === null || to === null || !(to > from)) return { ...extent };
  return clampWindow({ t0: run.start + from * 1000, t1: run.start + to * 1000 }, extent, minSpanMs(run.intervalMs));
}

/** from/to for a window: null/null when it is the whole extent. */
export function viewFromWindow(run: RunTimes, extent: TimeWindow, w: TimeWindow): { from: number | null; to: number | null } {
  if (sameWindow(w, extent, 0.5)) return { from: null, to: null };
  return { from: (w.t0 - run.start) / 1000, to: (w.t1 - run.start) / 1000 };
}


/** The window a view shows of a run (offset/duration, then the zoom); null when nothing is left. */
export function viewWindow(run: RunTimes, view: { offset: number; duration: number; from: number | null; to: number | null }): TimeWindow | null {
  const extent = cutExtent(run, view.offset, view.duration);
  return extent && windowFromView(run, extent, view.from, view.to);
}
