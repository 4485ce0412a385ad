/**
 * The order of a report's charts, pure, declared once for the page (web/src/components/ReportViewer.tsx),
 * its first-screen images (first-screen.ts) and the exports' PNGs (server/export/report-files.ts): the
 * catalogue's sections in order; in each, hidden charts and idle devices left out (unless idle devices are
 * shown), the per-CPU charts replaced by one heatmap from HEATMAP_MIN_CPUS CPUs on (docs/ui-contract.md §8),
 * a disk heatmap over the per-disk charts of a host with more than BUSIEST_DEVICES disks, and a family of
 * more than BUSIEST_DEVICES devices drawn busiest first.
 */
import { chartSections, type ResolvedChart } from '../catalogue/index.js';
import type { SeriesStats } from '../series/stats.js';

/** From this many per-CPU charts on, one heatmap replaces them. */
export const HEATMAP_MIN_CPUS = 16;
/** The heatmap's key where chart keys are listed (hide, DOM ids). */
export const HEATMAP_KEY = 'cpu-heatmap';
/** Device charts per section drawn before "show more" (a total and other single charts come on top). */
export const BUSIEST_DEVICES = 24;
/** The disk heatmap's key where chart keys are listed (hide, DOM ids). */
export const DISK_HEATMAP_KEY = 'disk-heatmap';
/** Device charts each "show more" adds to a section (a multiple of 1–4 columns). */
export const SHOW_MORE_DEVICES = 96;

/** A per-device chart (not a total, not a single chart). */
export function isDeviceChart(chart: ResolvedChart): boolean {
  return chart.device !== null && chart.device !== 'total';
}

export function perCpuCharts(charts: readonly ResolvedChart[]): ResolvedChart[] {
  return charts.filter((c) => c.specId === 'cpu' && c.device !== null && c.device !== 'total');
}

/** Per-disk throughput charts (not the total): the disk heatmap's rows. */
export function perDiskCharts(charts: readonly ResolvedChart[]): ResolvedChart[] {
  return charts.filter((c) => c.specId === 'disk' && isDeviceChart(c));
}

/**
 * What a section draws: a chart, the per-CPU heatmap (in place of the per-CPU charts), or the disk
 * heatmap (above the per-disk charts; `disks` are those drawn: not hidden, not idle unless idle ones are
 * shown, in the file's order).
 */
export type DisplayItem =
  | { kind: 'chart'; chart: ResolvedChart }
  | { kind: 'heatmap'; cpus: ResolvedChart[] }
  | { kind: 'disk-heatmap'; disks: ResolvedChart[] };

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
  /** More than BUSIEST_DEVICES disks and the view's heatmaps on: the page has a disk heatmap (drawn unless hidden). */
  diskHeatmap: boolean;
  /** The disks the disk heatmap draws (empty when it is not drawn). */
  disks: ResolvedChart[];
}

export interface DisplayOptions {
  /** Keys of the device charts idle for the whole run. */
  idle: ReadonlySet<string>;
  /** Family totals that are the same picture as their only busy device (run-data.ts twins): left out, the device stands in. */
  twins?: ReadonlySet<string>;
  /** The view's `idle`: draw them anyway. */
  showIdle: boolean;
  /** The view's `hide`: chart keys (and series ids, which do not hide a chart). */
  hidden: ReadonlySet<string>;
  /** The view's `heatmap`: the per-CPU heatmap from HEATMAP_MIN_CPUS CPUs, the disk heatmap beyond BUSIEST_DEVICES disks. */
  heatmap: boolean;
}

