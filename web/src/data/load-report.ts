/**
 * Load a report as columns: in a Web Worker (fetch + JSON.parse + conversion off the main thread), or on
 * the main thread when workers are not available. `prefetchReport(s)` starts the load before React renders
 * (main.tsx), so the download overlaps the start of the page.
 */
import { ApiFailure, failureFromText, getReport, NETWORK_MESSAGE } from '../api/client.js';
import { toColumnar, type ColumnarReport } from '../../../shared/report/columnar.js';
import { loadEmbedded } from './embedded.js';
import type { WorkerAnswer } from './load-protocol.js';

const pending = new Map<string, Promise<ColumnarReport>>();

function reportUrl(id: string): string {
  return `/api/reports/${encodeURIComponent(id)}`;
}

function inWorker(id: string): Promise<ColumnarReport> {
  return new Promise<ColumnarReport>((resolve, reject) => {
    const started = performance.now();
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { type: 'module', name: 'report-loader' });
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      const a = event.data;
      if (a.ok) {
        // For profiling: where the worker's time went (fetch, JSON.parse, columns) is the measure's detail.
        try {
          performance.measure('dv:load', { start: started, end: performance.now(), detail: a.timing });
        } catch {
          // older browsers without measure options
        }
        if (!Array.isArray(a.report.runs)) reject(new ApiFailure('bad-response', 'The server sent a report without runs.'));
        else resolve(a.report);
        return;
      }
      switch (a.kind) {
        case 'network':
          reject(new ApiFailure('network', NETWORK_MESSAGE));
          return;
        case 'http':
          reject(failureFromText(a.status, a.statusText, a.body));
          return;
        case 'bad-json':
          reject(new ApiFailure('bad-response', 'The server sent an answer that is not JSON.', a.status));
          return;
        default:
          reject(new Error(a.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      e.preventDefault();
      reject(new Error('worker failed'));
    };
    worker.postMessage({ url: reportUrl(id) });
  });
}

async function onMainThread(id: string): Promise<ColumnarReport> {
  return toColumnar(await getReport(id));
}

async function load(id: string): Promise<ColumnarReport> {
  // An offline report carries its data: read before any fetch (data/embedded.ts).
  const embedded = await loadEmbedded(id);
  if (embedded) return embedded;
  if (typeof Worker !== 'undefined') {
    try {
      return await inWorker(id);
    } catch (err) {
      if (err instanceof ApiFailure) throw err;
      // The worker itself failed (blocked, old browser): do it here.
    }
  }
  return onMainThread(id);
}

/**
 * Start loading reports (once per id while it is pending or kept), side by side: each in its own worker.
 * Only the reports of the latest call are kept (a report page one, a compare page its runs'); a failed load
 * is tried afresh next time.
 */
export function prefetchReports(ids: readonly string[]): Promise<ColumnarReport>[] {
  const out = ids.map((id) => {
    let p = pending.get(id);
    if (!p) {
      p = load(id);
      pending.set(id, p);
      const mine = p;
      p.catch(() => {
        if (pending.get(id) === mine) pending.delete(id);
      });
    }
    return p;
  });
  for (const key of pending.keys()) if (!ids.includes(key)) pending.delete(key);
  return out;
}

/** Start loading a report (once per id while it is pending or kept). */
export function prefetchReport(id: string): Promise<ColumnarReport> {
  return prefetchReports([id])[0]!;
}

/** The report's columns; `retry` forgets an earlier load. */
export function loadReport(id: string, retry = false): Promise<ColumnarReport> {
  if (retry) pending.delete(id);
  return prefetchReport(id);
}
