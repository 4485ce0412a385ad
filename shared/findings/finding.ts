/**
 * A finding: what limited a run (or what else an expert would point out), with the window where it
 * happened, its peak and the numbers behind it. Findings are evaluated from a run's raw samples when the
 * CSV is parsed and stored with each run (`RunJson.findings`); this file is the shape both sides read.
 * Times are seconds from the run's first sample, the since-boot row excluded.
 */

/** The rule ids are the API's contract; a rule's thresholds and sources are in docs/findings.md. */
export const FINDING_RULE_IDS = [
  'cpu-saturated',
  'cpu-busy',
  'cpu-single-hot',
  'cpu-iowait',
  'cpu-steal',
  'cpu-system-heavy',
  'cpu-softirq-one',
  'disk-saturated',
  'memory-pressure',
  'swapping',
  'csw-storm',
  'interrupt-storm',
  'load-high',
  'periodic-bursts',
  'sampling-gaps',
  'steady-state',
  'net-near-link',
] as const;
export type FindingRuleId = (typeof FINDING_RULE_IDS)[number];

export const FINDING_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_RESOURCES = ['cpu', 'memory', 'disk', 'network', 'system'] as const;
export type FindingResource = (typeof FINDING_RESOURCES)[number];

/** A time window, in seconds from the run's first sample (since-boot row excluded); `to` ≥ `from`. */
export interface FindingWindow {
  from: number;
  to: number;
}

export interface FindingPeak {
  value: number;
  /** The unit of `value` as the catalogue names it (e.g. "%", "/s", "B/s", "B", "procs"). */
  unit: string;
  /** Seconds from the run's first sample. */
  at: number;
  /** The series id the peak was read from (e.g. "procs/run", "cpu1 usage/usr"). */
  series: string;
}

/** A sentence of a finding in each language the page speaks. */
export interface FindingText {
  en: string;
  ja: string;
}

export interface Finding {
  rule: FindingRuleId;
  severity: FindingSeverity;
  resource: FindingResource;
  windows: FindingWindow[];
  peak: FindingPeak;
  /** The numbers behind the finding (named by the rule; numbers or short texts such as a device name). */
  evidence: Record<string, number | string>;
  /** Chart keys of the catalogue that show it (the page shades `windows` on them). */
  charts: string[];
  /** What was found, naming its numbers, and what would help. */
  text: FindingText;
}

/** A rule that did not run on this run, and why (e.g. "no per-CPU columns: record with -f"). */
export interface SkippedCheck {
  rule: FindingRuleId;
  why: FindingText;
}

/** What the findings of one run hold: found, most severe first; every rule checked; the ones that could not run. */
export interface RunFindings {
  findings: Finding[];
  checked: FindingRuleId[];
  skipped: SkippedCheck[];
}
