/**
 * Findings travel with the report: made by the parse into each run (RunJson.findings, valid by its schema),
 * carried unchanged by the page's column encoding (the level-of-detail route's bytes) and written to
 * findings.md as inert Markdown.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { RunFindingsJson } from '../../../shared/api/findings-schema.js';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { findingsMarkdown } from '../../../shared/findings/markdown.js';
import { decodeColumnar, encodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { reduceReport } from '../../../shared/report/lod.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

const fields = { id: 'x', fileName: 'runqueue.csv', createdAt: '2026-12-04T00:00:00Z', bytes: 1 };

describe('findings in the report', () => {
  const report = toReportJson(parseDstat(readFileSync(`${FIXTURES_DIR}scenarios/runqueue.csv`, 'utf8')), fields);
  const findings = report.runs[0]!.findings!;

  it('are made by the parse, valid by the schema', () => {
    expect(findings.findings.map((f) => f.rule)).toContain('cpu-saturated');
    expect(Value.Check(RunFindingsJson, findings)).toBe(true);
    expect(Value.Check(RunFindingsJson, { ...findings, checked: ['no-such-rule'] })).toBe(false);
  });

  it('come back unchanged from the column encoding, whole or reduced', () => {
    expect(decodeColumnar(encodeColumnar(toColumnar(report))).runs[0]!.findings).toEqual(findings);
    expect(decodeColumnar(encodeColumnar(reduceReport(toColumnar(report), 8, 10))).runs[0]!.findings).toEqual(findings);
  });

  it('findings.md: a list per run, CSV-derived names inert', () => {
    const evil = { ...findings, findings: [{ ...findings.findings[0]!, text: { en: 'disk <img src=x> *bold* [link](x) `code`', ja: '' } }] };
    const md = findingsMarkdown([{ index: 1, findings: evil }]);
    expect(md).toContain('&lt;img src=x> \\*bold\\* \\[link\\](x) \\`code\\`');
    expect(md).toContain('Could not check:');
    expect(findingsMarkdown([{ index: 1, findings: { findings: [], checked: ['cpu-busy'], skipped: [] } }], 'ja')).toContain('問題は見つかりませんでした。');
  });
});
