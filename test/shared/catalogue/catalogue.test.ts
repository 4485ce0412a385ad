/**
 * The catalogue as the viewer draws it, pinned in one literal table: which charts stack, which series are
 * bands of the stack, lines over it, or statistics only. A header with every column every entry names (two
 * of each device, so that the totals are computed too) is resolved and compared with the tables; flipping an
 * entry's `stacked`, `hidden`, `overlay` or `fill`, or changing a heading, unit, label or colour, changes a row
 * here.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, resolveCharts, type ResolvedChart } from '../../../shared/catalogue/index.js';
import { seriesFrom } from './headers.js';

const EVERY_COLUMN: [string, string][] = [
  ['procs', 'run'], ['procs', 'blk'], ['procs', 'new'],
  ...['used', 'buff', 'cach', 'free', 'avai', 'total'].map((c): [string, string] => ['memory usage', c]),
  ['swap', 'used'], ['swap', 'free'],
  ['paging', 'in'], ['paging', 'out'],
  ...['sda', 'sdb'].flatMap((d): [string, string][] => [[`dsk/${d}`, 'read'], [`dsk/${d}`, 'writ']]),
  ...['sda', 'sdb'].flatMap((d): [string, string][] => [[`io/${d}`, 'read'], [`io/${d}`, 'writ']]),
  ['system', 'int'], ['system', 'csw'],
  ...['cpu0 usage', 'cpu1 usage'].flatMap((g) =>
    ['usr', 'sys', 'idl', 'wai', 'hiq', 'siq', 'stl'].map((c): [string, string] => [g, c]),
  ),
  ...['eth0', 'eth1'].flatMap((d): [string, string][] => [[`net/${d}`, 'recv'], [`net/${d}`, 'send']]),
  ['load avg', '1m'], ['load avg', '5m'], ['load avg', '15m'],
];

/** One chart as a row: its drawing flags and its series as `column:role`, in drawing order. */
function row(c: ResolvedChart) {
  return {
    stacked: c.stacked,
    fill: c.fill,
    scaleToTotal: c.scaleToTotal,
    yMax: c.yMax,
    series: c.series.map((s) => `${s.column}:${s.role}`).join(' '),
  };
}

const CPU = 'usr:band sys:band hiq:band siq:band wai:band stl:band idl:hidden';

// prettier-ignore
const TABLE: Record<string, ReturnType<typeof row>> = {
  procs:        { stacked: true,  fill: false, scaleToTotal: false, yMax: null, series: 'run:band blk:band' },
  'procs-new':  { stacked: false, fill: true,  scaleToTotal: false, yMax: null, series: 'new:line' },
  memory:       { stacked: true,  fill: false, scaleToTotal: true,  yMax: null, series: 'used:band buff:band cach:band free:band avai:line total:line' },
  swap:         { stacked: true,  fill: false, scaleToTotal: true,  yMax: null, series: 'used:band free:hidden' },
  paging:       { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'in:line out:line' },
  'disk:total': { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  'disk:sda':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  'disk:sdb':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  'iops:total': { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  'iops:sda':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  'iops:sdb':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'read:line writ:line' },
  interrupts:   { stacked: false, fill: true,  scaleToTotal: false, yMax: null, series: 'int:line' },
  csw:          { stacked: false, fill: true,  scaleToTotal: false, yMax: null, series: 'csw:line' },
  'cpu:total':  { stacked: true,  fill: false, scaleToTotal: false, yMax: 100,  series: CPU },
  'cpu:cpu0':   { stacked: true,  fill: false, scaleToTotal: false, yMax: 100,  series: CPU },
  'cpu:cpu1':   { stacked: true,  fill: false, scaleToTotal: false, yMax: 100,  series: CPU },
  'net:total':  { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'recv:line send:line' },
  'net:eth0':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'recv:line send:line' },
  'net:eth1':   { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: 'recv:line send:line' },
  load:         { stacked: false, fill: false, scaleToTotal: false, yMax: null, series: '1m:line 5m:line 15m:line' },
};

/** Where a chart goes and what it says: section, heading, unit, Y-limit option, collapsed when idle. */
function place(c: ResolvedChart) {
  return [c.section, c.heading, c.unit, c.yLimit, c.collapseIdle] as const;
}

