import { describe, expect, it } from 'vitest';
import { idleChartKeys, isIdleSeries, resolveCharts, type SeriesInfo, type SeriesSource } from '../../../shared/catalogue/index.js';
import { fixtureSeries } from './headers.js';

const info = (group: string, column: string, unit = 'bytes/s'): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit, kind: 'number' });

describe('isIdleSeries', () => {
  it('is true when every value is 0 or empty', () => {
    expect(isIdleSeries(Float64Array.from([0, 0, NaN, 0]))).toBe(true);
    expect(isIdleSeries(new Float64Array(0))).toBe(true);
    expect(isIdleSeries(Float64Array.from([0, 0.001]))).toBe(false);
    expect(isIdleSeries(Float64Array.from([0, -1]))).toBe(false);
  });

  it('looks only at rows from `from` on (the since-boot row does not count)', () => {
    expect(isIdleSeries(Float64Array.from([123, 0, 0]), 1)).toBe(true);
    expect(isIdleSeries(Float64Array.from([123, 0, 0]), 0)).toBe(false);
    expect(isIdleSeries(Float64Array.from([123, 0, 0]), -1)).toBe(false);
  });

  it('looks only at rows before `to`, clamped to the series', () => {
    expect(isIdleSeries(Float64Array.from([0, 0, 5]), 0, 2)).toBe(true);
    expect(isIdleSeries(Float64Array.from([0, 0, 5]), 0, 3)).toBe(false);
    expect(isIdleSeries(Float64Array.from([0, 0, 5]), 0, 99)).toBe(false);
    expect(isIdleSeries([0, 0, 5], 2, 3)).toBe(false);
  });
});

describe('idleChartKeys', () => {
  const series = [
    ...['vda', 'loop0', 'zram0'].flatMap((d) => [info(`dsk/${d}`, 'read'), info(`dsk/${d}`, 'writ')]),
    ...['vda', 'loop0'].flatMap((d) => [info(`io/${d}`, 'read', '/s'), info(`io/${d}`, 'writ', '/s')]),
    info('net/eth0', 'recv'),
    info('net/eth0', 'send'),
    info('net/lo', 'recv'),
    info('net/lo', 'send'),
    ...['cpu0 usage', 'cpu1 usage'].flatMap((g) => [info(g, 'usr', '%'), info(g, 'idl', '%')]),
  ];
  const busy = new Set(['dsk/vda/writ', 'io/vda/read', 'net/eth0/recv', 'cpu0 usage/usr']);
  const values = (s: SeriesSource): Float64Array =>
    Float64Array.from([50, 0, 0, 0], (v, i) => (i === 0 ? v : s.ids.some((id) => busy.has(id)) ? 7 : 0));

  it('finds the per-device disks, IOPS and interfaces at zero, never totals or CPUs', () => {
    const charts = resolveCharts(series);
    expect([...idleChartKeys(charts, values, 1)].sort()).toEqual(['disk:loop0', 'disk:zram0', 'iops:loop0', 'net:lo']);
  });

  it('a series whose values cannot be found does not make a chart idle; a chart without series is not idle', () => {
    const charts = resolveCharts(series);
    const lookupFails = (s: SeriesSource): Float64Array | null => (s.ids.includes('dsk/loop0/writ') ? null : values(s));
    expect([...idleChartKeys(charts, lookupFails, 1)].sort()).toEqual(['disk:zram0', 'iops:loop0', 'net:lo']);
    const loop0 = charts.find((c) => c.key === 'disk:loop0')!;
    expect(idleChartKeys([{ ...loop0, series: [] }], values, 1).size).toBe(0);
  });

  it('counts the since-boot row unless told to leave it out', () => {
    const charts = resolveCharts(series);
    expect(idleChartKeys(charts, values, 0).size).toBe(0);
  });

  it('marks which charts may be collapsed in the catalogue', () => {
    const charts = resolveCharts(series);
    const collapsible = charts.filter((c) => c.collapseIdle).map((c) => c.key);
    // net:eth0 is the network's only counted interface (lo is not in dstat's total): it stands for the family.
    expect(collapsible).toEqual(['disk:vda', 'disk:loop0', 'disk:zram0', 'iops:vda', 'iops:loop0', 'net:lo']);
  });

  it('never collapses a family whose every device is idle: its total, or the device standing for it, stays', () => {
    const quiet = (): Float64Array => Float64Array.from([5, 0, 0, 0]);
    const oneNic = resolveCharts([info('net/eth0', 'recv'), info('net/eth0', 'send')]);
    expect([...idleChartKeys(oneNic, quiet, 1)]).toEqual([]);
    const withTotal = resolveCharts([
      ...['total', 'eth0', 'eth1'].flatMap((d) => [info(`net/${d}`, 'recv'), info(`net/${d}`, 'send')]),
    ]);
    expect([...idleChartKeys(withTotal, quiet, 1)].sort()).toEqual(['net:eth0', 'net:eth1']);
    const derived = resolveCharts(['sda', 'sdb'].flatMap((d) => [info(`dsk/${d}`, 'read'), info(`dsk/${d}`, 'writ')]));
    expect(derived.map((c) => c.key)).toContain('disk:total');
    expect([...idleChartKeys(derived, quiet, 1)].sort()).toEqual(['disk:sda', 'disk:sdb']);
  });

  it('d072: loop0..7 and zram0 are idle in the real file', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseDstat } = await import('../../../shared/dstat/parse-dstat.js');
    const { fixturePath } = await import('../../helpers/fixtures.js');
    const log = parseDstat(readFileSync(fixturePath('d072_tfvnrl.csv'), 'utf8'));
    const run = log.runs[0]!;
    const charts = resolveCharts(fixtureSeries('d072_tfvnrl.csv'));
    const byId = new Map(run.series.filter((s) => s.kind === 'number').map((s) => [s.id, s.values as Float64Array]));
    const idle = idleChartKeys(charts, (s) => byId.get(s.ids[0]!) ?? null, run.firstRowIsSinceBoot ? 1 : 0);
    const loops = ['loop0', 'loop1', 'loop2', 'loop3', 'loop4', 'loop5', 'loop6', 'loop7', 'zram0'];
    expect([...idle].sort()).toEqual([...loops.map((d) => `disk:${d}`), ...loops.map((d) => `iops:${d}`)].sort());
  });
});
