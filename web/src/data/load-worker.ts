/// <reference lib="webworker" />
/**
 * Web Worker: fetch a report's JSON, parse it and convert its columns to Float64Arrays off the main thread
 * (a 100k-row report is ~27 MB of JSON: ~0.3 s of parsing that would freeze the page), then transfer the
 * arrays to the page. Failures are described, not thrown: the page words them (api/client.ts).
 */
import type { ReportJson } from '../../../shared/api/schemas.js';
import { toColumnar, transferList } from '../../../shared/report/columnar.js';
import type { WorkerAnswer, WorkerRequest } from './load-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { url } = event.data;
  let answer: WorkerAnswer;
  const t0 = performance.now();
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' } });
    } catch {
      self.postMessage({ ok: false, kind: 'network' } satisfies WorkerAnswer);
      return;
    }
    const text = await response.text();
    const t1 = performance.now();
    if (!response.ok) {
      answer = { ok: false, kind: 'http', status: response.status, statusText: response.statusText, body: text };
      self.postMessage(answer);
      return;
    }
    let json: ReportJson;
    try {
      json = JSON.parse(text) as ReportJson;
    } catch {
      self.postMessage({ ok: false, kind: 'bad-json', status: response.status } satisfies WorkerAnswer);
      return;
    }
    const t2 = performance.now();
    const report = toColumnar(json);
    const t3 = performance.now();
    const timing = { fetchMs: t1 - t0, parseMs: t2 - t1, convertMs: t3 - t2, bytes: text.length };
    self.postMessage({ ok: true, report, timing } satisfies WorkerAnswer, transferList(report));
  } catch (err) {
    self.postMessage({ ok: false, kind: 'internal', message: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer);
  }
};