// prettier-ignore
const PLACES: Record<string, ReturnType<typeof place>> = {
  procs:        ['Processes', 'Processes running, blocked', 'count', null, false],
  'procs-new':  ['Processes', 'Processes new', '/s', null, false],
  memory:       ['Memory', 'Memory usage', 'bytes', null, false],
  swap:         ['Memory', 'Swap', 'bytes', null, false],
  paging:       ['Paging', 'Paging', 'bytes/s', null, false],
  'disk:total': ['Disk I/O', 'Disk I/O', 'bytes/s', 'diskBytes', false],
  'disk:sda':   ['Disk I/O', 'Disk I/O sda', 'bytes/s', 'diskBytes', true],
  'disk:sdb':   ['Disk I/O', 'Disk I/O sdb', 'bytes/s', 'diskBytes', true],
  'iops:total': ['Disk IOPS', 'Disk IOPS', '/s', 'diskIops', false],
  'iops:sda':   ['Disk IOPS', 'Disk IOPS sda', '/s', 'diskIops', true],
  'iops:sdb':   ['Disk IOPS', 'Disk IOPS sdb', '/s', 'diskIops', true],
  interrupts:   ['System', 'Interrupts', '/s', null, false],
  csw:          ['System', 'Context switches', '/s', null, false],
  'cpu:total':  ['CPU usage', 'CPU usage', '%', null, false],
  'cpu:cpu0':   ['CPU usage', 'CPU usage cpu0', '%', null, false],
  'cpu:cpu1':   ['CPU usage', 'CPU usage cpu1', '%', null, false],
  'net:total':  ['Network I/O', 'Network I/O', 'bytes/s', 'netBytes', false],
  'net:eth0':   ['Network I/O', 'Network I/O eth0', 'bytes/s', 'netBytes', true],
  'net:eth1':   ['Network I/O', 'Network I/O eth1', 'bytes/s', 'netBytes', true],
  load:         ['Load average', 'Load average', '', null, false],
};

/** The legend: label and colour token of each series, in drawing order. */
const legend = (c: ResolvedChart): string => c.series.map((s) => `${s.label} ${s.colour}${s.faint ? ' faint' : ''}`).join(', ');

const READ_WRITE = 'read blue, write magenta';
const CPU_LEGEND = 'user blue, system magenta, hardirq yellow, softirq purple, wait orange, steal grey, idle green';
// prettier-ignore
const LEGENDS: Record<string, string> = {
  procs: 'running blue, blocked magenta',
  'procs-new': 'new blue',
  memory: 'used blue, buffers magenta, cached yellow, free green faint, available orange, total grey',
  swap: 'used magenta, free green',
  paging: 'page in blue, page out magenta',
  'disk:total': READ_WRITE, 'disk:sda': READ_WRITE, 'disk:sdb': READ_WRITE,
  'iops:total': READ_WRITE, 'iops:sda': READ_WRITE, 'iops:sdb': READ_WRITE,
  interrupts: 'interrupts blue',
  csw: 'context switches blue',
  'cpu:total': CPU_LEGEND, 'cpu:cpu0': CPU_LEGEND, 'cpu:cpu1': CPU_LEGEND,
  'net:total': 'receive blue, send magenta', 'net:eth0': 'receive blue, send magenta', 'net:eth1': 'receive blue, send magenta',
  load: '1 min blue, 5 min magenta, 15 min yellow',
};

describe('the catalogue as drawn', () => {
  const charts = resolveCharts(seriesFrom(EVERY_COLUMN));

  it('draws every entry, in page order, and nothing else', () => {
    expect(charts.map((c) => c.key)).toEqual(Object.keys(TABLE));
    expect([...new Set(charts.map((c) => c.specId))]).toEqual(CATALOGUE.map((s) => s.id));
  });

  it.each(Object.keys(TABLE))('%s: stacking, fill, axis and the role of every series', (key) => {
    expect(row(charts.find((c) => c.key === key)!)).toEqual(TABLE[key]);
  });

  it.each(Object.keys(PLACES))('%s: section, heading, unit, Y limit, collapsed when idle', (key) => {
    expect(place(charts.find((c) => c.key === key)!)).toEqual(PLACES[key]);
  });

  it.each(Object.keys(LEGENDS))('%s: legend labels and colours', (key) => {
    expect(legend(charts.find((c) => c.key === key)!)).toBe(LEGENDS[key]);
  });
});
