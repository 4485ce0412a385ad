/**
 * What the viewer shows for a view, pure: the part of the run offset/duration keep, the zoom window the URL
 * asks for, and which charts are drawn in which section (hidden charts, idle devices, the CPU heatmap).
 */
import { chartSections, type ResolvedChart } from '../../../shared/catalogue/index.js';
import type { TimeWindow } from '../../../shared/series/window.js';
import { clampWindow, minSpanMs, sameWindow } from './zoom.js';

/** From this many per-CPU charts on, one heatmap replaces them (docs/ui-contract.md §8). */
export const HEATMAP_MIN_CPUS = 16;
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

export interface RunTimes {
  /** Time of row 0: the origin of from/to/offset and of the elapsed axis. */
  start: number;
  /** The drawn rows (since-boot row left out); null when none. */
  window: TimeWindow | null;
  intervalMs: number;
}

/**
 * What offset and duration (seconds, as dstat2graphs) keep of the run: from start + offset for duration
 * seconds (0 = to the end), within the drawn rows. Null when nothing is left (offset past the end).
 */
export function cutExtent(run: RunTimes, offsetS: number, durationS: number): TimeWindow | null {
  const base = run.window;
  if (!base) return null;
  const from = run.start + Math.max(0, offsetS) * 1000;
  const t0 = Math.max(base.t0, from);
  const t1 = durationS > 0 ? Math.min(base.t1, from + durationS * 1000) : base.t1;
  if (t0 > base.t1 || t1 < t0) return null;
  return { t0, t1 };
}

/** The window of `from`/`to` (seconds from the run's start) inside the extent; the extent when absent. */
export function windowFromView(run: RunTimes, extent: TimeWindow, from: number | null, to: number | null): TimeWindow {
  if (from === null || to === null || !(to > from)) return { ...extent };
  return clampWindow({ t0: run.start + from * 1000, t1: run.start + to * 1000 }, extent, minSpanMs(run.intervalMs));
}

/** from/to for a window: null/null when it is the whole extent. */
export function viewFromWindow(run: RunTimes, extent: TimeWindow, w: TimeWindow): { from: number | null; to: number | null } {
  if (sameWindow(w, extent, 0.5)) return { from: null, to: null };
  return { from: (w.t0 - run.start) / 1000, to: (w.t1 - run.start) / 1000 };
}

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
  showIdle: boolean;
  hidden: ReadonlySet<string>;
  heatmap: boolean;
}

export function perCpuCharts(charts: readonly ResolvedChart[]): ResolvedChart[] {
  return charts.filter((c) => c.specId === 'cpu' && c.device !== null && c.device !== 'total');
}

export function displaySections(charts: readonly ResolvedChart[], o: DisplayOptions): Display {
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
