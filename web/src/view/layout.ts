/**
 * How the viewer lays its charts out: the least width of a chart by the run's length. Which charts are
 * drawn in which order (hidden charts, idle devices, the CPU heatmap) is shared/view/page-order.ts; the part
 * of the run offset/duration keep and the zoom window are shared/view/extent.ts (the server draws the same).
 */

/**
 * Least width of a chart (rem) in the automatic layout, by the run's length: a short log reads well in
 * half a row, a long one needs the width (a 1 h log at 1 s is 3 600 samples; a 30 rem plot shows one pixel
 * column per ~8 of them).
 */
export const CHART_MIN_WIDTH_REM = { short: 30, long: 45, veryLong: 60 } as const;
/** Rows from which a log is long (20 min at 1 s) and very long (1 h at 1 s). */
export const LONG_LOG_ROWS = 1200;
export const VERY_LONG_LOG_ROWS = 3600;

export function chartMinWidthRem(rows: number): number {
  if (rows >= VERY_LONG_LOG_ROWS) return CHART_MIN_WIDTH_REM.veryLong;
  if (rows >= LONG_LOG_ROWS) return CHART_MIN_WIDTH_REM.long;
  return CHART_MIN_WIDTH_REM.short;
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
