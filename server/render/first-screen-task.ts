/**
 * Worker-pool task (runs in the parse workers, plugins/parser-pool.ts): a stored report's first screen as
 * HTML and the images it names, for the view of a URL query. Off the event loop: parsing the report's JSON
 * and drawing two dozen images takes from 0.2 s to seconds.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ReportJson } from '../../shared/api/schemas.js';
import { encodeColumnar } from '../../shared/report/columnar-codec.js';
import { drawsWholeRun, firstScreenColumns } from '../../shared/report/first-screen-columns.js';
import { toRunData } from '../../shared/report/run-data.js';
import { parseViewState } from '../../shared/view/view-state.js';
import { firstScreenFileUrl, firstScreenHeading, firstScreenPage, renderRunFirstScreen, type FirstScreenPage } from './first-screen.js';
import { columnarRun } from './run-charts.js';

export interface FirstScreenTask {
  /** The report's id: the images' URLs are under its page. */
  id: string;
  reportJsonGz: Uint8Array;
  /** The page's URL query (`?height=300&hide=…`, or ''). */
  query: string;
  /** How many of the page's charts to draw (from the top; renderRunFirstScreen's `count`). */
  charts: number;
}

export async function firstScreenTask(task: FirstScreenTask): Promise<FirstScreenPage> {
  const report = JSON.parse(gunzipSync(task.reportJsonGz).toString('utf8')) as ReportJson;
  const view = parseViewState(task.query);
  const run = columnarRun(report, view.run);
  const images = run ? await renderRunFirstScreen(toRunData(run, report.fileName), view, undefined, task.charts) : [];
  // The early charts' data, with the images (the view's run, reduced), for a view of the whole run.
  const columnsGz = run && images.length > 0 && drawsWholeRun(view) ? gzipSync(encodeColumnar(firstScreenColumns(report, run))) : undefined;
  return firstScreenPage((name) => firstScreenFileUrl(task.id, name), images, firstScreenHeading(report, view), {
    inlineFirstScreen: true,
    ...(columnsGz ? { columnsGz: new Uint8Array(columnsGz.buffer, columnsGz.byteOffset, columnsGz.byteLength) } : {}),
  });
}
