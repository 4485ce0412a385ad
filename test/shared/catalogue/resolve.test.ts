import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  chartSections,
  combineValues,
  resolveCharts,
  sourceValues,
  textSeries,
  type ResolvedChart,
  type SeriesInfo,
} from '../../../shared/catalogue/index.js';
import { fixtureSeries, headerColumns, seriesFrom } from './headers.js';

const keys = (charts: readonly ResolvedChart[]): string[] => charts.map((c) => c.key);
const chart = (charts: readonly ResolvedChart[], key: string): ResolvedChart => {
  const c = charts.find((x) => x.key === key);
  if (!c) throw new Error(`no chart ${key} in ${keys(charts).join(' ')}`);
  return c;
};
const drawn = (c: ResolvedChart): string[] => c.series.filter((s) => s.role !== 'hidden').map((s) => s.column);

const STACKED_ENTRIES = ['procs', 'memory', 'swap', 'cpu'];
const ROLE_ORDER = ['band', 'line', 'hidden'];

const LOOPS = ['loop0', 'loop1', 'loop2', 'loop3', 'loop4', 'loop5', 'loop6', 'loop7', 'vda', 'zram0'];

/** d072_tfvnrl.csv (dstat 0.7.2 -tfvnrl), written out by hand from its two header rows. */
const D072_HEADER: [string, string][] = [
  ['procs', 'run'], ['procs', 'blk'], ['procs', 'new'],
  ['memory usage', 'used'], ['memory usage', 'buff'], ['memory usage', 'cach'], ['memory usage', 'free'],
  ['paging', 'in'], ['paging', 'out'],
  ...LOOPS.flatMap((d): [string, string][] => [[`dsk/${d}`, 'read'], [`dsk/${d}`, 'writ']]),
  ['system', 'int'], ['system', 'csw'],
  ...['cpu0 usage', 'cpu1 usage'].flatMap((g) =>
    ['usr', 'sys', 'idl', 'wai', 'hiq', 'siq'].map((c): [string, string] => [g, c]),
  ),
  ['net/eth0', 'recv'], ['net/eth0', 'send'],
  ...LOOPS.flatMap((d): [string, string][] => [[`io/${d}`, 'read'], [`io/${d}`, 'writ']]),
  ['load avg', '1m'], ['load avg', '5m'], ['load avg', '15m'],
];

