/**
 * resolveCharts' rules (shared/catalogue/resolve.ts) one by one, on a small catalogue of our own, so that each
 * rule is pinned whatever the real catalogue holds: which entry claims a series, keys and headings of a
 * group entry's second group, device totals (given, computed, or a device standing in), extra columns as
 * lines, generic charts per group and unit, roles and their order, colours, and the chart's own fields.
 */
import { describe, expect, it } from 'vitest';
import { chartSections, FALLBACK_COLOURS, resolveCharts, type ChartSpec, type ResolvedChart, type SeriesInfo } from '../../../shared/catalogue/index.js';

const num = (group: string, column: string, unit = 'bytes/s', id = `${group}/${column}`): SeriesInfo => ({ id, group, column, unit, kind: 'number' });
const byKey = (charts: readonly ResolvedChart[], key: string): ResolvedChart => {
  const c = charts.find((x) => x.key === key);
  if (!c) throw new Error(`no chart ${key} in ${charts.map((x) => x.key).join(' ')}`);
  return c;
};

const MEM: ChartSpec = {
  id: 'mem',
  section: 'Memory',
  title: 'Memory',
  unit: 'bytes',
  expand: 'none',
  groups: ['mem', 'mem2'],
  columns: [
    { column: 'used', label: 'used', colour: 'blue' },
    { column: 'cach', aliases: ['cache'], label: 'cached', colour: 'yellow', faint: true },
    { column: 'avail', label: 'available', colour: 'orange', overlay: true },
    { column: 'free', label: 'free', colour: 'green', hidden: true },
  ],
  otherColumns: 'lines',
  stacked: true,
  scaleToTotal: true,
};

const DISK: ChartSpec = {
  id: 'disk',
  section: 'Disk',
  title: 'Disk I/O',
  unit: 'bytes/s',
  expand: 'devices',
  totalGroups: ['dsk/total'],
  device: /^dsk\/(?<dev>.+)$/,
  noun: ['disk', 'disks'],
  deriveTotal: 'sum',
  excludeFromTotal: /^loop/,
  columns: [
    { column: 'read', label: 'read', colour: 'blue' },
    { column: 'writ', label: 'write', colour: 'red' },
  ],
  otherColumns: 'leave',
  stacked: false,
  collapseIdle: true,
};

const LOADS: ChartSpec = {
  id: 'load',
  section: 'System',
  title: 'Load',
  unit: '',
  expand: 'none',
  groups: ['load avg'],
  columns: [{ column: '1m', label: '1 min', colour: 'purple' }],
  otherColumns: 'leave',
  stacked: false,
  fill: true,
  yMax: 100,
  yLimit: 'diskBytes',
  collapseIdle: true,
};

const CATALOGUE = [MEM, DISK, LOADS];

describe('which entry claims a series', () => {
  it('the first entry naming a group and column takes it; a later entry naming it gets nothing', () => {
    const second: ChartSpec = { ...LOADS, id: 'again', groups: ['mem'], columns: [{ column: 'used', label: 'u', colour: 'red' }] };
    const charts = resolveCharts([num('mem', 'used')], [MEM, second]);
    expect(charts.map((c) => c.key)).toEqual(['mem']);
  });

  it('two columns of one entry that name the same column take two different series (aliases too)', () => {
    const spec: ChartSpec = {
      ...LOADS,
      groups: ['g'],
      columns: [
        { column: 'x', label: 'first', colour: 'blue' },
        { column: 'y', aliases: ['x'], label: 'second', colour: 'red' },
      ],
    };
    const charts = resolveCharts([num('g', 'x', '', 'g/x#1'), num('g', 'x', '', 'g/x#2')], [spec]);
    expect(charts[0]!.series.map((s) => [s.label, s.key])).toEqual([
      ['first', 'g/x#1'],
      ['second', 'g/x#2'],
    ]);
  });

  it('an alias names a column; faint and roles come from the entry (band, overlay line, hidden)', () => {
    const charts = resolveCharts([num('mem', 'free'), num('mem', 'avail'), num('mem', 'cache'), num('mem', 'used')], CATALOGUE);
    const mem = byKey(charts, 'mem');
    expect(mem.series.map((s) => [s.label, s.role, s.faint, s.colour])).toEqual([
      ['used', 'band', false, 'blue'],
      ['cached', 'band', true, 'yellow'],
      ['available', 'line', false, 'orange'],
      ['free', 'hidden', false, 'green'],
    ]);
    expect(mem.series.map((s) => s.source)).toEqual([
      { combine: 'one', ids: ['mem/used'] },
      { combine: 'one', ids: ['mem/cache'] },
      { combine: 'one', ids: ['mem/avail'] },
      { combine: 'one', ids: ['mem/free'] },
    ]);
  });

  it('an entry whose only series are hidden makes no chart (they go to a generic chart instead)', () => {
    const charts = resolveCharts([num('mem', 'free')], CATALOGUE);
    expect(charts.map((c) => c.key)).toEqual(['other:mem']);
  });
});

