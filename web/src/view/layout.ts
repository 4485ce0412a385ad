/**
 * How the viewer lays its charts out: the least width of a chart. Which charts are
 * drawn in which order (hidden charts, idle devices, the CPU heatmap) is shared/view/page-order.ts; the part
 * of the run offset/duration keep and the zoom window are shared/view/extent.ts (the server draws the same).
 */

/**
 * Least width of a chart (rem) in the automatic layout, whatever the log's length: two charts a row from a
 * ~62 rem charts column on (a 1280 px window), so that a 1400 × 900 screen shows four charts of any log
 * and CPU and disk share a screen. A long log's plots are wider when the reader picks one chart a row
 * (Options → "Graphs per row", `cols=1`).
 */
export const CHART_MIN_WIDTH_REM = 30;

export function chartMinWidthRem(_rows?: number): number {
  return CHART_MIN_WIDTH_REM;
}

export { cutExtent, viewFromWindow, windowFromView, type RunTimes } from '../../../shared/view/extent.js';
export {
  DISK_HEATMAP_KEY,
  displaySections,
  HEATMAP_KEY,
  HEATMAP_MIN_CPUS,
  perCpuCharts,
  type Display,
  type DisplayItem,
  type DisplayOptions,
  type DisplaySection,
} from '../../../shared/view/page-order.js';
