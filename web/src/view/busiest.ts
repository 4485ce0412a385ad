/**
 * Which devices a big host shows first, and how the sidebar sorts them. The page's order itself is declared
 * in shared/view/page-order.ts (busiestFirst, chartLoad); the sidebar's sorting is the page's own.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';

export { BUSIEST_DEVICES, busiestFirst, chartLoad, isDeviceChart, SHOW_MORE_DEVICES } from '../../../shared/view/page-order.js';

export type DeviceSort = 'file' | 'name' | 'busiest';

/** Charts in the order asked for; ties (and `file`) keep the file's order. */
export function sortCharts<T extends ResolvedChart>(charts: readonly T[], by: DeviceSort, load: (c: ResolvedChart) => number): T[] {
  const indexed = charts.map((c, i) => ({ c, i }));
  if (by === 'name') {
    const collator = new Intl.Collator(undefined, { numeric: true });
    indexed.sort((a, b) => collator.compare(a.c.device ?? a.c.heading, b.c.device ?? b.c.heading) || a.i - b.i);
  } else if (by === 'busiest') {
    const loads = new Map(charts.map((c) => [c.key, load(c)]));
    indexed.sort((a, b) => loads.get(b.c.key)! - loads.get(a.c.key)! || a.i - b.i);
  }
  return indexed.map((x) => x.c);
}
