/** Hand-made findings for tests of what the page and the views do with them (the shape of shared/findings/finding.ts). */
import type { Finding, FindingRuleId, FindingSeverity, RunFindings } from '../../shared/findings/finding.js';

export function finding(rule: FindingRuleId, severity: FindingSeverity, windows: [number, number][], extra: Partial<Finding> = {}): Finding {
  return {
    rule,
    severity,
    resource: 'cpu',
    windows: windows.map(([from, to]) => ({ from, to })),
    peak: { value: 7.9, unit: 'procs', at: windows[0]?.[0] ?? 0, series: 'procs/run' },
    evidence: {},
    charts: ['procs'],
    text: { en: `${rule} in English`, ja: `${rule} 日本語` },
    ...extra,
  };
}

export function runFindings(findings: Finding[], extra: Partial<RunFindings> = {}): RunFindings {
  return {
    findings,
    checked: [...new Set(findings.map((f) => f.rule))],
    skipped: [],
    ...extra,
  };
}
