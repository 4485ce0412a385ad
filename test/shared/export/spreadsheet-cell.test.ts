/**
 * Text cells a spreadsheet would run as formulas (OWASP CSV injection) get a leading `'`; plain numbers and
 * ordinary text are left alone. Checked on the function and on every table a spreadsheet opens: stats.csv,
 * the page's TSV copy and the compare page's Δ table TSV.
 */
import { describe, expect, it } from 'vitest';
import { spreadsheetText } from '../../../shared/export/spreadsheet-cell.js';
import { statsCsv, statsMarkdown, statsTsv, type StatsTableRow } from '../../../shared/export/stats-table.js';
import { deltaTableTsv } from '../../../shared/compare/table.js';

describe('spreadsheetText', () => {
  it.each(['=1+1', '+1+1', '-1+cmd|x', '@SUM(1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")', '-', '+', '@', '-1.5 MB', '-1,5'])(
    'escapes %j',
    (s) => expect(spreadsheetText(s)).toBe(`'${s}`),
  );
  it.each(['-1.5', '+3', '-2e-3', '1e5', '-.5', '0', 'cpu/usr', 'Disk I/O vda: read', 'B/s', '', ' =1', "'=1", 'a=1'])('leaves %j', (s) =>
    expect(spreadsheetText(s)).toBe(s),
  );
});

const evil: StatsTableRow[] = [
  { id: '=1+1/usr', label: '@SUM(1)', unit: '-cmd|\' /C calc\'!A0', min: -1.5, avg: 0, p95: 2, max: 3 },
  { id: '-1', label: '+x', unit: '\tB', min: null, avg: -2e-7, p95: null, max: null },
];

describe('tables opened by spreadsheets', () => {
  it('stats.csv: text cells escaped, figures (negative ones too) left numbers', () => {
    const lines = statsCsv(evil).split('\r\n');
    expect(lines[1]).toBe("'=1+1/usr,'@SUM(1),'-cmd|' /C calc'!A0,-1.5,0,2,3");
    expect(lines[2]).toBe("-1,'+x,'\tB,,-2e-7,,");
  });

  it('stats TSV (the page copy): the same, after tabs become spaces', () => {
    const lines = statsTsv(evil).split('\n');
    expect(lines[1]!.split('\t')).toEqual(["'=1+1/usr", "'@SUM(1)", "'-cmd|' /C calc'!A0", '-1.5', '0', '2', '3']);
    expect(lines[2]!.split('\t')).toEqual(['-1', "'+x", "' B", '', '-2e-7', '', '']);
  });

  it('the page copy with its own figure format: figures untouched even when they start with -', () => {
    const tsv = statsTsv(evil, { columns: ['label', 'min'], format: (v, u) => `${v} ${u}` });
    expect(tsv.split('\n')[1]).toBe("'@SUM(1)\t-1.5 -cmd|' /C calc'!A0");
  });

  it('Markdown is for text, not spreadsheets: left as it was', () => {
    expect(statsMarkdown(evil, { columns: ['label'] }).split('\n')[2]).toBe('| @SUM(1) |');
  });

  it('Δ table TSV: chart, series and unit escaped, signed changes left as written', () => {
    const table = { head: ['chart', 'series', 'unit', 'A avg', 'Δavg B'], rows: [['-cpu', '=1+1', '@x', '-1.5', '+2.5']], meta: [], idle: 0, twins: 0, textColumns: 3 };
    expect(deltaTableTsv(table)).toBe("chart\tseries\tunit\tA avg\tΔavg B\n'-cpu\t'=1+1\t'@x\t-1.5\t+2.5\n");
  });
});
