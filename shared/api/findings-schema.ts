/**
 * The TypeBox schema of a run's findings (shared/findings/finding.ts is the type; both are checked equal
 * below): `RunJson.findings` and GET /api/reports/:id/findings.
 */
import { Type, type Static } from 'typebox';
import { FINDING_RESOURCES, FINDING_RULE_IDS, FINDING_SEVERITIES, type RunFindings } from '../findings/finding.js';

const RuleId = Type.Enum(FINDING_RULE_IDS);
const Text = Type.Object({ en: Type.String(), ja: Type.String() });

export const FindingJson = Type.Object({
  rule: RuleId,
  severity: Type.Enum(FINDING_SEVERITIES),
  resource: Type.Enum(FINDING_RESOURCES),
  /** Seconds from the run's first sample (since-boot row excluded). */
  windows: Type.Array(Type.Object({ from: Type.Number(), to: Type.Number() })),
  peak: Type.Object({ value: Type.Number(), unit: Type.String(), at: Type.Number(), series: Type.String() }),
  evidence: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
  charts: Type.Array(Type.String()),
  text: Text,
});

export const RunFindingsJson = Type.Object({
  findings: Type.Array(FindingJson),
  checked: Type.Array(RuleId),
  skipped: Type.Array(Type.Object({ rule: RuleId, why: Text })),
});

/** GET /api/reports/:id/findings: the findings of every run of the report, in run order. */
export const ReportFindingsJson = Type.Object({ runs: Type.Array(RunFindingsJson) });
export type ReportFindingsJson = Static<typeof ReportFindingsJson>;

/** GET /api/reports/:id/findings?link=eth0:10G,eth1:1G — link speeds for `net-near-link`. */
export const ReportFindingsQuery = Type.Object({ link: Type.Optional(Type.String({ maxLength: 1000 })) });
export type ReportFindingsQuery = Static<typeof ReportFindingsQuery>;

// The schema and the type are the same shape, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<Static<typeof RunFindingsJson>, RunFindings> = true;
void sameShape;
