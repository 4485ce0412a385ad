import { describe, expect, it } from 'vitest';
import { resolveCharts, type SeriesInfo } from '../../../shared/catalogue/index.js';
import { cutExtent, displaySections, HEATMAP_KEY, viewFromWindow, windowFromView } from '../../../web/src/view/layout.js';
import { clampWindow, minSpanMs, panBy, windowFromDrag, zoomAt } from '../../../shared/view/zoom.js';

const extent = { t0: 1000, t1: 101_000 };

describe('zoom arithmetic', () => {
  it('zooms around the anchor, which stays where it was on screen', () => {
    const w = zoomAt(extent, 26_000, 0.5, extent, 2000);
    expect(w).toEqual({ t0: 13_500, t1: 63_500 });
    // The anchor is a quarter of the way across before and after.
    expect((26_000 - w.t0) / (w.t1 - w.t0)).toBeCloseTo(0.25, 12);
  });

  it('never leaves the extent and never goes below the smallest span', () => {
    expect(zoomAt({ t0: 90_000, t1: 100_000 }, 100_000, 4, extent, 2000)).toEqual({ t0: 60_000, t1: 100_000 });
    expect(zoomAt({ t0: 90_000, t1: 100_000 }, 90_000, 4, extent, 2000)).toEqual({ t0: 61_000, t1: 101_000 });
    expect(zoomAt(extent, 50_000, 1e-9, extent, 2000)).toEqual({ t0: 49_020, t1: 51_020 });
    expect(zoomAt(extent, 50_000, 100, extent, 2000)).toEqual(extent);
  });

  it('pans by a fraction of the window and stops at the ends', () => {
    const w = { t0: 11_000, t1: 31_000 };
    expect(panBy(w, 0.5, extent)).toEqual({ t0: 21_000, t1: 41_000 });
    expect(panBy(w, -1, extent)).toEqual({ t0: 1000, t1: 21_000 });
    expect(panBy(w, 100, extent)).toEqual({ t0: 81_000, t1: 101_000 });
  });

  it('clamps any window: swapped, outside, too small, NaN', () => {
    expect(clampWindow({ t0: 31_000, t1: 11_000 }, extent, 2000)).toEqual({ t0: 11_000, t1: 31_000 });
    expect(clampWindow({ t0: -50_000, t1: -40_000 }, extent, 2000)).toEqual({ t0: 1000, t1: 11_000 });
    expect(clampWindow({ t0: 5000, t1: 5100 }, extent, 2000)).toEqual({ t0: 4050, t1: 6050 });
    expect(clampWindow({ t0: NaN, t1: NaN }, extent, 2000)).toEqual(extent);
  });

  it('turns a drag (either direction, past the plot) into a window', () => {
    const plot = { left: 50, width: 500 };
    expect(windowFromDrag(175, 300, plot, extent)).toEqual({ t0: 26_000, t1: 51_000 });
    expect(windowFromDrag(300, 175, plot, extent)).toEqual({ t0: 26_000, t1: 51_000 });
    expect(windowFromDrag(0, 900, plot, extent)).toEqual(extent);
  });

  it('allows zooming to 4 intervals, at least 2 s', () => {
    expect(minSpanMs(1000)).toBe(4000);
    expect(minSpanMs(100)).toBe(2000);
    expect(minSpanMs(0)).toBe(4000);
  });
});

