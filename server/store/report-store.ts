/**
 * Where reports live. The embedded default is FsReportStore (files under DATA_DIR); an S3-compatible store
 * for several stateless servers can implement the same interface later.
 *
 * A report is three objects written together: the uploaded CSV (the source of truth, never changed), and
 * what is derived from it: the ReportJson as gzip and the small summary (derived again after a parser
 * change, see routes/reports.ts).
 * `create` is all-or-nothing; readers never see part of a report.
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

export interface ReportStore {
  /** A local directory for uploads in progress; on the store's file system when the store is on disk. */
  readonly stagingDir: string;
  /** Prepare the storage (directories, permissions, leftovers of a crash); throws StoreInitError. */
  init(): Promise<void>;
  /** Store a complete report atomically. Throws ReportIdTakenError when the id exists (never overwrites). */
  create(report: NewReport): Promise<void>;
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
