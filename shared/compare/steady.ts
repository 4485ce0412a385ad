/**
 * `window=steady` of a comparison: each run cut to its own steady-state window — the window of its
 * `steady-state` finding (shared/findings/, the rule modelled on fio's steady-state detection) — so that
 * warm-up and cool-down do not weigh on the figures. The finding is the one stored with the run when there
 * is one; else the same rule is evaluated on the same raw samples (the server's compare path and the CLI
 * read the samples, not the stored findings). A run without a steady state keeps its whole range.
 */
import type { RunFindings } from '../findings/finding.js';
import { evaluateFindings } from '../findings/evaluate.js';
import type { FindingsRun } from '../findings/run-input.js';
import { firstCountedRow } from './align.js';
import type { CompareRunInput } from './types.js';

/** A run as this reads it: its raw samples, and its stored findings when it has them. */
export interface SteadyRun extends CompareRunInput {
  intervalMs: number;
  meta?: { cmdline?: string };
  findings?: RunFindings | null;
}

/**
 * The run's steady-state window in seconds from its row 0 (as `ID@FROM-TO` counts), or null when the run
 * has none. A finding's seconds count from the first counted sample (after the since-boot row): converted.
 */
export function steadyWindow(run: SteadyRun): { from: number; to: number } | null {
  const findings = run.findings ?? evaluateFindings(findingsRun(run), {}, ['steady-state']);
  const f = findings.findings.find((x) => x.rule === 'steady-state');
  const w = f?.windows[0];
  if (!w || run.time.length === 0) return null;
  const origin = (run.time[firstCountedRow(run)]! - run.time[0]!) / 1000;
  const r = (s: number): number => Math.round(s * 1000) / 1000;
  return w.to > w.from ? { from: r(w.from + origin), to: r(w.to + origin) } : null;
}

function findingsRun(run: SteadyRun): FindingsRun {
  return {
    time: run.time instanceof Float64Array ? run.time : Float64Array.from(run.time),
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    intervalMs: run.intervalMs,
    meta: { cmdline: run.meta?.cmdline ?? '' },
    series: run.series.map((s) => ({
      kind: s.kind,
      id: s.id,
      group: s.group,
      column: s.column,
      unit: s.unit,
      values: s.kind === 'number' ? (s.values instanceof Float64Array ? s.values : Float64Array.from(s.values as ArrayLike<number>)) : (s.values as readonly string[]),
    })),
  };
}

/**
 * The window a run of a comparison is compared by, seconds from its row 0: its own (`ID@FROM-TO`), else with
 * window=steady its steady state, else none (null). The page and the server's first-screen images both place
 * the run by it (its start the run's zero).
 */
export function ownWindow(ref: { window?: { from: number; to: number } }, run: SteadyRun, window: string): { from: number; to: number } | null {
  return ref.window ?? (window === 'steady' ? steadyWindow(run) : null);
}
