/**
 * Worker-pool task (runs in the parse workers, plugins/parser-pool.ts): a stored report's first screen as
 * HTML with its images, for the view of a URL query. Off the event loop: parsing the report's JSON and
 * drawing a dozen images takes from 0.2 s to seconds.
 */
import { gunzipSync } from 'node:zlib';
import type { ReportJson } from '../../shared/api/schemas.js';
import { parseViewState } from '../../shared/view/view-state.js';
import { firstScreenHeading, firstScreenHtml, renderFirstScreen } from './first-screen.js';

export interface FirstScreenTask {
  reportJsonGz: Uint8Array;
  /** The page's URL query (`?height=300&hide=…`, or ''). */
  query: string;
}

export async function firstScreenTask(task: FirstScreenTask): Promise<string> {
  const report = JSON.parse(gunzipSync(task.reportJsonGz).toString('utf8')) as ReportJson;
  const view = parseViewState(task.query);
  return firstScreenHtml(await renderFirstScreen(report, view), firstScreenHeading(report, view));
}
