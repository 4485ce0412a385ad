/// <reference lib="webworker" />
/**
 * Web Worker: fetch a report off the main thread and transfer its columns to the page. Either the column
 * encoding (GET /api/reports/:id/lod: Float64 columns read in place, big runs reduced; the page's first
 * load) or the full ReportJson (parsed and converted to Float64Arrays: a 100k-row report is ~27 MB of JSON,
 * ~0.3 s of parsing that would freeze the page; fetched when the raw samples are needed). Failures are
 * described, not thrown: the page words them (api/client.ts).
 */
import type { ReportJson } from '../../../shared/api/schemas.js';
import { ColumnarFormatError, decodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar, transferList, type ColumnarReport } from '../../../shared/report/columnar.js';
import type { WorkerAnswer, WorkerRequest } from './load-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { url, format } = event.data;
  const t0 = performance.now();
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: format === 'json' ? 'application/json' : '*/*' } });
    } catch {
      self.postMessage({ ok: false, kind: 'network' } satisfies WorkerAnswer);
      return;
    }
    if (!response.ok) {
      const body = await response.text();
      self.postMessage({ ok: false, kind: 'http', status: response.status, statusText: response.statusText, body } satisfies WorkerAnswer);
      return;
    }
    let report: ColumnarReport;
    let bytes: number;
    let t1: number;
    let t2: number;
    if (format === 'columns') {
      const data = new Uint8Array(await response.arrayBuffer());
      t1 = performance.now();
      bytes = data.length;
      try {
        report = decodeColumnar(data);
      } catch (err) {
        if (!(err instanceof ColumnarFormatError)) throw err;
        self.postMessage({ ok: false, kind: 'bad-columns', status: response.status, message: err.message } satisfies WorkerAnswer);
        return;
      }
      t2 = performance.now();
    } else {
      const text = await response.text();
      t1 = performance.now();
      bytes = text.length;
      let json: ReportJson;
      try {
        json = JSON.parse(text) as ReportJson;
      } catch {
        self.postMessage({ ok: false, kind: 'bad-json', status: response.status } satisfies WorkerAnswer);
        return;
      }
      t2 = performance.now();
      report = toColumnar(json);
    }
    const t3 = performance.now();
    const timing = { fetchMs: t1 - t0, parseMs: t2 - t1, convertMs: t3 - t2, bytes };
    self.postMessage({ ok: true, report, timing } satisfies WorkerAnswer, transferList(report));
  } catch (err) {
    self.postMessage({ ok: false, kind: 'internal', message: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer);
  }
};
