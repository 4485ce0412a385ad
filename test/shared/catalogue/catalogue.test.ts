/**
 * The catalogue as the viewer draws it, pinned in one literal table: which charts stack, which series are
 * bands of the stack, lines over it, or statistics only. A header with every column every entry names (two
 * of each device, so that the totals are computed too) is resolved and compared with the table; flipping an
 * entry's `stacked`, `hidden`, `overlay` or `fill` changes a row here.
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
  memory:       { stacked: true,  fill: false, scaleToTotal: true,  yMax: null, series: 'used:band buff:band cach:band avai:line total:line free:hidden' },
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

describe('the catalogue as drawn', () => {
  const charts = resolveCharts(seriesFrom(EVERY_COLUMN));

  it('draws every entry, in page order, and nothing else', () => {
    expect(charts.map((c) => c.key)).toEqual(Object.keys(TABLE));
    expect([...new Set(charts.map((c) => c.specId))]).toEqual(CATALOGUE.map((s) => s.id));
  });

  it.each(Object.keys(TABLE))('%s: stacking, fill, axis and the role of every series', (key) => {
    expect(row(charts.find((c) => c.key === key)!)).toEqual(TABLE[key]);
  });
});