describe('group entries', () => {
  it("a second group gets its own chart, keyed and headed by the group; the first keeps the entry's", () => {
    const charts = resolveCharts([num('mem', 'used'), num('mem2', 'used')], CATALOGUE);
    expect(charts.map((c) => [c.key, c.heading])).toEqual([
      ['mem', 'Memory'],
      ['mem:mem2', 'Memory (mem2)'],
    ]);
  });

  it('the chart fields come from the entry: stacked only with a band, fill, yMax, yLimit, scaleToTotal, never collapsed', () => {
    const charts = resolveCharts([num('mem', 'used'), num('load avg', '1m', '')], CATALOGUE);
    expect(byKey(charts, 'mem')).toMatchObject({ specId: 'mem', section: 'Memory', title: 'Memory', device: null, stacked: true, fill: false, yMax: null, yLimit: null, scaleToTotal: true, collapseIdle: false, note: null, derived: null });
    expect(byKey(charts, 'load')).toMatchObject({ stacked: false, fill: true, yMax: 100, yLimit: 'diskBytes', scaleToTotal: false, collapseIdle: false, unit: '' });
    // a stacked entry with nothing but overlay lines drawn is not stacked
    const overlayOnly = resolveCharts([num('mem', 'avail')], CATALOGUE);
    expect(byKey(overlayOnly, 'mem').stacked).toBe(false);
  });

  it("the chart's unit is its series' one unit, else the entry's", () => {
    expect(byKey(resolveCharts([num('mem', 'used', 'KiB')], CATALOGUE), 'mem').unit).toBe('KiB');
    expect(byKey(resolveCharts([num('mem', 'used', 'KiB'), num('mem', 'cach', 'MiB')], CATALOGUE), 'mem').unit).toBe('bytes');
  });

  it("extra columns of an 'otherColumns: lines' entry join its chart as lines in colours it does not use; 'leave' sends them to a generic chart", () => {
    const charts = resolveCharts([num('mem', 'used'), num('mem', 'shmem'), num('mem', 'dirty'), num('load avg', '1m', ''), num('load avg', '5m', '')], CATALOGUE);
    const mem = byKey(charts, 'mem');
    const fresh = FALLBACK_COLOURS.filter((c) => c !== 'blue');
    expect(mem.series.map((s) => [s.label, s.role, s.colour, s.faint])).toEqual([
      ['used', 'band', 'blue', false],
      ['shmem', 'line', fresh[0], false],
      ['dirty', 'line', fresh[1], false],
    ]);
    expect(byKey(charts, 'load').series.map((s) => s.column)).toEqual(['1m']);
    expect(byKey(charts, 'other:load avg').series.map((s) => s.column)).toEqual(['5m']);
  });

  it('an extra column named like a drawn label or column is labelled by its id', () => {
    const charts = resolveCharts([num('mem', 'used'), num('mem', 'cached')], CATALOGUE);
    // no clash: 'cached' is the label of a column this file does not have
    expect(byKey(charts, 'mem').series.map((s) => s.label)).toEqual(['used', 'cached']);
    const clash = resolveCharts([num('mem', 'cach'), num('mem', 'cached')], CATALOGUE);
    expect(byKey(clash, 'mem').series.map((s) => s.label)).toEqual(['cached', 'mem/cached']);
  });
});

