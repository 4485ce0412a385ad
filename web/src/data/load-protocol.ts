/** Messages between the page and the report-loading worker. */
import type { ColumnarReport } from '../../../shared/report/columnar.js';

export interface WorkerRequest {
  url: string;
  /** `columns`: GET /api/reports/:id/lod (shared/report/columnar-codec.ts); `json`: the full ReportJson. */
  format: 'columns' | 'json';
}

export type WorkerAnswer =
  | { ok: true; report: ColumnarReport; timing: LoadTiming }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'http'; status: number; statusText: string; body: string }
  | { ok: false; kind: 'bad-json'; status: number }
  | { ok: false; kind: 'bad-columns'; status: number; message: string }
  | { ok: false; kind: 'internal'; message: string };

/** Where the worker's time went (for profiling: `performance.measure` entries `dv:load …`). */
export interface LoadTiming {
  fetchMs: number;
  parseMs: number;
  convertMs: number;
  /** Characters of JSON, or bytes of the column encoding. */
  bytes: number;
}
