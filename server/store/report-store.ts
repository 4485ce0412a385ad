/**
 * Where reports live. The embedded default is FsReportStore (files under DATA_DIR); S3ReportStore keeps
 * them in an S3-compatible bucket so that several stateless servers share them.
 *
 * A report is three objects written together: the uploaded CSV (the source of truth, never changed), and
 * what is derived from it: the ReportJson as gzip and the small summary (derived again after a parser
 * change, see routes/reports.ts).
 * `create` and `delete` are all-or-nothing; readers never see part of a report.
 * Every implementation passes the same contract tests (test/server/store/contract.ts).
 */
import type { Readable } from 'node:stream';
import type { ReportSummary } from '../../shared/api/schemas.js';

export interface NewReport {
  /** A fresh id from newReportId(). */
  id: string;
  /**
   * Local file holding the uploaded CSV, under `stagingDir`. The store takes it over (moves it in); the
   * caller may still remove the path afterwards, which is then a no-op.
   */
  sourcePath: string;
  /** ReportJson, JSON-encoded then gzipped. */
  reportJsonGz: Uint8Array;
  summary: ReportSummary;
}

export interface StoredObject {
  /** The bytes; the consumer must read it to the end or destroy it. */
  stream: Readable;
  /** Size in bytes of what `stream` yields. */
  size: number;
  /** Last modification, for validators (ETag / Last-Modified). */
  mtimeMs: number;
}

/** One complete report, as `list()` yields it. */
export interface StoredReportInfo {
  id: string;
  /** When the report was stored (its CSV object's modification time), ms since the epoch. */
  createdAtMs: number;
  /**
   * Bytes the report takes in the store: what it costs the store's capacity, not the objects' lengths —
   * disk blocks for files (a 3-byte file takes a whole block), object sizes for a bucket.
   */
  bytes: number;
}

export interface ReportStore {
  /** A local directory for uploads in progress; on the store's file system when the store is on disk. */
  readonly stagingDir: string;
  /** Prepare the storage (directories, permissions, leftovers of a crash); throws StoreInitError. */
  init(): Promise<void>;
  /**
   * Store a complete report atomically; resolves to the bytes it takes in the store (as list() counts them).
   * Throws ReportIdTakenError when the id exists (never overwrites).
   */
  create(report: NewReport): Promise<number>;
  /** True when a complete report with this id exists; false for any string that is not a valid id. */
  has(id: string): Promise<boolean>;
  getSummary(id: string): Promise<ReportSummary | null>;
  /** The ReportJson, gzip-encoded, as stored; null when there is no such report. */
  openReportJsonGz(id: string): Promise<StoredObject | null>;
  /** The uploaded CSV byte for byte; null when there is no such report. */
  openCsv(id: string): Promise<StoredObject | null>;
  /**
   * Replace what was derived from a report's CSV (after a parser change), each object atomically; the CSV
   * is never touched. Returns false when there is no such report.
   */
  replaceDerived(id: string, reportJsonGz: Uint8Array, summary: ReportSummary): Promise<boolean>;
  /**
   * Remove a report. Readers see it whole or not at all: it stops being visible in one step, before any of
   * its parts is removed. False when there was no such report (or the string is not an id).
   */
  delete(id: string): Promise<boolean>;
  /** Every complete report, in no particular order (for retention and MAX_STORAGE_BYTES). */
  list(): AsyncIterable<StoredReportInfo>;
  /**
   * Resolves when a report could be stored now; throws StoreUnavailableError saying why not (read-only,
   * unwritable, full, unreachable). For the readiness probe.
   */
  checkWritable(): Promise<void>;
  close(): Promise<void>;
}

export class StoreInitError extends Error {
  override readonly name = 'StoreInitError';
}

export class ReportIdTakenError extends Error {
  override readonly name = 'ReportIdTakenError';
  constructor(readonly id: string) {
    super(`a report with id ${id} already exists`);
  }
}

/** No space left to store a report (ENOSPC, EDQUOT, an S3 quota): the upload is refused with 507. */
export class StoreFullError extends Error {
  override readonly name = 'StoreFullError';
}

/** The store cannot be written or reached now (read-only, permissions, S3 down): 503, and /readyz fails. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
