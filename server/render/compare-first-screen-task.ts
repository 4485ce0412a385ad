/**
 * Worker-pool task (runs in the parse workers, plugins/parser-pool.ts): a compare page's first screen as
 * HTML and the images it names, for the view of a `/compare?ids=…` query. Off the event loop: drawing two
 * dozen images takes a second or more.
 */
import { gunzipSync } from 'node:zlib';
import { decodeColumnar } from '../../shared/report/columnar-codec.js';
import type { ColumnarReport } from '../../shared/report/columnar.js';
import { parseCompareView } from '../../shared/view/compare-view.js';
import { compareRuns, renderCompareFirstScreen } from './compare-first-screen.js';
import { compareFirstScreenFileUrl, firstScreenPage, type FirstScreenPage } from './first-screen.js';

export interface CompareFirstScreenTask {
  /**
   * Each report the query names, once, as its page loads it (GET /api/reports/:id/lod, gzipped): typed
   * arrays, no JSON to parse; big runs reduced to more points than an image has pixel columns.
   */
  reports: { id: string; lodGz: Uint8Array }[];
  /** The page's URL query (`?ids=…&baseline=1`). */
  query: string;
}

export async function compareFirstScreenTask(task: CompareFirstScreenTask): Promise<FirstScreenPage> {
  const reports = new Map<string, ColumnarReport>();
  for (const r of task.reports) reports.set(r.id, decodeColumnar(new Uint8Array(gunzipSync(r.lodGz))));
  const view = parseCompareView(task.query);
  const picked = compareRuns(reports, view);
  if (!picked) return { html: '', head: '', files: new Map() };
  return firstScreenPage(compareFirstScreenFileUrl, await renderCompareFirstScreen(picked.runs, view), picked.names.join(' · '), { inlineFirstScreen: true });
}
