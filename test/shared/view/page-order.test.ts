/**
 * The page's order (shared/view/page-order.ts) on a host with many disks: a disk heatmap after the disk
 * total and before the per-disk charts from BUSIEST_DEVICES + 1 disks on, drawing the disks the page would
 * (not hidden, not idle unless idle ones are shown); none with `heatmap=0` or when hidden. The exports'
 * charts (pageCharts) keep every disk chart, in the page's order, the heatmap not among them. "Show more"
 * pages (busiestFirst with a larger count) add SHOW_MORE_DEVICES device charts each, busiest first.
 */
import { describe, expect, it } from 'vitest';
import { resolveCharts, type SeriesInfo } from '../../../shared/catalogue/index.js';
import {
  BUSIEST_DEVICES,
  busiestFirst,
  DISK_HEATMAP_KEY,
  displaySections,
  pageCharts,
  SHOW_MORE_DEVICES,
  type DisplayItem,
} from '../../../shared/view/page-order.js';

const info = (group: string, column: string, unit = '%'): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit, kind: 'number' });
const diskSeries = (names: readonly string[]): SeriesInfo[] =>
  names.flatMap((d) => [info(`dsk/${d}`, 'read', 'bytes/s'), info(`dsk/${d}`, 'writ', 'bytes/s')]);
const cpu = ['usr', 'sys', 'idl'].map((c) => info('total cpu usage', c));
const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `sd${i}`);
const none = { idle: new Set<string>(), showIdle: false, hidden: new Set<string>(), heatmap: true };
const itemKey = (i: DisplayItem): string => (i.kind === 'chart' ? i.chart.key : i.kind === 'heatmap' ? 'cpu-heatmap' : DISK_HEATMAP_KEY);
const diskSection = (d: ReturnType<typeof displaySections>) => d.sections.find((s) => s.section === 'Disk I/O')!;

describe('the disk heatmap', () => {
  it('comes after the disk total and before the disks from BUSIEST_DEVICES + 1 disks on', () => {
    const charts = resolveCharts([...cpu, ...diskSeries(names(BUSIEST_DEVICES + 1))]);
    const d = displaySections(charts, none);
    const items = diskSection(d).items;
    expect(items.slice(0, 3).map(itemKey)).toEqual(['disk:total', DISK_HEATMAP_KEY, 'disk:sd0']);
    expect(items.filter((i) => i.kind === 'disk-heatmap')).toHaveLength(1);
    expect(d.diskHeatmap).toBe(true);
    expect(d.disks.map((c) => c.key)).toEqual(names(BUSIEST_DEVICES + 1).map((n) => `disk:${n}`));
    // Only the disk section has it.
    for (const s of d.sections.filter((x) => x.section !== 'Disk I/O')) expect(s.items.some((i) => i.kind === 'disk-heatmap')).toBe(false);
  });

  it('is not there for BUSIEST_DEVICES disks or fewer, with heatmap=0, or when hidden', () => {
    const few = resolveCharts([...cpu, ...diskSeries(names(BUSIEST_DEVICES))]);
    expect(displaySections(few, none).diskHeatmap).toBe(false);
    expect(diskSection(displaySections(few, none)).items.some((i) => i.kind === 'disk-heatmap')).toBe(false);
    const many = resolveCharts([...cpu, ...diskSeries(names(BUSIEST_DEVICES + 5))]);
    const off = displaySections(many, { ...none, heatmap: false });
    expect(off.diskHeatmap).toBe(false);
    expect(diskSection(off).items.some((i) => i.kind === 'disk-heatmap')).toBe(false);
    const hidden = displaySections(many, { ...none, hidden: new Set([DISK_HEATMAP_KEY]) });
    expect(hidden.diskHeatmap, 'the host still has one (the sidebar lists it to show again)').toBe(true);
    expect(hidden.disks).toEqual([]);
    expect(diskSection(hidden).items.some((i) => i.kind === 'disk-heatmap')).toBe(false);
  });

  it('draws the disks the page draws: not hidden, not idle unless idle devices are shown', () => {
    const charts = resolveCharts([...cpu, ...diskSeries(names(30))]);
    const o = { ...none, idle: new Set(['disk:sd3', 'disk:sd4']), hidden: new Set(['disk:sd7']) };
    const keys = displaySections(charts, o).disks.map((c) => c.key);
    expect(keys).toHaveLength(27);
    expect(keys).not.toContain('disk:sd3');
    expect(keys).not.toContain('disk:sd7');
    expect(displaySections(charts, { ...o, showIdle: true }).disks.map((c) => c.key)).toContain('disk:sd3');
  });

  it('leaves the exports\' charts as they were: every disk, busiest first, no heatmap', () => {
    const charts = resolveCharts([...cpu, ...diskSeries(names(40))]);
    const load = (c: { device: string | null }): number => Number(c.device?.slice(2) ?? 0);
    const keys = pageCharts(charts, none, load).map((c) => c.key);
    const off = pageCharts(charts, { ...none, heatmap: false }, load).map((c) => c.key);
    expect(keys).toEqual(off);
    const disks = keys.filter((k) => k.startsWith('disk:sd'));
    expect(disks).toHaveLength(40);
    expect(disks[0], 'busiest first').toBe('disk:sd39');
  });
});

describe('"show more"', () => {
  it('adds SHOW_MORE_DEVICES device charts at a time, busiest first, after the section\'s other items', () => {
    const charts = resolveCharts([...cpu, ...diskSeries(names(300))]);
    const items = diskSection(displaySections(charts, none)).items;
    const chartOf = (i: DisplayItem) => (i.kind === 'chart' ? i.chart : null);
    const load = (c: { device: string | null }): number => Number(c.device?.slice(2) ?? 0);
    const first = busiestFirst(items, chartOf, load);
    expect(first.shown.map(itemKey).slice(0, 3)).toEqual(['disk:total', DISK_HEATMAP_KEY, 'disk:sd299']);
    expect(first.shown).toHaveLength(2 + BUSIEST_DEVICES);
    expect(first.more).toBe(300 - BUSIEST_DEVICES);
    const next = busiestFirst(items, chartOf, load, BUSIEST_DEVICES + SHOW_MORE_DEVICES);
    expect(next.shown).toHaveLength(2 + BUSIEST_DEVICES + SHOW_MORE_DEVICES);
    expect(next.more).toBe(300 - BUSIEST_DEVICES - SHOW_MORE_DEVICES);
    expect(itemKey(next.shown[next.shown.length - 1]!)).toBe(`disk:sd${300 - BUSIEST_DEVICES - SHOW_MORE_DEVICES}`);
    expect(SHOW_MORE_DEVICES % 12, 'whole rows at 1 to 4 columns').toBe(0);
  });
});