describe('resolveCharts on real header rows', () => {
  it('reads the d072 header as written out by hand (the helper is right)', () => {
    expect(headerColumns('d072_tfvnrl.csv')).toEqual(D072_HEADER);
  });

  it('d072_tfvnrl (dstat 0.7.2, per-CPU and per-disk, no totals): dstat2graphs order, totals computed', () => {
    const charts = resolveCharts(seriesFrom(D072_HEADER));
    expect(keys(charts)).toEqual([
      'procs',
      'procs-new',
      'memory',
      'paging',
      'disk:total',
      ...LOOPS.map((d) => `disk:${d}`),
      'iops:total',
      ...LOOPS.map((d) => `iops:${d}`),
      'interrupts',
      'csw',
      'cpu:total',
      'cpu:cpu0',
      'cpu:cpu1',
      'net:eth0', // one interface: no computed total (it would be the same chart)
      'load',
    ]);
    const cpu1 = chart(charts, 'cpu:cpu1');
    expect(cpu1.heading).toBe('CPU usage cpu1');
    expect(cpu1.stacked).toBe(true);
    expect(cpu1.yMax).toBe(100);
    expect(cpu1.series.map((s) => [s.column, s.role])).toEqual([
      ['usr', 'band'],
      ['sys', 'band'],
      ['hiq', 'band'],
      ['siq', 'band'],
      ['wai', 'band'],
      ['idl', 'hidden'],
    ]);
    const cpuTotal = chart(charts, 'cpu:total');
    expect(cpuTotal.series[0]!.source).toEqual({ combine: 'mean', ids: ['cpu0 usage/usr', 'cpu1 usage/usr'] });
    expect(cpuTotal.note).toContain('mean of 2 CPUs (cpu0, cpu1)');
    expect(cpuTotal.note).toContain('no total cpu usage');

    const diskTotal = chart(charts, 'disk:total');
    expect(diskTotal.heading).toBe('Disk I/O');
    expect(diskTotal.series.map((s) => s.label)).toEqual(['read', 'write']);
    expect(diskTotal.series[1]!.source).toEqual({ combine: 'sum', ids: LOOPS.map((d) => `dsk/${d}/writ`) });
    expect(diskTotal.note).toContain('sum of 10 disks');
    expect(diskTotal.yLimit).toBe('diskBytes');
    expect(chart(charts, 'disk:vda').heading).toBe('Disk I/O vda');
    expect(chart(charts, 'iops:vda').unit).toBe('/s');
    expect(chart(charts, 'net:eth0').heading).toBe('Network I/O eth0');
    expect(chart(charts, 'net:eth0').yLimit).toBe('netBytes');

    const memory = chart(charts, 'memory');
    expect(memory.series.map((s) => [s.label, s.role])).toEqual([
      ['used', 'band'],
      ['buffers', 'band'],
      ['cached', 'band'],
      ['free', 'band'],
    ]);
    expect(memory.scaleToTotal).toBe(true);
    expect(drawn(chart(charts, 'procs'))).toEqual(['run', 'blk']);
    expect(drawn(chart(charts, 'procs-new'))).toEqual(['new']);
    expect(drawn(chart(charts, 'interrupts'))).toEqual(['int']);
    expect(drawn(chart(charts, 'csw'))).toEqual(['csw']);
    expect(drawn(chart(charts, 'load'))).toEqual(['1m', '5m', '15m']);
  });

  it('d073 -T with explicit lists and many plugins: given totals used, plugins get generic charts', () => {
    const series = fixtureSeries('d073_T-explicit-lists-many-plugins.csv');
    const charts = resolveCharts(series);
    expect(keys(charts)).toEqual([
      'procs',
      'procs-new',
      'memory',
      'swap',
      'paging',
      'disk:total',
      'disk:vda',
      'interrupts',
      'csw',
      'cpu:total',
      'cpu:cpu0',
      'cpu:cpu1',
      'net:total',
      'net:lo',
      'net:eth0',
      'load',
      'other:tcp sockets',
      'other:sockets',
      'other:virtual memory',
      'other:async',
      'other:filesystem',
      'other:sysv ipc',
      'other:file locks',
      'other:raw',
      'other:unix sockets',
    ]);
    expect(chart(charts, 'disk:total').note).toBeNull();
    expect(chart(charts, 'disk:total').series[0]!.source).toEqual({ combine: 'one', ids: ['dsk/total/read'] });
    expect(drawn(chart(charts, 'cpu:total'))).toEqual(['usr', 'sys', 'wai', 'stl']);
    expect(chart(charts, 'other:tcp sockets').heading).toBe('tcp sockets');
    expect(chart(charts, 'other:tcp sockets').section).toBe('Other');
    expect(drawn(chart(charts, 'other:tcp sockets'))).toEqual(['lis', 'act', 'syn', 'tim', 'clo']);
    expect(textSeries(series).map((s) => s.column)).toEqual(['cpu process', 'i/o process']);
  });

  it('pcp_tfvnrl (pcp-dstat: per-CPU only, prefixed names, buf, io/total): computed totals leave lo out', () => {
    const charts = resolveCharts(fixtureSeries('pcp_tfvnrl.csv'));
    expect(keys(charts)).toEqual([
      'procs',
      'procs-new',
      'memory',
      'paging',
      'disk:vda', // a single disk: no computed total
      'iops:total',
      'interrupts',
      'csw',
      'cpu:total',
      'cpu:cpu0',
      'cpu:cpu1',
      'net:total',
      'net:lo',
      'net:ifb0',
      'net:ifb1',
      'net:eth0',
      'load',
    ]);
    expect(chart(charts, 'memory').series.map((s) => s.label)).toEqual(['used', 'buffers', 'cached', 'free']);
    expect(chart(charts, 'memory').series[1]!.column).toBe('buf');
    const net = chart(charts, 'net:total');
    expect(net.series[0]!.source.ids).toEqual(['net/ifb0/recv', 'net/ifb1/recv', 'net/eth0/recv']);
    expect(net.note).toContain('sum of 3 interfaces (ifb0, ifb1, eth0)');
    expect(net.note).toContain('Left out: lo');
    expect(drawn(chart(charts, 'cpu:cpu0'))).toEqual(['usr', 'sys', 'wai', 'stl']);
  });

  it("found Dabz sample (pcp-dstat 5 as `dstat`): pcp's `total usage` is the CPU total", () => {
    const charts = resolveCharts(fixtureSeries('found__Dabz-dstat_graph__sample.csv'));
    expect(keys(charts)).toEqual([
      'procs',
      'procs-new',
      'memory',
      'paging',
      'disk:total',
      'iops:total',
      'interrupts',
      'csw',
      'cpu:total',
      'net:total',
      'load',
      'other:tcp sockets',
    ]);
    expect(chart(charts, 'cpu:total').heading).toBe('CPU usage');
  });

  it('found octu0 (dstat 0.7.0): an `interrupts` plugin group is drawn generically beside int/csw', () => {
    const charts = resolveCharts(fixtureSeries('found__octu0-dstat-graph__examples_dstat_070.csv'));
    expect(keys(charts)).toEqual([
      'memory',
      'disk:total',
      'iops:total',
      'interrupts',
      'csw',
      'cpu:total',
      'net:total',
      'other:interrupts',
      'other:tcp sockets',
    ]);
    expect(drawn(chart(charts, 'cpu:total'))).toEqual(['usr', 'sys', 'hiq', 'siq', 'wai']);
    expect(drawn(chart(charts, 'other:interrupts'))).toEqual(['42', '43', '44']);
  });

  it('dool 1.3.4: used/cach/free stacked, avai as a line over them', () => {
    const charts = resolveCharts(fixtureSeries('dool134_tfvnrl.csv'));
    expect(keys(charts)).toEqual([
      'procs',
      'procs-new',
      'memory',
      'paging',
      'disk:vda',
      'iops:vda',
      'interrupts',
      'csw',
      'cpu:total',
      'net:eth0',
      'load',
    ]);
    expect(chart(charts, 'memory').series.map((s) => [s.column, s.role])).toEqual([
      ['used', 'band'],
      ['cach', 'band'],
      ['free', 'band'],
      ['avai', 'line'],
    ]);
  });

  it('found realnerdc0re (--cpu-adv --mem-adv, no title): advanced memory with its extra columns as lines', () => {
    const charts = resolveCharts(fixtureSeries('found__realnerdc0re-BSc-e1027075__logs_dstat.csv'));
    expect(keys(charts)).toEqual(['memory', 'disk:total', 'cpu:total']);
    expect(chart(charts, 'memory').series.map((s) => [s.column, s.role])).toEqual([
      ['used', 'band'],
      ['buff', 'band'],
      ['cach', 'band'],
      ['free', 'band'],
      ['total', 'line'],
      ['dirty', 'line'],
      ['shmem', 'line'],
      ['recl', 'line'],
    ]);
    expect(drawn(chart(charts, 'cpu:total'))).toEqual(['usr', 'sys', 'hiq', 'siq', 'wai', 'stl']);
  });

  it('1699 disks: one chart per disk and a computed total over all of them', () => {
    const charts = resolveCharts(fixtureSeries('pcp-archive_dstat-diskfarm_1699disks_tfd.csv'));
    expect(charts).toHaveLength(1700);
    expect(charts[0]!.key).toBe('disk:total');
    expect(charts[0]!.series[0]!.source.ids).toHaveLength(1699);
    expect(charts[0]!.note).toMatch(/^Computed: the sum of 1699 disks \(sda, sdb, sdc, …, \S+\)/);
    expect(charts[1]!.heading).toBe('Disk I/O sda');
  });

  it('192 CPUs: a computed total and one chart per CPU, in the file order', () => {
    const charts = resolveCharts(fixtureSeries('pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv'));
    const cpu = charts.filter((c) => c.specId === 'cpu');
    expect(cpu).toHaveLength(193);
    expect(cpu[0]!.key).toBe('cpu:total');
    expect(cpu[0]!.series[0]!.source.ids).toHaveLength(192);
    expect(cpu.slice(1, 4).map((c) => c.heading)).toEqual(['CPU usage cpu0', 'CPU usage cpu1', 'CPU usage cpu2']);
    expect(chart(charts, 'net:total').series[0]!.source.ids).not.toContain('net/lo/recv');
  });

  it.each([
    'd066_tvfn.csv',
    'd069_tfvnrl.csv',
    'd070_tfvnrl.csv',
    'd072_tfvnrl.csv',
    'd073_T-explicit-lists-many-plugins.csv',
    'd073_tfvnrl.csv',
    'deb080_tfvnrl.csv',
    'dool100_tfvnrl.csv',
    'dool134_tfvnrl.csv',
    'found__Dabz-dstat_graph__sample.csv',
    'found__bigdatalyn-visual-dstat__html.20190805-144620_dstat.csv',
    'found__jschaub30-viz_dstat__dstat.csv',
    'found__octu0-dstat-graph__examples_dstat_070.csv',
    'found__realnerdc0re-BSc-e1027075__logs_dstat.csv',
    'found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv',
    'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv',
    'pcp_tfvnrl.csv',
    'pcp_tty80_tfvnrl.csv',
  ])('%s: every numeric series is in a chart, keys are unique, CPU/disk/net are drawn', (file) => {
    const series = fixtureSeries(file);
    const charts = resolveCharts(series);
    const used = new Set(charts.flatMap((c) => c.series.flatMap((s) => s.source.ids)));
    for (const s of series) if (s.kind === 'number') expect(used, s.id).toContain(s.id);
    expect(new Set(keys(charts)).size).toBe(charts.length);
    for (const c of charts) {
      const roles = c.series.map((s) => s.role);
      expect(roles, c.key).not.toEqual(roles.map(() => 'hidden'));
      // Stacked are the entries catalogue.test.ts pins as stacked, and only they have bands, drawn first.
      expect(c.stacked, c.key).toBe(STACKED_ENTRIES.includes(c.specId));
      expect(roles.includes('band'), c.key).toBe(c.stacked);
      expect(roles, c.key).toEqual([...roles].sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b)));
    }
    const groups = new Set(series.map((s) => s.group));
    if ([...groups].some((g) => /cpu usage$|^total usage$/.test(g))) expect(keys(charts)).toContain('cpu:total');
    if ([...groups].some((g) => g.startsWith('dsk/'))) expect(charts.some((c) => c.specId === 'disk')).toBe(true);
    if ([...groups].some((g) => g.startsWith('net/'))) expect(charts.some((c) => c.specId === 'net')).toBe(true);
  });
});

