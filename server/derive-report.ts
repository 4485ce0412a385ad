/**
 * zlib level of the stored ReportJson (and so of an offline report's data): 4 makes the 4 MB log's 3 MB of
 * JSON 836 KB in ~40 ms of CPU, where zlib's default 6 makes it 816 KB (2.4 % smaller) in ~75–100 ms — on
 * every upload and every CLI report, where that was a tenth of `dstatview report -o OUT.html`.
 */
export const REPORT_JSON_GZIP_LEVEL = 4;

/**
 * A CSV's bytes → the report as stored, for the parse worker (parse-worker.ts) and the CLI. A module of its
 * own: the CLI makes a report with it without loading what the worker also runs (chart drawing: Chart.js
 * and the canvas binary).
 */
import { gzipSync } from 'node:zlib';
import type { ReportJson, ReportSummary } from '../shared/api/schemas.js';
import { toReportJson, toReportSummary, type ReportSummaryFields } from '../shared/api/report-json.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { MAX_ROWS } from '../shared/limits.js';
import { decodeUploadText } from './upload/decode-text.js';

/**
 * A CSV's bytes → the report as stored (and as the object it is the JSON of: JSON-safe, so equal to that JSON
 * parsed, which the CLI need not do): ReportJson gzipped, and the summary. Throws DstatFormatError for a
 * file that is not a dstat log. Also the CLI's way to make a report without a server.
 */
export function deriveReport(
  bytes: Buffer,
  fields: ReportSummaryFields,
): { reportJsonGz: Uint8Array; summary: ReportSummary; report: ReportJson } {
  const { summary, report } = parseReport(bytes, fields);
  return { reportJsonGz: gzipReportJson(report), summary, report };
}

/** deriveReport's first half: the report and its summary, not yet as JSON (the CLI draws from it meanwhile). */
export function parseReport(bytes: Buffer, fields: ReportSummaryFields): { summary: ReportSummary; report: ReportJson } {
  const log = parseDstat(decodeUploadText(bytes), { maxRows: MAX_ROWS });
  return { summary: toReportSummary(log, fields), report: toReportJson(log, fields) };
}

/** deriveReport's second half: the report as stored, its JSON gzipped. */
export function gzipReportJson(report: ReportJson): Uint8Array {
  // A buffer of its own (gzipSync may return a slice of a shared pool), so it can be transferred.
  return new Uint8Array(gzipSync(JSON.stringify(report), { level: REPORT_JSON_GZIP_LEVEL }));
}
