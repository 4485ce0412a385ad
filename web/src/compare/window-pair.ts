/**
 * "Compare this window with…" on a report page: the zoomed window of a run and a second window of the same
 * run to compare it with (two windows of one run, `ID@FROM-TO`, seconds from the run's first sample). The
 * second window is one of a few that a user expects — the same length just before, the same length just
 * after, or the rest of the run after it — each clamped to the run, and editable before the page opens.
 */

export type OtherWindow = 'before' | 'after' | 'rest';
export const OTHER_WINDOWS: readonly OtherWindow[] = ['before', 'after', 'rest'];

export interface Seconds {
  from: number;
  to: number;
}

/** A zoom window to whole seconds (outward: the window compared holds every second zoomed), within the run. */
export function wholeSeconds(w: Seconds, durationS: number): Seconds {
  return { from: Math.max(0, Math.floor(w.from)), to: Math.min(Math.ceil(durationS), Math.ceil(w.to)) };
}

/** The second window of a kind, within [0, durationS]; null when the run has no room for it. */
export function otherWindow(kind: OtherWindow, w: Seconds, durationS: number): Seconds | null {
  const len = w.to - w.from;
  const end = Math.ceil(durationS);
  const out =
    kind === 'before' ? { from: Math.max(0, w.from - len), to: w.from } : kind === 'after' ? { from: w.to, to: Math.min(end, w.to + len) } : { from: w.to, to: end };
  return out.to > out.from ? out : null;
}

/** The kind offered first: the same length before the window when the run has it all, else after it. */
export function defaultOtherWindow(w: Seconds, durationS: number): OtherWindow {
  if (w.from >= w.to - w.from) return 'before';
  return otherWindow('after', w, durationS) ? 'after' : 'before';
}
