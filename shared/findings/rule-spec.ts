/**
 * A rule of the findings table (rules.ts): what it looks for, declared as data — id, severity, resource,
 * the columns it needs, thresholds, minimum duration, charts, source, text templates — and the pure check
 * that evaluates it over a run's raw columns.
 */
import type { FindingResource, FindingRuleId, FindingSeverity, FindingText } from './finding.js';
import type { RunContext } from './context.js';
import type { FindingsOptions } from './run-input.js';
import type { TextVars } from './text.js';
import type { RowRange } from './windows.js';

/** What a check found, before evaluate.ts turns rows into seconds and fills the text. */
export interface Draft {
  ranges: RowRange[];
  peak: { value: number; unit: string; row: number; series: string };
  evidence: Record<string, number | string>;
  /** Variables of the text template (the window phrase `{span}` is added by evaluate.ts). */
  vars: TextVars;
  /** Charts beyond the rule's own (a device's). */
  charts?: string[];
  /** When the finding is worse than the rule's usual severity (the rule's thresholds say when). */
  severity?: FindingSeverity;
  /** Which of the rule's other sentences (`RuleSpec.otherTexts`) says it, instead of `RuleSpec.text`. */
  textKey?: string;
  /** Windows given in seconds directly (gaps between samples), instead of from `ranges`. */
  windows?: { from: number; to: number }[];
}

/** A rule that cannot run on this run, and why (with what would let it run). */
export interface Skip {
  skip: FindingText;
}

export type CheckResult = Draft[] | Skip;

export interface RuleSpec {
  id: FindingRuleId;
  severity: FindingSeverity;
  resource: FindingResource;
  /** The columns it reads, in words (docs and the skipped-check texts). */
  needs: string;
  /** Thresholds, named; units in the name (`Pct` %, `PerS` per second, `S` seconds, `Ratio`). */
  thresholds: Readonly<Record<string, number>>;
  /** Least seconds the condition must hold (0: any). */
  minSeconds: number;
  charts: readonly string[];
  /** Where the condition comes from. */
  source: string;
  /** The finding's sentence, `{name}` filled from the draft's variables and `{span}` the window phrase. */
  text: FindingText;
  /** Sentences for the rule's other conditions, by key (a draft's `textKey`). */
  otherTexts?: Readonly<Record<string, FindingText>>;
  check(ctx: RunContext, spec: RuleSpec, options: FindingsOptions): CheckResult;
}

export function isSkip(r: CheckResult): r is Skip {
  return !Array.isArray(r);
}
