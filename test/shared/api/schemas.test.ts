/**
 * The API schemas (shared/api/schemas.ts) accept what the server writes and refuse what it never writes:
 * checked here on a real report and on one field changed at a time. (The server's routes validate with the
 * same schemas; test/server/routes/reports.fixtures.test.ts checks every fixture's report against them.)
 */
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { ApiError, CreatedReport, HealthStatus, ReportJson, ReportParams, ReportSummary, ServerConfig } from '../../../shared/api/schemas.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'd.csv', createdAt: '2026-11-29T21:00:00.000Z', bytes: 30733 };
// d073 -T with plugins: text series (top-cpu) beside numeric ones, info issues.
const REPORT = toReportJson(parseDstat(readFixture('d073_T-explicit-lists-many-plugins.csv'), { fallbackYear: 2026 }), fields);

/** The report as loose JSON: the edits below break its schema on purpose, so no static type fits them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Loose = any;

/** A deep copy of the report with one change. */
function changed(edit: (r: Loose) => void): unknown {
  const copy = structuredClone(REPORT);
  edit(copy);
  return copy;
}

describe('ReportJson', () => {
  it('accepts a real report, with numeric and text series and a gap', () => {
    const kinds = new Set(REPORT.runs[0]!.series.map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['number', 'text']);
    expect(Value.Check(ReportJson, REPORT)).toBe(true);
    expect(Value.Check(ReportJson, changed((r) => (r.runs[0].series[0].values[3] = null)))).toBe(true);
    expect(Value.Check(ReportJson, changed((r) => (r.runs[0].series[0].stats = null)))).toBe(true);
  });

  it.each([['dstat'], ['dool'], ['pcp-dstat'], ['unknown']])('accepts producer %s', (producer) => {
    expect(Value.Check(ReportJson, changed((r) => ((r.dialect.producer = producer), (r.runs[0].meta.producer = producer))))).toBe(true);
  });

  it.each([['time'], ['epoch'], ['sample']])('accepts time source %s', (source) => {
    expect(Value.Check(ReportJson, changed((r) => (r.dialect.timeSource = source)))).toBe(true);
  });

  it('accepts issues of both severities', () => {
    const issues = [
      { severity: 'info', line: 0, message: 'a' },
      { severity: 'warning', line: 3, message: 'b' },
    ];
    expect(Value.Check(ReportJson, changed((r) => (r.dialect.issues = issues)))).toBe(true);
  });

  it.each<[string, (r: Loose) => void]>([
    ['an unknown producer', (r) => (r.dialect.producer = 'collectl')],
    ['an unknown producer in a run', (r) => (r.runs[0].meta.producer = '')],
    ['an unknown time source', (r) => (r.dialect.timeSource = 'clock')],
    ['an unknown severity', (r) => (r.dialect.issues = [{ severity: 'error', line: 1, message: 'x' }])],
    ['a fractional line number', (r) => (r.dialect.issues = [{ severity: 'info', line: 1.5, message: 'x' }])],
    ['a missing summary field', (r) => delete r.parserVersion],
    ['a missing dialect field', (r) => delete r.dialect.suggestedCommand],
    ['a missing row count', (r) => delete r.dialect.rows.dropped],
    ['a missing run field', (r) => delete r.runs[0].intervalMs],
    ['a missing meta field', (r) => delete r.runs[0].meta.timezone],
    ['a text value in a numeric series', (r) => (r.runs[0].series[0].values[0] = '1')],
    ['a number in a text series', (r) => (r.runs[0].series.find((s: Loose) => s.kind === 'text').values[0] = 1)],
    ['an unknown series kind', (r) => (r.runs[0].series[0].kind = 'bytes')],
    ['stats missing from a numeric series', (r) => delete r.runs[0].series[0].stats],
    ['a fractional stats count', (r) => (r.runs[0].series[0].stats = { count: 1.5, min: 0, avg: 0, p95: 0, max: 0 })],
    ['a gap in time', (r) => (r.runs[0].time[0] = null)],
    ['a fractional size', (r) => (r.bytes = 1.5)],
  ])('refuses %s', (_, edit) => {
    expect(Value.Check(ReportJson, changed(edit))).toBe(false);
  });

  it('ReportSummary is the report without its runs', () => {
    const { runs: _runs, ...summary } = REPORT;
    expect(Value.Check(ReportSummary, summary)).toBe(true);
    expect(Value.Check(ReportSummary, { ...summary, dialect: {} })).toBe(false);
  });
});

describe('the small bodies', () => {
  it('ReportParams takes only report ids', () => {
    expect(Value.Check(ReportParams, { id: fields.id })).toBe(true);
    expect(Value.Check(ReportParams, { id: fields.id.slice(1) })).toBe(false);
    expect(Value.Check(ReportParams, { id: '../../etc/passwd' })).toBe(false);
    expect(Value.Check(ReportParams, {})).toBe(false);
  });

  it('ApiError: code and message, line and column optional integers', () => {
    expect(Value.Check(ApiError, { code: 'NOT_DSTAT', message: 'line 1: …' })).toBe(true);
    expect(Value.Check(ApiError, { code: 'NOT_DSTAT', message: 'm', line: 1, column: 2 })).toBe(true);
    expect(Value.Check(ApiError, { code: 'NOT_DSTAT', message: 'm', line: 1.5 })).toBe(false);
    expect(Value.Check(ApiError, { code: 'NOT_DSTAT', message: 'm', column: 'a' })).toBe(false);
    expect(Value.Check(ApiError, { message: 'm' })).toBe(false);
    expect(Value.Check(ApiError, { code: 'X' })).toBe(false);
  });

  it('CreatedReport, ServerConfig, HealthStatus', () => {
    const deleteToken = 'x'.repeat(43);
    expect(Value.Check(CreatedReport, { id: fields.id, url: `/r/${fields.id}`, deleteToken })).toBe(true);
    expect(Value.Check(CreatedReport, { id: fields.id, url: `/r/${fields.id}` })).toBe(false);
    expect(Value.Check(CreatedReport, { id: fields.id, deleteToken })).toBe(false);
    expect(Value.Check(ServerConfig, { maxUploadBytes: 4194304 })).toBe(true);
    expect(Value.Check(ServerConfig, { maxUploadBytes: 4.5 })).toBe(false);
    expect(Value.Check(ServerConfig, {})).toBe(false);
    expect(Value.Check(HealthStatus, { status: 'ok' })).toBe(true);
    expect(Value.Check(HealthStatus, { status: 'fine' })).toBe(false);
  });
});
