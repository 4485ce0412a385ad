/**
 * A run's findings: every rule of the table (rules.ts) checked over the run's raw columns, in pure
 * functions; found most severe first, then longest first; the rules that could not run, with why.
 */
import type { Finding, FindingRuleId, FindingSeverity, RunFindings, SkippedCheck } from './finding.js';
import { runContext } from './context.js';
import { isSkip, type Draft, type RuleSpec } from './rule-spec.js';
import { RULES } from './rules.js';
import type { FindingsOptions, FindingsRun } from './run-input.js';
import { fillText, spanText } from './text.js';
import { rangeWindow, round1 } from './windows.js';

const SEVERITY_ORDER: Record<FindingSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** Findings of one run; `only` limits the rules checked (e.g. `net-near-link` on request). */
export function evaluateFindings(run: FindingsRun, options: FindingsOptions = {}, only?: readonly FindingRuleId[]): RunFindings {
  const ctx = runContext(run);
  const findings: Finding[] = [];
  const checked: FindingRuleId[] = [];
  const skipped: SkippedCheck[] = [];
  try {
    for (const spec of RULES) {
      if (only && !only.includes(spec.id)) continue;
      const result = spec.check(ctx, spec, options);
      if (isSkip(result)) {
        skipped.push({ rule: spec.id, why: result.skip });
        continue;
      }
      checked.push(spec.id);
      for (const d of result) findings.push(toFinding(spec, d, ctx.t, ctx.intervalS));
    }
  } finally {
    ctx.release();
  }
  return { findings: sortFindings(findings), checked, skipped };
}

function toFinding(spec: RuleSpec, d: Draft, t: Float64Array, intervalS: number): Finding {
  const windows = d.windows ?? d.ranges.map((r) => rangeWindow(r, t, intervalS));
  const charts = [...new Set([...(d.charts ?? []), ...spec.charts])];
  return {
    rule: spec.id,
    severity: d.severity ?? spec.severity,
    resource: spec.resource,
    windows,
    peak: { value: finite(d.peak.value), unit: d.peak.unit, at: round1(t[d.peak.row] ?? 0), series: d.peak.series },
    evidence: d.evidence,
    charts,
    text: fillText((d.textKey ? spec.otherTexts?.[d.textKey] : undefined) ?? spec.text, { ...d.vars, span: spanText(windows) }),
  };
}

/** Most severe first, then the longest (summed windows) first; stable otherwise (the table's order). */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const length = (f: Finding) => f.windows.reduce((s, w) => s + w.to - w.from, 0);
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || length(b) - length(a));
}

function finite(x: number): number {
  return Number.isFinite(x) ? x : 0;
}
