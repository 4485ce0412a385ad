/**
 * Which charts a report page shows first, pure: the server draws these as images into the page's HTML
 * (server/render/first-screen.ts) so that they show before the app has started, then the app replaces them
 * with its interactive charts. The page's order (page-order.ts) from the top, up to the per-CPU heatmap,
 * which is not drawn as an image, and up to the devices of a family the page draws busiest first.
 */
import type { ResolvedChart } from '../catalogue/index.js';
import { BUSIEST_DEVICES, displaySections, isDeviceChart, type DisplayOptions } from './page-order.js';

export { BUSIEST_DEVICES, HEATMAP_MIN_CPUS, isDeviceChart, perCpuCharts } from './page-order.js';

/** Charts on the first screen: enough to fill a 1400 × 900 screen at two columns with room to scroll. */
export const FIRST_SCREEN_CHARTS = 6;

export type FirstScreenOptions = DisplayOptions;

/**
 * The page's charts from the top, in its order, up to `count`: stopping at a heatmap (not drawn as an
 * image) and at the device charts of a family of more than BUSIEST_DEVICES (the page orders those by load).
 */
export function firstScreenCharts(charts: readonly ResolvedChart[], o: FirstScreenOptions, count = FIRST_SCREEN_CHARTS): ResolvedChart[] {
  const out: ResolvedChart[] = [];
  for (const s of displaySections(charts, o).sections) {
    const many = s.items.filter((it) => it.kind === 'chart' && isDeviceChart(it.chart)).length > BUSIEST_DEVICES;
    for (const item of s.items) {
      if (out.length >= count) return out;
      if (item.kind !== 'chart') return out;
      if (many && isDeviceChart(item.chart)) continue;
      out.push(item.chart);
    }
    // The busiest devices come after the family's other charts, in an order of their own: stop there.
    if (many) return out;
  }
  return out;
}