describe('resolveCharts rules', () => {
  const info = (group: string, column: string, unit = 'bytes/s'): SeriesInfo => ({
    id: `${group}/${column}`,
    group,
    column,
    unit,
    kind: 'number',
  });

  it('leaves partitions and device-mapper devices out of a computed disk total, and says so', () => {
    const series = ['sda', 'sda1', 'sdb', 'dm-0', 'nvme0n1', 'nvme0n1p2'].flatMap((d) => [
      info(`dsk/${d}`, 'read'),
      info(`dsk/${d}`, 'writ'),
    ]);
    const [total] = resolveCharts(series);
    expect(total!.key).toBe('disk:total');
    expect(total!.series[0]!.source.ids).toEqual(['dsk/sda/read', 'dsk/sdb/read', 'dsk/nvme0n1/read']);
    expect(total!.note).toContain('Left out: sda1, dm-0, nvme0n1p2');
  });

  it('makes no total from fewer than two counted devices', () => {
    const charts = resolveCharts([info('net/lo', 'recv'), info('net/eth0', 'recv')]);
    expect(keys(charts)).toEqual(['net:lo', 'net:eth0']);
  });

  it('gives a generic chart per group and unit for what no entry names, columns in file order', () => {
    const charts = resolveCharts([
      info('my plugin', 'b', 'count'),
      info('my plugin', 'a', '%'),
      info('my plugin', 'c', 'count'),
      { id: 'top/cmd', group: 'top', column: 'cmd', unit: 'text', kind: 'text' },
    ]);
    expect(charts.map((c) => [c.key, c.heading, drawn(c)])).toEqual([
      ['other:my plugin:count', 'my plugin (count)', ['b', 'c']],
      ['other:my plugin:%', 'my plugin (%)', ['a']],
    ]);
  });

  it('draws a duplicated group once and its second copy as extra lines, nothing lost', () => {
    const series = seriesFrom([
      ['total cpu usage', 'usr'],
      ['total cpu usage', 'sys'],
      ['total cpu usage', 'idl'],
      ['total cpu usage', 'usr'],
      ['total cpu usage', 'hiq'],
    ]);
    const [cpu] = resolveCharts(series);
    expect(cpu!.series.map((s) => [s.label, s.role])).toEqual([
      ['user', 'band'],
      ['system', 'band'],
      ['hardirq', 'band'],
      ['total cpu usage/usr#2', 'line'],
      ['idle', 'hidden'],
    ]);
  });

  it('skips a chart whose named columns are all statistics-only, leaving them to the generic chart', () => {
    const charts = resolveCharts([info('total cpu usage', 'idl', '%')]);
    expect(keys(charts)).toEqual(['other:total cpu usage']);
  });

  it('groups charts by section in order', () => {
    const charts = resolveCharts(seriesFrom(D072_HEADER));
    expect(chartSections(charts).map((s) => [s.section, s.charts.length])).toEqual([
      ['Processes', 2],
      ['Memory', 1],
      ['Paging', 1],
      ['Disk I/O', 11],
      ['Disk IOPS', 11],
      ['System', 2],
      ['CPU usage', 3],
      ['Network I/O', 1],
      ['Load average', 1],
    ]);
  });

  it('has unique entry ids', () => {
    expect(new Set(CATALOGUE.map((s) => s.id)).size).toBe(CATALOGUE.length);
  });
});