describe('device entries', () => {
  it("a total group is the total chart, never a device, even when the device pattern matches it", () => {
    const charts = resolveCharts([num('dsk/total', 'read'), num('dsk/vda', 'read'), num('dsk/vdb', 'read')], CATALOGUE);
    expect(charts.map((c) => [c.key, c.heading, c.device, c.collapseIdle])).toEqual([
      ['disk:total', 'Disk I/O', 'total', false],
      ['disk:vda', 'Disk I/O vda', 'vda', true],
      ['disk:vdb', 'Disk I/O vdb', 'vdb', true],
    ]);
  });

  it('without a total group, two or more counted devices make a computed total that says what it sums and leaves out', () => {
    const charts = resolveCharts(
      [num('dsk/loop0', 'read'), num('dsk/vda', 'read'), num('dsk/vda', 'writ'), num('dsk/vdb', 'read')],
      CATALOGUE,
    );
    const total = byKey(charts, 'disk:total');
    expect(total.series.map((s) => [s.key, s.label, s.role, s.faint, s.source])).toEqual([
      ['disk:total/read', 'read', 'line', false, { combine: 'sum', ids: ['dsk/vda/read', 'dsk/vdb/read'] }],
      ['disk:total/writ', 'write', 'line', false, { combine: 'sum', ids: ['dsk/vda/writ'] }],
    ]);
    expect(total.note).toBe('Computed: the sum of 2 disks (vda, vdb); the file has no dsk/total. Left out: loop0 (as the producer does).');
    expect(total.derived).toEqual({ how: 'sum', devices: ['vda', 'vdb'], left: ['loop0'], missing: 'dsk/total', noun: ['disk', 'disks'] });
    expect(total.collapseIdle).toBe(false);
    // every device, collapsible when idle
    expect(charts.filter((c) => c.device !== 'total').map((c) => [c.key, c.collapseIdle])).toEqual([
      ['disk:loop0', true],
      ['disk:vda', true],
      ['disk:vdb', true],
    ]);
  });

  it('says what the producer leaves out when the entry names it, and a mean when it averages', () => {
    const spec: ChartSpec = { ...DISK, deriveTotal: 'mean', excludedWhat: 'loop devices', totalGroups: [] };
    const charts = resolveCharts([num('dsk/loop0', 'read'), num('dsk/a', 'read'), num('dsk/b', 'read')], [spec]);
    const total = byKey(charts, 'disk:total');
    expect(total.note).toBe('Computed: the mean of 2 disks (a, b); the file has no total of its own. Left out: loop0 (loop devices).');
    expect(total.derived!.missing).toBe('');
    expect(total.derived!.how).toBe('mean');
    expect(total.series[0]!.source.combine).toBe('mean');
  });

  it('a computed total of only hidden columns is no total', () => {
    const spec: ChartSpec = { ...DISK, columns: [{ column: 'read', label: 'read', colour: 'blue', hidden: true }, { column: 'writ', label: 'write', colour: 'red' }] };
    const charts = resolveCharts([num('dsk/a', 'read'), num('dsk/b', 'read')], [spec]);
    expect(charts.some((c) => c.key === 'disk:total')).toBe(false);
  });

  it('without a total, the first counted device stands in for its family: never collapsed; a device left out does not', () => {
    const charts = resolveCharts([num('dsk/loop0', 'read'), num('dsk/vda', 'read')], CATALOGUE);
    expect(charts.map((c) => [c.key, c.collapseIdle])).toEqual([
      ['disk:loop0', true],
      ['disk:vda', false],
    ]);
    // only devices the producer leaves out: the first of them stands in
    const loops = resolveCharts([num('dsk/loop0', 'read'), num('dsk/loop1', 'read')], CATALOGUE);
    expect(loops.map((c) => [c.key, c.collapseIdle])).toEqual([
      ['disk:loop0', false],
      ['disk:loop1', true],
    ]);
  });

  it('a computed total of many devices names the first three and the last', () => {
    const series = Array.from({ length: 10 }, (_, i) => num(`dsk/d${i}`, 'read'));
    const total = byKey(resolveCharts(series, CATALOGUE), 'disk:total');
    expect(total.note).toBe('Computed: the sum of 10 disks (d0, d1, d2, …, d9); the file has no dsk/total.');
    // Up to eight are all named.
    const eight = byKey(resolveCharts(series.slice(0, 8), CATALOGUE), 'disk:total');
    expect(eight.note).toBe('Computed: the sum of 8 disks (d0, d1, d2, d3, d4, d5, d6, d7); the file has no dsk/total.');
    const nine = byKey(resolveCharts(series.slice(0, 9), CATALOGUE), 'disk:total');
    expect(nine.note).toBe('Computed: the sum of 9 disks (d0, d1, d2, …, d8); the file has no dsk/total.');
  });
});

