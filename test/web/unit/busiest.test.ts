import { describe, expect, it } from 'vitest';
import { resolveCharts, type ResolvedChart, type SeriesInfo } from '../../../shared/catalogue/index.js';
import { BUSIEST_DEVICES, busiestFirst, chartLoad, isDeviceChart, sortCharts } from '../../../web/src/view/busiest.js';
import { chartMinWidthRem, CHART_MIN_WIDTH_REM } from '../../../web/src/view/layout.js';

const info = (group: string, column: string): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit: 'bytes/s', kind: 'number' });
const disks = (names: readonly string[]): ResolvedChart[] =>
  resolveCharts(['total', ...names].flatMap((d) => [info(`dsk/${d}`, 'read'), info(`dsk/${d}`, 'writ')]));

describe('busiest devices', () => {
  const names = Array.from({ length: 30 }, (_, i) => `sd${i}`);
  const charts = disks(names);
  // sd7 the busiest, then sd3; the others by their index; reads and writes both count.
  const avg = new Map<string, number>(names.flatMap((d, i) => [[`dsk/${d}/read`, i], [`dsk/${d}/writ`, d === 'sd7' ? 1000 : d === 'sd3' ? 500 : 0]]));
  avg.set('dsk/total/read', 1e9);
  const load = (c: ResolvedChart): number => chartLoad(c, (id) => ({ count: 1, min: 0, avg: avg.get(id) ?? 0, p95: 0, max: 0 }));

  it('loads a chart with the sum of its drawn series averages', () => {
    const sd7 = charts.find((c) => c.key === 'disk:sd7')!;
    expect(load(sd7)).toBe(7 + 1000);
    expect(chartLoad(sd7, () => null)).toBe(0);
  });

  it('draws the total, then the busiest N, busiest first; all of them on demand', () => {
    const items = charts.map((chart) => ({ chart }));
    const { shown, more } = busiestFirst(items, (i) => i.chart, load);
    expect(shown).toHaveLength(BUSIEST_DEVICES + 1);
    expect(more).toBe(30 - BUSIEST_DEVICES);
    expect(shown.slice(0, 4).map((i) => i.chart.key)).toEqual(['disk:total', 'disk:sd7', 'disk:sd3', 'disk:sd29']);
    const all = busiestFirst(items, (i) => i.chart, load, BUSIEST_DEVICES, true);
    expect(all.shown).toHaveLength(31);
    expect(all.more).toBe(0);
    expect(all.shown.at(-1)!.chart.key).toBe('disk:sd0');
  });

  it('leaves a family of at most N devices as the file has it', () => {
    const few = disks(['b', 'a', 'c']).map((chart) => ({ chart }));
    expect(busiestFirst(few, (i) => i.chart, () => 1).shown.map((i) => i.chart.key)).toEqual(['disk:total', 'disk:b', 'disk:a', 'disk:c']);
  });

  it('sorts devices by name (naturally), by load, or as in the file', () => {
    const devs = charts.filter(isDeviceChart);
    expect(sortCharts(devs, 'name', load).slice(0, 3).map((c) => c.device)).toEqual(['sd0', 'sd1', 'sd2']);
    expect(sortCharts(devs, 'name', load).indexOf(devs.find((c) => c.device === 'sd10')!)).toBe(10);
    expect(sortCharts(devs, 'busiest', load)[0]!.device).toBe('sd7');
    expect(sortCharts(devs, 'file', load)).toEqual(devs);
  });
});

describe('chart width by log length', () => {
  it('is the same for a log of any length: two charts a row in a 62 rem charts column (a 1280 px window)', () => {
    for (const rows of [100, 1200, 3600, 86_400]) expect(chartMinWidthRem(rows)).toBe(CHART_MIN_WIDTH_REM);
    expect(2 * CHART_MIN_WIDTH_REM + 0.8).toBeLessThanOrEqual(62);
  });
});
