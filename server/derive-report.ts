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
  const log = parseDstat(decodeUploadText(bytes), { maxRows: MAX_ROWS });
  const report = toReportJson(log, fields);
  // A buffer of its own (gzipSync may return a slice of a shared pool), so it can be transferred.
  const reportJsonGz = new Uint8Array(gzipSync(JSON.stringify(report)));
  return { reportJsonGz, summary: toReportSummary(log, fields), report };
}