describe('generic charts', () => {
  it('one per group of unclaimed series, split by unit when it has several; fixed fields', () => {
    const charts = resolveCharts([num('plug', 'a', 'n'), num('plug', 'b', ''), num('plug', 'c', 'n'), num('solo', 'z', '%')], CATALOGUE);
    expect(charts.map((c) => [c.key, c.heading, c.unit, c.series.map((s) => s.column)])).toEqual([
      ['other:plug:n', 'plug (n)', 'n', ['a', 'c']],
      ['other:plug:', 'plug (no unit)', '', ['b']],
      ['other:solo', 'solo', '%', ['z']],
    ]);
    for (const c of charts) {
      expect(c).toMatchObject({ specId: 'generic', section: 'Other', title: c.key.split(':')[1], device: null, stacked: false, fill: false, yMax: null, yLimit: null, note: null, derived: null, scaleToTotal: false, collapseIdle: false });
      for (const s of c.series) expect(s).toMatchObject({ role: 'line', faint: false });
    }
  });

  it('colours follow the fallback palette, and start again after it', () => {
    const series = Array.from({ length: FALLBACK_COLOURS.length + 2 }, (_, i) => num('plug', `c${i}`, ''));
    const colours = resolveCharts(series, CATALOGUE)[0]!.series.map((s) => s.colour);
    expect(colours).toEqual([...FALLBACK_COLOURS, FALLBACK_COLOURS[0], FALLBACK_COLOURS[1]]);
  });

  it('extra lines of a chart that uses every colour cycle through the whole palette', () => {
    const spec: ChartSpec = {
      ...MEM,
      groups: ['g'],
      stacked: false,
      columns: FALLBACK_COLOURS.map((colour, i) => ({ column: `k${i}`, label: `k${i}`, colour })),
    };
    const series = [...FALLBACK_COLOURS.map((_, i) => num('g', `k${i}`)), num('g', 'x'), num('g', 'y')];
    const chart = resolveCharts(series, [spec])[0]!;
    expect(chart.series.slice(-2).map((s) => s.colour)).toEqual([FALLBACK_COLOURS[0], FALLBACK_COLOURS[1]]);
  });

  it('text series are never charted', () => {
    expect(resolveCharts([{ id: 't', group: 'top', column: 'name', unit: '', kind: 'text' }], CATALOGUE)).toEqual([]);
  });
});

describe('chartSections', () => {
  it('groups charts by section in order of first appearance, a section met again joining its first place', () => {
    const c = (key: string, section: string) => ({ key, section }) as ResolvedChart;
    const sections = chartSections([c('a', 'A'), c('b', 'B'), c('a2', 'A'), c('a3', 'A'), c('c', 'C'), c('b2', 'B')]);
    expect(sections.map((s) => [s.section, s.charts.map((x) => x.key)])).toEqual([
      ['A', ['a', 'a2', 'a3']],
      ['B', ['b', 'b2']],
      ['C', ['c']],
    ]);
  });
});
