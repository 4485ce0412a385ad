/**
 * Which charts a report page shows first, pure: the server draws these as images into the page's HTML
 * (server/render/first-screen.ts) so that they show before the app has started, then the app replaces them
 * with its interactive charts. The same order as the page: catalogue sections, hidden and idle charts
 * left out (unless idle devices are shown), up to the per-CPU heatmap, which is not drawn as an image, and up
 * to the devices of a family the page draws busiest first.
 */
import { chartSections, type ResolvedChart } from '../catalogue/index.js';

/** From this many per-CPU charts on, one heatmap replaces them (docs/ui-contract.md §8). */
export const HEATMAP_MIN_CPUS = 16;

/** Charts on the first screen: enough to fill a 1400 × 900 screen at two columns with room to scroll. */
export const FIRST_SCREEN_CHARTS = 6;

/**
 * Device charts of a section drawn before "show all" (web/src/view/busiest.ts): a family with more draws its
 * busiest first, an order known only from the statistics the page computes.
 */
export const BUSIEST_DEVICES = 24;

/** A per-device chart (not a total, not a single chart). */
export function isDeviceChart(chart: ResolvedChart): boolean {
  return chart.device !== null && chart.device !== 'total';
}

export function perCpuCharts(charts: readonly ResolvedChart[]): ResolvedChart[] {
  return charts.filter((c) => c.specId === 'cpu' && c.device !== null && c.device !== 'total');
}

export interface FirstScreenOptions {
  idle: ReadonlySet<string>;
  /** Family totals that equal their only busy device (twinTotalKeys): not drawn. */
  twins?: ReadonlySet<string>;
  showIdle: boolean;
  hidden: ReadonlySet<string>;
  heatmap: boolean;
}

/**
 * The page's charts from the top, in its order, up to `count`: stopping at the heatmap (not drawn as an
 * image) and at the device charts of a family of more than BUSIEST_DEVICES (the page orders those by load).
 */
export function firstScreenCharts(charts: readonly ResolvedChart[], o: FirstScreenOptions, count = FIRST_SCREEN_CHARTS): ResolvedChart[] {
  const cpus = new Set(perCpuCharts(charts).map((c) => c.key));
  const heatmap = o.heatmap && cpus.size >= HEATMAP_MIN_CPUS;
  const drawn = (chart: ResolvedChart): boolean =>
    !o.hidden.has(chart.key) && !o.twins?.has(chart.key) && (o.showIdle || !o.idle.has(chart.key));
  const out: ResolvedChart[] = [];
  for (const s of chartSections(charts)) {
    const many = s.charts.filter((c) => drawn(c) && isDeviceChart(c)).length > BUSIEST_DEVICES;
    for (const chart of s.charts) {
      if (out.length >= count) return out;
      if (heatmap && cpus.has(chart.key)) return out;
      if (!drawn(chart)) continue;
      if (many && isDeviceChart(chart)) continue;
      out.push(chart);
    }
    // The busiest devices come after the family's other charts, in an order of their own: stop there.
    if (many) return out;
  }
  return out;
}