describe('offset, duration and the URL window', () => {
  // Row 0 at t=0 is the since-boot row; drawn rows from 1 s to 100 s.
  const run = { start: 0, window: { t0: 1000, t1: 100_000 }, intervalMs: 1000 };

  it('cuts like dstat2graphs: offset from the first row, then duration', () => {
    expect(cutExtent(run, 0, 0)).toEqual({ t0: 1000, t1: 100_000 });
    expect(cutExtent(run, 10, 0)).toEqual({ t0: 10_000, t1: 100_000 });
    expect(cutExtent(run, 10, 30)).toEqual({ t0: 10_000, t1: 40_000 });
    expect(cutExtent(run, 90, 3600)).toEqual({ t0: 90_000, t1: 100_000 });
    expect(cutExtent(run, 0.5, 0)).toEqual({ t0: 1000, t1: 100_000 });
  });

  it('says when nothing is left', () => {
    expect(cutExtent(run, 200, 0)).toBeNull();
    expect(cutExtent({ ...run, window: null }, 0, 0)).toBeNull();
  });

  it('reads from/to as seconds from the first row, inside the extent', () => {
    const ext = { t0: 1000, t1: 100_000 };
    expect(windowFromView(run, ext, 20, 50)).toEqual({ t0: 20_000, t1: 50_000 });
    expect(windowFromView(run, ext, null, null)).toEqual(ext);
    expect(windowFromView(run, ext, 0, 5)).toEqual({ t0: 1000, t1: 6000 });
    expect(windowFromView(run, ext, 95, 120)).toEqual({ t0: 75_000, t1: 100_000 });
    expect(windowFromView(run, ext, 500, 600)).toEqual(ext);
    expect(viewFromWindow(run, ext, { t0: 20_000, t1: 50_000 })).toEqual({ from: 20, to: 50 });
    expect(viewFromWindow(run, ext, ext)).toEqual({ from: null, to: null });
  });
});

describe('displaySections', () => {
  const info = (group: string, column: string, unit = '%'): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit, kind: 'number' });
  const cpus = (n: number): SeriesInfo[] =>
    Array.from({ length: n }, (_, i) => ['usr', 'sys', 'idl'].map((c) => info(`cpu${i} usage`, c))).flat();
  const disks = ['vda', 'loop0', 'loop1'].flatMap((d) => [info(`dsk/${d}`, 'read', 'bytes/s'), info(`dsk/${d}`, 'writ', 'bytes/s')]);

  it('draws idle devices only when asked, and lists them', () => {
    const charts = resolveCharts(disks);
    const idle = new Set(['disk:loop0', 'disk:loop1']);
    const d = displaySections(charts, { idle, showIdle: false, hidden: new Set(), heatmap: true });
    const drawn = d.sections.flatMap((s) => s.items.map((i) => (i.kind === 'chart' ? i.chart.key : HEATMAP_KEY)));
    expect(drawn).toEqual(['disk:total', 'disk:vda']);
    expect(d.idle.map((c) => c.key)).toEqual(['disk:loop0', 'disk:loop1']);
    const all = displaySections(charts, { idle, showIdle: true, hidden: new Set(), heatmap: true });
    expect(all.sections[0]!.items).toHaveLength(4);
    expect(all.idle).toEqual([]);
    expect(all.allIdle).toHaveLength(2);
  });

  it('leaves hidden charts out but lists them in their section', () => {
    const charts = resolveCharts(disks);
    const d = displaySections(charts, { idle: new Set(), showIdle: false, hidden: new Set(['disk:vda']), heatmap: true });
    expect(d.sections[0]!.items.map((i) => (i.kind === 'chart' ? i.chart.key : ''))).toEqual(['disk:total', 'disk:loop0', 'disk:loop1']);
    expect(d.sections[0]!.charts).toHaveLength(4);
  });

  it('replaces 16 or more per-CPU charts by one heatmap after the total, unless heatmap=0', () => {
    const sixteen = resolveCharts(cpus(16));
    const d = displaySections(sixteen, { idle: new Set(), showIdle: false, hidden: new Set(), heatmap: true });
    const items = d.sections[0]!.items;
    expect(items.map((i) => (i.kind === 'chart' ? i.chart.key : HEATMAP_KEY))).toEqual(['cpu:total', HEATMAP_KEY]);
    expect(items[1]!.kind === 'heatmap' && items[1]!.cpus.map((c) => c.device)).toEqual(Array.from({ length: 16 }, (_, i) => `cpu${i}`));
    expect(d.heatmap).toBe(true);

    const off = displaySections(sixteen, { idle: new Set(), showIdle: false, hidden: new Set(), heatmap: false });
    expect(off.sections[0]!.items).toHaveLength(17);
    const fifteen = displaySections(resolveCharts(cpus(15)), { idle: new Set(), showIdle: false, hidden: new Set(), heatmap: true });
    expect(fifteen.heatmap).toBe(false);
    expect(fifteen.sections[0]!.items).toHaveLength(16);
    const hidden = displaySections(sixteen, { idle: new Set(), showIdle: false, hidden: new Set([HEATMAP_KEY]), heatmap: true });
    expect(hidden.sections[0]!.items.map((i) => i.kind)).toEqual(['chart']);
  });
});
