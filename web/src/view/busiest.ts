/**
 * Which devices a big host shows first, pure. A family with hundreds of disks or interfaces draws its
 * total and its BUSIEST_DEVICES busiest devices by default; "show all" draws the rest (lazily, see
 * components/LazyChart.tsx), and the sidebar can search and sort every device.
 *
 * "Busiest" is the device chart's load: the sum of the run averages (from the raw samples, since-boot row
 * left out) of its drawn series — a disk's read + write bytes/s, an interface's receive + send. The average
 * rather than the p95 so that a device busy for a long stretch ranks above one with a short burst.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { BUSIEST_DEVICES, isDeviceChart } from '../../../shared/view/first-screen.js';

/** Device charts per section drawn before "show all" (a total and other single charts come on top). */
export { BUSIEST_DEVICES, isDeviceChart };

export type DeviceSort = 'file' | 'name' | 'busiest';

/** Load of a chart: sum of its drawn series' run averages (0 when unknown). */
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

/**
 * What a section draws: every chart that is not a device chart (totals, single charts, the heatmap) in
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
