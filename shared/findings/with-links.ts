/**
 * A run's stored findings with `net-near-link` evaluated for the link speeds a user gives: its skipped entry
 * ("no link speed given") replaced by the check's outcome, its findings merged in order.
 */
import { evaluateFindings } from './evaluate.js';
import type { RunFindings } from './finding.js';
import type { FindingsRun } from './run-input.js';
import { sortFindings } from './evaluate.js';

export function withLinks(stored: RunFindings, run: FindingsRun, links: ReadonlyMap<string, number>): RunFindings {
  const linked = evaluateFindings(run, { links }, ['net-near-link']);
  return {
    findings: sortFindings([...stored.findings.filter((f) => f.rule !== 'net-near-link'), ...linked.findings]),
    checked: [...stored.checked.filter((c) => c !== 'net-near-link'), ...linked.checked],
    skipped: [...stored.skipped.filter((s) => s.rule !== 'net-near-link'), ...linked.skipped],
  };
}
