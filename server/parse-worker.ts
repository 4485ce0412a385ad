/**
 * Runs in a worker thread (plugins/parser-pool.ts): reads an uploaded file, parses it as a dstat log, and
 * returns the ReportJson gzipped plus the summary. Parsing a 4 MiB log takes long enough to stall every
 * other request, hence off the event loop.
 *
 * Errors come back as values, never as exceptions across the thread boundary (which would lose their
 * code, line and column): `{ ok: false, error }`.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ReportSummary } from '../shared/api/schemas.js';
import { toReportJson, toReportSummary, type ReportSummaryFields } from '../shared/api/report-json.js';
import { isDstatFormatError } from '../shared/dstat/errors.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { MAX_ROWS } from '../shared/limits.js';
import { decodeUploadText } from './upload/decode-text.js';
import type { ReportFormatCode } from './errors.js';

export interface ParseTask {
  /** The uploaded file on local disk. */
  path: string;
  fields: ReportSummaryFields;
}

export interface ParseFailure {
  code: ReportFormatCode;
  line: number;
  column: number;
  /** Position + reason, for the user: `line 1: expected the dstat title line, found "PK…"`. */
  message: string;
  /** For the server log only, when the parser itself failed (a bug, not the user's file). */
  internal?: { name: string; message: string; stack?: string };
}

export type ParseOutcome =
  | { ok: true; reportJsonGz: Uint8Array; summary: ReportSummary }
  | { ok: false; error: ParseFailure };

export default async function parseUpload(task: ParseTask): Promise<ParseOutcome> {
  const bytes = await readFile(task.path);
  let outcome: ParseOutcome;
  try {
    const log = parseDstat(decodeUploadText(bytes), { maxRows: MAX_ROWS });
    const json = JSON.stringify(toReportJson(log, task.fields));
    // A buffer of its own (gzipSync may return a slice of a shared pool), so it can be transferred.
    const reportJsonGz = new Uint8Array(gzipSync(json));
    outcome = { ok: true, reportJsonGz, summary: toReportSummary(log, task.fields) };
    return move({
      [transferableSymbol]: [reportJsonGz.buffer],
      [valueSymbol]: outcome,
    }) as unknown as ParseOutcome;
  } catch (err) {
    return { ok: false, error: toFailure(err) };
  }
}

function toFailure(err: unknown): ParseFailure {
  if (isDstatFormatError(err)) {
    return { code: err.code, line: err.line, column: err.column, message: err.message };
  }
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    code: 'PARSE_FAILED',
    line: 0,
    column: 0,
    message: 'the file could not be read as a dstat log: the parser failed on it (please report this file)',
    internal: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) },
  };
}

/** The first-screen images of a stored report, run by name (server/render/first-screen-task.ts). */
export { firstScreenTask } from './render/first-screen-task.js';
