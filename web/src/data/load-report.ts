/**
 * Load a report as columns. Two forms (load-protocol.ts): the report page first loads the level of detail
 * (`loadReportLod`: GET /api/reports/:id/lod, big runs reduced, shared/report/lod.ts) and the full report
 * (`loadReport`: the ReportJson) only when it needs the raw samples; the compare page loads every raw sample
 * (`prefetchCompareReports`), in the same encoding when the run is small enough to come whole.
 *
 * Every load runs in a Web Worker, off the main thread that paints the page: the level of detail (megabytes
 * once decoded, whose receiving and decoding would hold the main thread while the first screen paints and its
 * charts are drawn), the full report (JSON: ~0.3 s of parsing for 100k rows) and the compare page's runs. Loads start
 * before React renders (main.tsx), so the download overlaps the start of the page. Only the early charts'
 * small data (`loadFirstScreenColumns`, preloaded by the page's `<head>`) is fetched on the main thread,
 * which takes the preloaded response.
 */
import { ApiFailure, failureFromText, getReport, NETWORK_MESSAGE } from '../api/client.js';
import { ColumnarFormatError, decodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar, type ColumnarReport } from '../../../shared/report/columnar.js';
import { loadEmbedded } from './embedded.js';
import type { WorkerAnswer, WorkerRequest } from './load-protocol.js';

type Format = WorkerRequest['format'];

const pending = new Map<string, Promise<ColumnarReport>>();
/** The loads of `pending` that have arrived, by the same key. */
const arrived = new Map<string, ColumnarReport>();

function reportUrl(id: string, format: Format): string {
  return `/api/reports/${encodeURIComponent(id)}${format === 'columns' ? '/lod' : ''}`;
}

function inWorker(id: string, format: Format): Promise<ColumnarReport> {
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
        case 'bad-columns':
          reject(new ApiFailure('bad-response', `The server sent unreadable report data (${a.message}).`, a.status));
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
    worker.postMessage({ url: reportUrl(id, format), format } satisfies WorkerRequest);
  });
}

async function onMainThread(id: string, format: Format): Promise<ColumnarReport> {
  if (format === 'json') return toColumnar(await getReport(id));
  return columnsOnMainThread(reportUrl(id, format));
}

/** A file in the column encoding (shared/report/columnar-codec.ts), fetched and decoded on this thread. */
async function columnsOnMainThread(url: string): Promise<ColumnarReport> {
  const t0 = performance.now();
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new ApiFailure('network', NETWORK_MESSAGE);
  }
  if (!response.ok) throw failureFromText(response.status, response.statusText, await response.text());
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const t1 = performance.now();
    const report = decodeColumnar(bytes);
    const t2 = performance.now();
    // For profiling, as the worker's: where the time went.
    try {
      performance.measure('dv:load', { start: t0, end: t2, detail: { fetchMs: t1 - t0, parseMs: t2 - t1, convertMs: 0, bytes: bytes.length } });
    } catch {
      // older browsers without measure options
    }
    return report;
  } catch (err) {
    if (err instanceof ColumnarFormatError) throw new ApiFailure('bad-response', `The server sent unreadable report data (${err.message}).`, response.status);
    throw err;
  }
}

/** In a worker when there are workers (else, or when the worker fails, here). */
async function load(id: string, format: Format): Promise<ColumnarReport> {
  // An offline report carries its full data: read before any fetch (data/embedded.ts).
  const embedded = await loadEmbedded(id);
  if (embedded) return embedded;
  if (typeof Worker !== 'undefined') {
    try {
      return await inWorker(id, format);
    } catch (err) {
      if (err instanceof ApiFailure) throw err;
      // The worker itself failed (blocked, old browser): do it here.
    }
  }
  return onMainThread(id, format);
}

function loadOnce(id: string, format: Format, retry: boolean): Promise<ColumnarReport> {
  const key = `${format}:${id}`;
  if (retry) {
    pending.delete(key);
    arrived.delete(key);
  }
  let p = pending.get(key);
  if (!p) {
    p = load(id, format);
    pending.set(key, p);
    const mine = p;
    p.then(
      (report) => {
        if (pending.get(key) === mine) arrived.set(key, report);
      },
      () => {
        if (pending.get(key) === mine) pending.delete(key);
      },
    );
  }
  return p;
}

/** Keep only these ids' loads (a report page's one, a compare page's runs'). */
function keepOnly(ids: readonly string[]): void {
  for (const key of pending.keys()) {
    if (ids.some((id) => key.endsWith(`:${id}`))) continue;
    pending.delete(key);
    arrived.delete(key);
  }
}

/**
 * Start loading a compare page's reports (once per id while it is pending or kept), side by side, each in
 * its own worker, in the column encoding (GET /api/reports/:id/lod: typed arrays, no JSON to parse), which
 * holds every raw sample of a run of up to LOD_MIN_ROWS rows. A report with a bigger run comes reduced
 * there: it is then loaded in full (the ReportJson), as the overlays and the Δ table use every sample.
 * Only the reports of the latest call are kept; a failed load is tried afresh next time.
 */
export function prefetchCompareReports(ids: readonly string[]): Promise<ColumnarReport>[] {
  const out = ids.map((id) =>
    loadOnce(id, 'columns', false).then((report) => (report.runs.some((run) => run.lod) ? loadOnce(id, 'json', false) : report)),
  );
  keepOnly(ids);
  return out;
}

/** Start loading a report page's data: its level of detail (once per id while it is pending or kept). */
export function prefetchReport(id: string): Promise<ColumnarReport> {
  const p = loadOnce(id, 'columns', false);
  keepOnly([id]);
  return p;
}

/**
 * The early charts' data (shared/report/first-screen-columns.ts: the view's run only, reduced), at the URL the
 * first screen names (`data-columns`); on this thread, where the page's preload of it is taken.
 */
export function loadFirstScreenColumns(url: string): Promise<ColumnarReport> {
  return columnsOnMainThread(url);
}

/** The report's level of detail (big runs reduced: RunLod); `retry` forgets an earlier load. */
export function loadReportLod(id: string, retry = false): Promise<ColumnarReport> {
  const p = loadOnce(id, 'columns', retry);
  keepOnly([id]);
  return p;
}

/**
 * The report's level of detail if it has arrived already (the entry started its load before the app ran), so
 * that the page renders the report at once rather than a loading state first.
 */
export function arrivedReportLod(id: string): ColumnarReport | undefined {
  return arrived.get(`columns:${id}`);
}

/** The full report (every raw sample); `retry` forgets an earlier load. */
export function loadReport(id: string, retry = false): Promise<ColumnarReport> {
  return loadOnce(id, 'json', retry);
}
