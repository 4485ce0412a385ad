/**
 * What the viewer shows for a view, pure: which charts are drawn in which section (hidden charts, idle
 * devices, the CPU heatmap). The part of the run offset/duration keep and the zoom window the URL asks for
 * are in shared/view/extent.ts (the server draws the same window).
 */
import { chartSections, type ResolvedChart } from '../../../shared/catalogue/index.js';
import { HEATMAP_MIN_CPUS, perCpuCharts } from '../../../shared/view/first-screen.js';

export { HEATMAP_MIN_CPUS, perCpuCharts } from '../../../shared/view/first-screen.js';
export const HEATMAP_KEY = 'cpu-heatmap';

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

export type DisplayItem = { kind: 'chart'; chart: ResolvedChart } | { kind: 'heatmap'; cpus: ResolvedChart[] };

export interface DisplaySection {
  section: string;
  /** What is drawn, in order. */
  items: DisplayItem[];
  /** Every chart of the section, idle and hidden ones too (the sidebar lists them). */
  charts: ResolvedChart[];
}

export interface Display {
  sections: DisplaySection[];
  /** Idle device charts not drawn (empty when idle devices are drawn). */
  idle: ResolvedChart[];
  /** Every idle device chart. */
  allIdle: ResolvedChart[];
  /** The per-CPU charts, when there are enough for a heatmap. */
  cpus: ResolvedChart[];
  heatmap: boolean;
}

export interface DisplayOptions {
  idle: ReadonlySet<string>;
  /** Family totals that are the same picture as their only busy device: left out, the device stands in. */
  twins?: ReadonlySet<string>;
  showIdle: boolean;
  hidden: ReadonlySet<string>;
  heatmap: boolean;
}

export function displaySections(all: readonly ResolvedChart[], o: DisplayOptions): Display {
  const charts = o.twins?.size ? all.filter((c) => !o.twins!.has(c.key)) : all;
  const cpus = perCpuCharts(charts);
  const heatmap = o.heatmap && cpus.length >= HEATMAP_MIN_CPUS;
  const cpuKeys = new Set(cpus.map((c) => c.key));
  const allIdle = charts.filter((c) => o.idle.has(c.key));
  const sections: DisplaySection[] = [];
  for (const s of chartSections(charts)) {
    const items: DisplayItem[] = [];
    let heatmapPlaced = false;
    for (const chart of s.charts) {
      if (heatmap && cpuKeys.has(chart.key)) {
        if (!heatmapPlaced && !o.hidden.has(HEATMAP_KEY)) items.push({ kind: 'heatmap', cpus });
        heatmapPlaced = true;
        continue;
      }
      if (o.hidden.has(chart.key)) continue;
      if (!o.showIdle && o.idle.has(chart.key)) continue;
      items.push({ kind: 'chart', chart });
    }
    sections.push({ section: s.section, items, charts: s.charts });
  }
  return { sections, idle: o.showIdle ? [] : allIdle, allIdle, cpus, heatmap };
}
