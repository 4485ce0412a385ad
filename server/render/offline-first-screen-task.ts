/**
 * Worker-pool task (the CLI's render pool, the server's parse workers): an offline page's first screen
 * (docs/ui-contract.md §21) as the same markup as the served page's (first-screen.ts firstScreenPage), with
 * the images inside it as data: URLs, so that the offline file paints its first charts at once, before its
 * code is unpacked and its data decoded. One pixel ratio (1×: a 2× screen shows them scaled until the
 * interactive charts replace them) in both themes, as WebP: the PNGs the server serves would be 0.3 MB of
 * the 4 MB log's file, where its limit leaves 0.2 MB; WebP at OFFLINE_FIRST_SCREEN_WEBP_QUALITY makes them
 * about half that.
 */
import type { Lang } from '../../shared/chart/chart-text.js';
import type { ColumnarRun } from '../../shared/report/columnar.js';
import { toRunData } from '../../shared/report/run-data.js';
import { parseViewState } from '../../shared/view/view-state.js';
import { firstScreenFileName, firstScreenPage, headingOf, renderRunFirstScreen, type FirstScreenDrawing } from './first-screen.js';
import { drawRunChart } from './render-chart.js';

export interface OfflineFirstScreenTask {
  /** The run the view shows, as columns (run-charts.ts columnarRun; in shared memory from a pool's caller). */
  run: ColumnarRun;
  fileName: string;
  /** The page's URL query (`?height=300…`, or ''). */
  query: string;
  /** Language of the charts' titles (default English). */
  lang?: Lang;
}

/** WebP quality (0–100) of the offline first-screen images: 70 keeps lines and labels sharp at 1×. */
export const OFFLINE_FIRST_SCREEN_WEBP_QUALITY = 70;

const OFFLINE_DRAWING: FirstScreenDrawing = {
  ratios: [1],
  draw: (run, chart, o) => drawRunChart(run, chart, o, (canvas) => canvas.encode('webp', OFFLINE_FIRST_SCREEN_WEBP_QUALITY)),
  // The canvas encodes on a libuv thread (~7 ms an image), awaited one by one the thread sat idle half of the
  // first screen's time; two at once keep it drawing, with one canvas more (0.6 MB).
  inFlight: 2,
};

/** The first screen's HTML with its images inline; '' when the view leaves nothing to draw. */
export async function offlineFirstScreenTask(task: OfflineFirstScreenTask): Promise<string> {
  const view = parseViewState(task.query);
  const images = await renderRunFirstScreen(toRunData(task.run, task.fileName), view, OFFLINE_DRAWING, undefined, task.lang);
  const urls = new Map<string, string>();
  for (const img of images) {
    for (const v of img.variants) urls.set(firstScreenFileName(v.png), `data:image/webp;base64,${Buffer.from(v.png).toString('base64')}`);
  }
  return firstScreenPage((name) => urls.get(name)!, images, headingOf(task.run.meta.host, task.fileName)).html;
}
