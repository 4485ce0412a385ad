/**
 * Findings across compared runs: for each run against the baseline, what is new (found in the run, not in
 * the baseline), gone (in the baseline, not in the run) and changed (in both, with another severity, or a
 * peak or a length that moved by more than CHANGE_SHARE). Pure.
 *
 * Two findings are the same when they have the same rule and name the same charts (a hot CPU is the same
 * finding on cpu1 in both runs, another one on cpu3).
 */
import type { Finding, RunFindings } from './finding.js';

/** A peak or a length (summed windows) that moved by more than this share of the baseline's has changed. */
export const CHANGE_SHARE = 0.25;

export type FindingChange = 'new' | 'gone' | 'changed' | 'same';

export interface FindingDiff {
  change: FindingChange;
  /** The baseline's finding (absent when new). */
  before: Finding | null;
  /** The run's finding (absent when gone). */
  after: Finding | null;
}

/** What makes two findings of two runs the same finding. */
export function findingIdentity(f: Pick<Finding, 'rule' | 'charts'>): string {
  return `${f.rule}|${[...f.charts].sort().join(',')}`;
}

const length = (f: Finding): number => f.windows.reduce((s, w) => s + Math.max(0, w.to - w.from), 0);

function moved(a: number, b: number): boolean {
  if (a === b) return false;
  const base = Math.max(Math.abs(a), Math.abs(b));
  return base > 0 && Math.abs(a - b) / base > CHANGE_SHARE;
}

/** Whether the same finding changed between two runs: severity, or its peak or length by more than CHANGE_SHARE. */
export function findingChanged(before: Finding, after: Finding): boolean {
  return before.severity !== after.severity || moved(before.peak.value, after.peak.value) || moved(length(before), length(after));
}

/**
 * The findings of `run` against `baseline`, in the run's order then the gone ones in the baseline's. Findings
 * of one identity are paired in order (the first with the first).
 */
export function diffFindings(baseline: RunFindings, run: RunFindings): FindingDiff[] {
  const left = new Map<string, Finding[]>();
  for (const f of baseline.findings) {
    const k = findingIdentity(f);
    left.set(k, [...(left.get(k) ?? []), f]);
  }
  const out: FindingDiff[] = [];
  for (const f of run.findings) {
    const same = left.get(findingIdentity(f));
    const before = same?.shift();
    if (!before) out.push({ change: 'new', before: null, after: f });
    else out.push({ change: findingChanged(before, f) ? 'changed' : 'same', before, after: f });
  }
  for (const f of baseline.findings) {
    const rest = left.get(findingIdentity(f));
    if (rest && rest[0] === f) {
      rest.shift();
      out.push({ change: 'gone', before: f, after: null });
    }
  }
  return out;
}