describe('derived values', () => {
  it('sums or averages row by row, a NaN in any part is a gap', () => {
    expect(Array.from(combineValues([[1, 2, NaN], [10, 20, 30]], 'sum'))).toEqual([11, 22, NaN]);
    expect(Array.from(combineValues([[1, 2], [3, 6]], 'mean'))).toEqual([2, 4]);
  });

  it('stops at the shortest part, and has nothing to combine without parts', () => {
    expect(Array.from(combineValues([[1, 2, 3], [10, 20]], 'sum'))).toEqual([11, 22]);
    expect(Array.from(combineValues([[4, 8]], 'mean'))).toEqual([4, 8]);
    expect(combineValues([], 'sum')).toHaveLength(0);
    expect(combineValues([], 'mean')).toHaveLength(0);
  });

  it('looks sources up by id, returning the array itself for a single series', () => {
    const a = Float64Array.from([1, 2]);
    const b = Float64Array.from([3, 4]);
    const lookup = (id: string): Float64Array | undefined => ({ a, b })[id];
    expect(sourceValues({ combine: 'one', ids: ['a'] }, lookup)).toBe(a);
    expect(Array.from(sourceValues({ combine: 'sum', ids: ['a', 'b'] }, lookup)!)).toEqual([4, 6]);
    expect(sourceValues({ combine: 'sum', ids: ['a', 'zz'] }, lookup)).toBeNull();
    expect(Array.from(sourceValues({ combine: 'mean', ids: ['a', 'b'] }, lookup)!)).toEqual([2, 3]);
    expect(sourceValues({ combine: 'one', ids: ['zz'] }, lookup)).toBeNull();
    expect(sourceValues({ combine: 'one', ids: [] }, lookup)).toBeNull();
  });
});
