/**
 * Which finding of a run a view selects (the view option `finding`, docs/view-options.md), and what selecting
 * it shows: the zoom window around its windows and the bands shaded on the charts it names. Pure.
 *
 * A reference is a rule id, `cpu-saturated`, or a rule id and a 1-based number, `cpu-single-hot:2`: the Nth
 * finding of that rule in the run's list (most severe first). A rule id alone is the first of its rule. The
 * page writes the rule id alone when the rule fired once, `rule:N` for each finding of a rule that fired more
 * than once.
 */
import type { Finding, FindingWindow, RunFindings } from './finding.js';

/** Most characters of a reference (rule ids are short slugs). */
export const MAX_FINDING_REF = 80;

export interface FindingRef {
  rule: string;
  /** 1-based, among the findings of `rule`. */
  n: number;
}

const REF = /^([a-z][a-z0-9-]*)(?::([1-9]\d{0,5}))?$/;

/** The reference of a text (`cpu-saturated`, `cpu-single-hot:2`); undefined when malformed. */
export function parseFindingRef(text: string): FindingRef | undefined {
  const t = text.trim();
  if (t.length > MAX_FINDING_REF) return undefined;
  const m = REF.exec(t);
  return m ? { rule: m[1]!, n: m[2] ? Number(m[2]) : 1 } : undefined;
}

/** A reference's text: the rule id alone for the first, `rule:N` otherwise. */
export function formatFindingRef(ref: FindingRef): string {
  return ref.n === 1 ? ref.rule : `${ref.rule}:${ref.n}`;
}

/** The reference a page writes for the finding at `index` of `findings`. */
export function refOfFinding(findings: readonly Finding[], index: number): string {
  const f = findings[index];
  if (!f) return '';
  const same = findings.filter((x) => x.rule === f.rule);
  if (same.length === 1) return f.rule;
  return `${f.rule}:${findings.slice(0, index + 1).filter((x) => x.rule === f.rule).length}`;
}

/** The index in `findings` of the finding a reference text selects; -1 when none. */
export function findingIndex(findings: readonly Finding[], text: string | null): number {
  if (text === null) return -1;
  const ref = parseFindingRef(text);
  if (!ref) return -1;
  let seen = 0;
  for (let i = 0; i < findings.length; i++) {
    if (findings[i]!.rule !== ref.rule) continue;
    if (++seen === ref.n) return i;
  }
  return -1;
}

/** The finding a reference text selects in a run's findings; null when none. */
export function selectedFinding(run: RunFindings | null | undefined, text: string | null): Finding | null {
  if (!run) return null;
  return run.findings[findingIndex(run.findings, text)] ?? null;
}

/** The span of a finding's windows (seconds), or null when it has none. */
export function findingSpan(f: Pick<Finding, 'windows'>): FindingWindow | null {
  if (f.windows.length === 0) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const w of f.windows) {
    from = Math.min(from, w.from);
    to = Math.max(to, w.to);
  }
  return Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
}

/**
 * Room shown around a finding's windows when it is selected, as a share of their span on each side (at
 * least MIN_MARGIN_S): the shaded band then stands against the time before and after it.
 */
export const ZOOM_MARGIN = 0.25;
export const MIN_MARGIN_S = 5;

/**
 * The zoom window that shows a finding, in its own seconds: its windows' span with a margin each side,
 * within [0, runEnd] (the run's last sample, same seconds). Null when it has no window.
 */
export function findingZoom(f: Pick<Finding, 'windows'>, runEnd: number): FindingWindow | null {
  const span = findingSpan(f);
  if (!span) return null;
  const margin = Math.max(MIN_MARGIN_S, (span.to - span.from) * ZOOM_MARGIN);
  const from = Math.max(0, span.from - margin);
  const to = Math.min(Math.max(runEnd, span.to), span.to + margin);
  return to > from ? { from: round(from), to: round(to) } : null;
}

const round = (s: number): number => Math.round(s * 1000) / 1000;

/**
 * The bands to shade on a chart (ms on the charts' time axis) for the selected finding: its windows when it
 * names the chart, none otherwise. `origin`: the time (ms) of the findings' second 0.
 */
export function shadedBands(f: Finding | null, chartKey: string, origin: number): { t0: number; t1: number }[] {
  if (!f || !f.charts.includes(chartKey)) return [];
  return f.windows.map((w) => ({ t0: origin + w.from * 1000, t1: origin + w.to * 1000 }));
}
