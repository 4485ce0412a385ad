/**
 * The data of a report page's early charts (web/src/first-screen-live.ts: the first screen's images made
 * interactive before the app has loaded): the one run the images show, reduced as a big run's level of
 * detail is (lod.ts: every series keeps each bucket's smallest and largest sample, so every peak is drawn at
 * its value) to FIRST_SCREEN_DATA_BUCKETS buckets, about the images' width in CSS px; whole when it has no
 * more than twice as many rows. The page then reads a small file before its first charts answer the pointer,
 * and the report's own data (GET /api/reports/:id/lod, the app's) loads meanwhile off its main thread.
 *
 * Only for a view of the whole run: a window (offset, duration, zoom) or a finding's would be drawn from too
 * few buckets, so those views have none and their early charts wait for the report's data.
 */
import { FIRST_SCREEN_DATA_BUCKETS } from '../limits.js';
import type { ViewState } from '../view/view-state.js';
import type { ColumnarReport, ColumnarRun } from './columnar.js';
import { reduceRun } from './lod.js';

/** Whether a view's early charts draw from the first-screen data: it shows the whole run. */
export function drawsWholeRun(view: Pick<ViewState, 'offset' | 'duration' | 'from' | 'to' | 'finding'>): boolean {
  return view.offset === 0 && view.duration === 0 && view.from === null && view.to === null && view.finding === null;
}

/**
 * A report holding only `run` (the view's), reduced to `buckets` buckets when it has more than twice as many
 * rows: the report's other fields as they are.
 */
export function firstScreenColumns(report: Omit<ColumnarReport, 'runs'>, run: ColumnarRun, buckets = FIRST_SCREEN_DATA_BUCKETS): ColumnarReport {
  return { ...report, runs: [reduceRun(run, buckets, 2 * buckets)] };
}
