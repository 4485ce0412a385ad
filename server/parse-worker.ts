/**
 * Runs in a worker thread (plugins/parser-pool.ts): reads an uploaded file, parses it as a dstat log, and
 * returns the ReportJson gzipped plus the summary. Parsing a 4 MiB log takes long enough to stall every
 * other request, hence off the event loop.
 *
 * Errors come back as values, never as exceptions across the thread boundary (which would lose their
 * code, line and column): `{ ok: false, error }`.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ReportSummary } from '../shared/api/schemas.js';
import type { ReportSummaryFields } from '../shared/api/report-json.js';
import { encodeLod } from './lod/lod-task.js';
import { isDstatFormatError } from '../shared/dstat/errors.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { MAX_ROWS } from '../shared/limits.js';
import { decodeUploadText } from './upload/decode-text.js';
import { deriveReport } from './derive-report.js';
import { BadGzipError, DecompressedTooLargeError, readCsvBytes } from './upload/gunzip.js';
import type { ReportFormatCode } from './errors.js';
import { columnBuffers, toRunColumns, type RunColumns } from './compare/run-columns.js';

export interface ParseTask {
  /** The uploaded file on local disk. */
  path: string;
  fields: ReportSummaryFields;
  /** Most bytes a gzip-compressed upload may expand to (shared/limits.ts maxDecompressedBytes). */
  maxCsvBytes: number;
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
  | {
      ok: true;
      reportJsonGz: Uint8Array;
      summary: ReportSummary;
      /** The page's level of detail (server/lod/lod-task.ts), made while the parsed report is at hand. */
      lodGz?: Uint8Array;
    }
  | { ok: false; error: ParseFailure };

export default async function parseUpload(task: ParseTask): Promise<ParseOutcome> {
  try {
    // A .csv.gz is decompressed here, streaming, up to its own ceiling: off the event loop like the parse.
    const bytes = await readCsvBytes(task.path, task.maxCsvBytes);
    // Only the gzips and the summary cross to the main thread (the report object is what the gzip holds).
    const { reportJsonGz, summary, report } = deriveReport(bytes, task.fields);
    const lodGz = encodeLod(report);
    const outcome: ParseOutcome = { ok: true, reportJsonGz, summary, lodGz };
    return move({
      [transferableSymbol]: [reportJsonGz.buffer, lodGz.buffer],
      [valueSymbol]: outcome,
    }) as unknown as ParseOutcome;
  } catch (err) {
    return { ok: false, error: toFailure(err) };
  }
}

export interface ColumnsTask {
  /** A stored report's CSV, as uploaded. */
  csv: Uint8Array;
}

export type ColumnsOutcome = { ok: true; runs: RunColumns[] } | { ok: false; error: ParseFailure };

/** The runs of a stored CSV as columns (for comparisons): `pool.run(task, { name: 'readColumns' })`. */
export async function readColumns(task: ColumnsTask): Promise<ColumnsOutcome> {
  try {
    const runs = toRunColumns(parseDstat(decodeUploadText(Buffer.from(task.csv.buffer, task.csv.byteOffset, task.csv.byteLength)), { maxRows: MAX_ROWS }));
    return move({ [transferableSymbol]: columnBuffers(runs), [valueSymbol]: { ok: true, runs } }) as unknown as ColumnsOutcome;
  } catch (err) {
    return { ok: false, error: toFailure(err) };
  }
}

function toFailure(err: unknown): ParseFailure {
  if (isDstatFormatError(err)) {
    return { code: err.code, line: err.line, column: err.column, message: err.message };
  }
  if (err instanceof DecompressedTooLargeError || err instanceof BadGzipError) {
    return { code: err.code, line: 0, column: 0, message: err.message };
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

/** Readiness probe (/readyz): a worker thread starts and answers. */
export function probe(): 'ok' {
  return 'ok';
}

/** The first-screen images of a stored report, run by name (server/render/first-screen-task.ts). */
export { firstScreenTask } from './render/first-screen-task.js';
/** A compare page's first-screen images (server/render/compare-first-screen-task.ts). */
export { compareFirstScreenTask } from './render/compare-first-screen-task.js';

/** Some charts of a report as an export's PNGs (server/render/chart-pngs-task.ts). */
export { chartPngsTask } from './render/chart-pngs-task.js';
/** An offline page's first screen with its images inline (server/render/offline-first-screen-task.ts). */
export { offlineFirstScreenTask } from './render/offline-first-screen-task.js';
export { lodTask } from './lod/lod-task.js';
/** A stored report's findings, with link speeds when given (server/findings/findings-task.ts). */
export { findingsTask } from './findings/findings-task.js';
