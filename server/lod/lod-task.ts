/**
 * Worker-pool task (runs in the parse workers, plugins/parser-pool.ts; the parse of an upload makes one
 * too, server/parse-worker.ts): a stored report's level of detail
 * for the page — big runs reduced (shared/report/lod.ts), small ones whole — in the column encoding
 * (shared/report/columnar-codec.ts), gzipped. Off the event loop: a 100k-row report is ~27 MB of JSON.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ReportJson } from '../../shared/api/schemas.js';
import { encodeColumnar } from '../../shared/report/columnar-codec.js';
import { toColumnar } from '../../shared/report/columnar.js';
import { reduceReport } from '../../shared/report/lod.js';

export interface LodTask {
  /** The stored ReportJson, gzipped. */
  reportJsonGz: Uint8Array;
}

export function lodTask(task: LodTask): Uint8Array {
  return encodeLod(JSON.parse(gunzipSync(task.reportJsonGz).toString('utf8')) as ReportJson);
}

/** A report's level of detail, encoded and gzipped (a buffer of its own, so it can be transferred). */
export function encodeLod(report: ReportJson): Uint8Array {
  return new Uint8Array(gzipSync(encodeColumnar(reduceReport(toColumnar(report)))));
}
