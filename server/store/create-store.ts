/** The one place that picks the ReportStore implementation from the settings (see config.ts: STORE). */
import { join } from 'node:path';
import { FsReportStore } from './fs-report-store.js';
import type { ReportStore } from './report-store.js';
import { S3ReportStore, type S3StoreSettings } from './s3-report-store.js';

export type StoreSettings =
  /** Files under DATA_DIR (the default). */
  | { kind: 'fs'; dataDir: string }
  /** An S3-compatible bucket; uploads in progress stay in the local staging directory. */
  | ({ kind: 's3' } & S3StoreSettings);

export function createStore(settings: StoreSettings): ReportStore {
  switch (settings.kind) {
    case 'fs':
      return new FsReportStore(settings.dataDir);
    case 's3':
      return new S3ReportStore(settings);
  }
}

/** Where a store other than the file store keeps uploads in progress: DATA_DIR/staging, as the file store. */
export function stagingDirUnder(dataDir: string): string {
  return join(dataDir, 'staging');
}
