/**
 * Which charts the server draws as images into a report page's first screen (shared/view/first-screen.ts):
 * the page's order, hidden and idle charts left out, stopping at the count or at the per-CPU heatmap.
 */
import { describe, expect, it } from 'vitest';
import { resolveCharts, type SeriesInfo } from '../../../shared/catalogue/index.js';
import {
  BUSIEST_DEVICES,
  FIRST_SCREEN_CHARTS,
  firstScreenCharts,
  HEATMAP_MIN_CPUS,
  isDeviceChart,
  perCpuCharts,
} from '../../../shared/view/first-screen.js';

const info = (group: string, column: string, unit = '%'): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit, kind: 'number' });
const cpus = (n: number): SeriesInfo[] =>
  [
    ...['usr', 'sys', 'idl'].map((c) => info('total cpu usage', c)),
    ...Array.from({ length: n }, (_, i) => ['usr', 'sys', 'idl'].map((c) => info(`cpu${i} usage`, c))).flat(),
  ];
const disks = ['vda', 'loop0', 'loop1'].flatMap((d) => [info(`dsk/${d}`, 'read', 'bytes/s'), info(`dsk/${d}`, 'writ', 'bytes/s')]);
const none = { idle: new Set<string>(), showIdle: false, hidden: new Set<string>(), heatmap: true };
const keys = (charts: readonly { key: string }[]): string[] => charts.map((c) => c.key);

describe('first-screen charts', () => {
  it('are six, and the heatmap takes over from 16 CPUs', () => {
    expect(FIRST_SCREEN_CHARTS).toBe(6);
    expect(HEATMAP_MIN_CPUS).toBe(16);
  });

  it('perCpuCharts: the CPU charts of single CPUs, not the total', () => {
    expect(keys(perCpuCharts(resolveCharts([...cpus(2), ...disks])))).toEqual(['cpu:cpu0', 'cpu:cpu1']);
    // Nor a CPU chart of no device (an entry of one chart).
    const single = { ...resolveCharts(cpus(0))[0]!, key: 'cpu:single', device: null };
    expect(perCpuCharts([single])).toEqual([]);
  });

  it('isDeviceChart: a chart of one device, not a total, not a chart of no device', () => {
    const charts = resolveCharts([...cpus(2), ...disks]);
    expect(charts.filter(isDeviceChart).map((c) => c.key)).toEqual(['disk:vda', 'disk:loop0', 'disk:loop1', 'cpu:cpu0', 'cpu:cpu1']);
    expect(isDeviceChart({ ...charts[0]!, device: null })).toBe(false);
  });

  it('take the charts in page order (sections, then their charts) up to the count', () => {
    const charts = resolveCharts([...cpus(2), ...disks]);
    expect(keys(firstScreenCharts(charts, none, 5))).toEqual(['disk:total', 'disk:vda', 'disk:loop0', 'disk:loop1', 'cpu:total']);
    expect(firstScreenCharts(charts, none)).toHaveLength(FIRST_SCREEN_CHARTS);
    expect(firstScreenCharts(charts, none, 0)).toEqual([]);
  });

  it('leave out hidden charts, and idle ones unless idle devices are shown', () => {
    const charts = resolveCharts(disks);
    const idle = new Set(['disk:loop0']);
    expect(keys(firstScreenCharts(charts, { ...none, idle }))).toEqual(['disk:total', 'disk:vda', 'disk:loop1']);
    expect(keys(firstScreenCharts(charts, { ...none, idle, showIdle: true }))).toEqual(['disk:total', 'disk:vda', 'disk:loop0', 'disk:loop1']);
    expect(keys(firstScreenCharts(charts, { ...none, hidden: new Set(['disk:vda']) }))).toEqual(['disk:total', 'disk:loop0', 'disk:loop1']);
  });

  it('stop at the first per-CPU chart when the heatmap replaces them (16 CPUs or more, heatmap on)', () => {
    const disksThenCpuTotal = ['disk:total', 'disk:vda', 'disk:loop0', 'disk:loop1', 'cpu:total'];
    const sixteen = resolveCharts([...cpus(16), ...disks]);
    expect(keys(firstScreenCharts(sixteen, none, 7))).toEqual(disksThenCpuTotal);
    expect(keys(firstScreenCharts(sixteen, { ...none, heatmap: false }, 7))).toEqual([...disksThenCpuTotal, 'cpu:cpu0', 'cpu:cpu1']);
    const fifteen = resolveCharts([...cpus(15), ...disks]);
    expect(keys(firstScreenCharts(fifteen, none, 7))).toEqual([...disksThenCpuTotal, 'cpu:cpu0', 'cpu:cpu1']);
  });

  it('stop at the device charts of a family the page draws busiest first (more than BUSIEST_DEVICES drawn)', () => {
    const names = Array.from({ length: BUSIEST_DEVICES + 1 }, (_, i) => `sd${i}`);
    const many = names.flatMap((d) => [info(`dsk/${d}`, 'read', 'bytes/s'), info(`dsk/${d}`, 'writ', 'bytes/s')]);
    const charts = resolveCharts([...cpus(2), ...many]);
    const noHeatmap = { ...none, heatmap: false };
    // The family's total is drawn in place; its devices come busiest first: nothing after them.
    expect(keys(firstScreenCharts(charts, noHeatmap, 99))).toEqual(['disk:total']);
    // With the heatmaps on, more than BUSIEST_DEVICES disks have a disk heatmap after their total: it stops there.
    expect(keys(firstScreenCharts(charts, none, 99))).toEqual(['disk:total']);
    // One of them idle: BUSIEST_DEVICES drawn, in the file's order, and the page goes on.
    const idle = new Set(['disk:sd0']);
    expect(keys(firstScreenCharts(charts, { ...noHeatmap, idle }, 99))).toEqual([
      'disk:total',
      ...names.slice(1).map((d) => `disk:${d}`),
      'cpu:total',
      'cpu:cpu0',
      'cpu:cpu1',
    ]);
  });
});