/** The page's sections and what each draws, in order (busiest-first ordering is busiestFirst's). */
export function displaySections(all: readonly ResolvedChart[], o: DisplayOptions): Display {
  const charts = o.twins?.size ? all.filter((c) => !o.twins!.has(c.key)) : all;
  const cpus = perCpuCharts(charts);
  const heatmap = o.heatmap && cpus.length >= HEATMAP_MIN_CPUS;
  const cpuKeys = new Set(cpus.map((c) => c.key));
  const allIdle = charts.filter((c) => o.idle.has(c.key));
  const diskCharts = perDiskCharts(charts);
  const diskKeys = new Set(diskCharts.map((c) => c.key));
  const diskHeatmap = o.heatmap && diskCharts.length > BUSIEST_DEVICES;
  const disks =
    diskHeatmap && !o.hidden.has(DISK_HEATMAP_KEY)
      ? diskCharts.filter((c) => !o.hidden.has(c.key) && (o.showIdle || !o.idle.has(c.key)))
      : [];
  const sections: DisplaySection[] = [];
  for (const s of chartSections(charts)) {
    const items: DisplayItem[] = [];
    let heatmapPlaced = false;
    let diskHeatmapPlaced = disks.length === 0;
    for (const chart of s.charts) {
      if (!diskHeatmapPlaced && diskKeys.has(chart.key)) {
        items.push({ kind: 'disk-heatmap', disks });
        diskHeatmapPlaced = true;
      }
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
  return { sections, idle: o.showIdle ? [] : allIdle, allIdle, cpus, heatmap, diskHeatmap, disks };
}

/**
 * "Busiest" is a device chart's load: the sum of the run averages (from the raw samples, since-boot row
 * left out) of its drawn series — a disk's read + write bytes/s, an interface's receive + send. The average
 * rather than the p95, so that a device busy for a long stretch ranks above one with a short burst. 0 when
 * unknown.
 */
export function chartLoad(chart: ResolvedChart, statsOf: (seriesId: string) => SeriesStats | null | undefined): number {
  let sum = 0;
  for (const s of chart.series) {
    if (s.role === 'hidden') continue;
    for (const id of s.source.ids) {
      const avg = statsOf(id)?.avg;
      if (avg !== undefined && Number.isFinite(avg)) sum += s.source.combine === 'mean' ? avg / s.source.ids.length : avg;
    }
  }
  return sum;
}

/**
 * What a section draws: every item that is not a device chart (totals, single charts, the heatmap) in
 * place, then its device charts. A family of more than `n` devices draws them busiest first, only the `n`
 * busiest unless `all`; `more` counts the device charts left out.
 */
export function busiestFirst<T>(
  items: readonly T[],
  chartOf: (item: T) => ResolvedChart | null,
  load: (c: ResolvedChart) => number,
  n: number = BUSIEST_DEVICES,
  all = false,
): { shown: T[]; more: number } {
  const isDevice = (it: T): boolean => {
    const c = chartOf(it);
    return c !== null && isDeviceChart(c);
  };
  const devices = items.filter(isDevice);
  if (devices.length <= n) return { shown: [...items], more: 0 };
  const loads = new Map(devices.map((it) => [it, load(chartOf(it)!)]));
  const ranked = devices
    .map((it, i) => ({ it, i }))
    .sort((a, b) => loads.get(b.it)! - loads.get(a.it)! || a.i - b.i)
    .map((x) => x.it);
  const top = all ? ranked : ranked.slice(0, n);
  return { shown: [...items.filter((it) => !isDevice(it)), ...top], more: devices.length - top.length };
}

const chartOfItem = (item: DisplayItem): ResolvedChart | null => (item.kind === 'chart' ? item.chart : null);

/**
 * Every chart the page draws for a view, in its order with every section shown in full (every "show more"): what
 * an export draws as PNGs. The heatmaps are the page's own figures and are not among them.
 */
export function pageCharts(charts: readonly ResolvedChart[], o: DisplayOptions, load: (c: ResolvedChart) => number): ResolvedChart[] {
  const out: ResolvedChart[] = [];
  for (const s of displaySections(charts, o).sections) {
    for (const item of busiestFirst(s.items, chartOfItem, load, BUSIEST_DEVICES, true).shown) if (item.kind === 'chart') out.push(item.chart);
  }
  return out;
}
