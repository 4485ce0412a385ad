/**
 * What the view's `finding` does to a view of a run (docs/view-options.md): without a zoom window of its own
 * the view shows the finding's window (findingZoom: its windows with a margin), and the charts the finding
 * names shade its windows. The page and the server's images read the view through here, so both show the
 * same. A finding's seconds count from the run's first sample after the since-boot row (the first drawn
 * one, `window.t0`); the view's from/to from its row 0 (`start`): findingOrigin converts.
 */
import type { Finding, RunFindings } from '../findings/finding.js';
import { findingZoom, selectedFinding } from '../findings/finding-ref.js';
import type { RunTimes } from './extent.js';
import type { ViewState } from './view-options.js';

/** A run as this reads it: its times and, once parsed with findings, its findings. */
export type FindingRun = RunTimes & { findings?: RunFindings | null };

/** The time (ms) of a finding's second 0: the run's first drawn sample. */
export function findingOrigin(run: RunTimes): number {
  return run.window ? run.window.t0 : run.start;
}

/** The finding the view selects in the run; null when none (unset, or not one of the run's). */
export function viewFinding(run: FindingRun, view: Pick<ViewState, 'finding'>): Finding | null {
  return selectedFinding(run.findings, view.finding);
}

/**
 * A finding's zoom window (findingZoom: its windows with a margin) as the view's from/to, seconds from the
 * run's row 0; null when it has no window.
 */
export function findingViewZoom(run: RunTimes, f: Finding): { from: number; to: number } | null {
  if (!run.window) return null;
  const origin = findingOrigin(run);
  const zoom = findingZoom(f, (run.window.t1 - origin) / 1000);
  if (!zoom) return null;
  const shift = (origin - run.start) / 1000;
  const r = (s: number): number => Math.round(s * 1000) / 1000;
  return { from: r(zoom.from + shift), to: r(zoom.to + shift) };
}

/** The view with the selected finding's zoom window when the view has none of its own. */
export function withFindingZoom<V extends Pick<ViewState, 'finding' | 'from' | 'to'>>(run: FindingRun, view: V): V {
  if (view.from !== null || view.to !== null) return view;
  const f = viewFinding(run, view);
  const zoom = f && findingViewZoom(run, f);
  return zoom ? { ...view, from: zoom.from, to: zoom.to } : view;
}

/** What the line charts shade for a view: the selected finding and the time of its second 0. */
export function findingShade(run: FindingRun, view: Pick<ViewState, 'finding'>): { finding: Finding; origin: number } | null {
  const f = viewFinding(run, view);
  return f ? { finding: f, origin: findingOrigin(run) } : null;
}
