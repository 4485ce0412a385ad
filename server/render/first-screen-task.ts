/**
 * Worker-pool task (runs in the parse workers, plugins/parser-pool.ts): a stored report's first screen as
 * HTML and the images it names, for the view of a URL query. Off the event loop: parsing the report's JSON
 * and drawing two dozen images takes from 0.2 s to seconds.
 */
import { gunzipSync } from 'node:zlib';
import type { ReportJson } from '../../shared/api/schemas.js';
import { parseViewState } from '../../shared/view/view-state.js';
import { firstScreenFileUrl, firstScreenHeading, firstScreenPage, renderFirstScreen, type FirstScreenPage } from './first-screen.js';

export interface FirstScreenTask {
  /** The report's id: the images' URLs are under its page. */
  id: string;
  reportJsonGz: Uint8Array;
  /** The page's URL query (`?height=300&hide=…`, or ''). */
  query: string;
  /** How many of the page's charts to draw (from the top; renderFirstScreen's `count`). */
  charts: number;
}

export async function firstScreenTask(task: FirstScreenTask): Promise<FirstScreenPage> {
  const report = JSON.parse(gunzipSync(task.reportJsonGz).toString('utf8')) as ReportJson;
  const view = parseViewState(task.query);
  return firstScreenPage((name) => firstScreenFileUrl(task.id, name), await renderFirstScreen(report, view, task.charts), firstScreenHeading(report, view), {
    inlineFirstScreen: true,
  });
}
