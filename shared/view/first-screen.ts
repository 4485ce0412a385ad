/**
 * Which charts a report page shows first, pure: the server draws these as images into the page's HTML
 * (server/render/first-screen.ts) so that they show before the app has started, then the app replaces them
 * with its interactive charts. The same order as the page: catalogue sections, hidden and idle charts
 * left out (unless idle devices are shown), up to the per-CPU heatmap, which is not drawn as an image.
 */
import { chartSections, type ResolvedChart } from '../catalogue/index.js';

/** From this many per-CPU charts on, one heatmap replaces them (docs/ui-contract.md §8). */
export const HEATMAP_MIN_CPUS = 16;

/** Charts drawn as images: enough to fill a 1400 × 900 screen at two columns with room to scroll. */
export const FIRST_SCREEN_CHARTS = 6;

export function perCpuCharts(charts: readonly ResolvedChart[]): ResolvedChart[] {
  return charts.filter((c) => c.specId === 'cpu' && c.device !== null && c.device !== 'total');
}

export interface FirstScreenOptions {
  idle: ReadonlySet<string>;
  showIdle: boolean;
  hidden: ReadonlySet<string>;
  heatmap: boolean;
}

export function firstScreenCharts(charts: readonly ResolvedChart[], o: FirstScreenOptions, count = FIRST_SCREEN_CHARTS): ResolvedChart[] {
  const cpus = new Set(perCpuCharts(charts).map((c) => c.key));
  const heatmap = o.heatmap && cpus.size >= HEATMAP_MIN_CPUS;
  const out: ResolvedChart[] = [];
  for (const s of chartSections(charts)) {
    for (const chart of s.charts) {
      if (out.length >= count) return out;
      if (heatmap && cpus.has(chart.key)) return out;
      if (o.hidden.has(chart.key) || (!o.showIdle && o.idle.has(chart.key))) continue;
      out.push(chart);
    }
  }
  return out;
}
