/**
 * shared/api/report-json.ts (pure; written with the server, tested here with it).
 */
import { describe, expect, it } from 'vitest';
import { toReportJson, toReportSummary } from '../../../shared/api/report-json.js';
import { PARSER_VERSION } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun } from '../../../shared/dstat/types.js';

function run(overrides: Partial<DstatRun> = {}): DstatRun {
  return {
    index: 1,
    meta: { producer: 'dstat', version: '0.7.2', title: 'Dstat 0.7.2 CSV output', host: 'vm', user: 'root', cmdline: 'dstat -t', date: '', timezone: 'UTC' },
    firstLine: 6,
    lastLine: 10,
    time: Float64Array.from([0, 1000, 2000, 3000]),
    lines: Int32Array.from([7, 8, 9, 10]),
    firstRowIsSinceBoot: true,
    intervalMs: 1000,
    series: [
      { kind: 'number', id: 'total cpu usage/usr', group: 'total cpu usage', column: 'usr', unit: '%', csvColumn: 2, values: Float64Array.from([99, 1, NaN, 3]) },
      { kind: 'number', id: 'x/inf', group: 'x', column: 'inf', unit: '', csvColumn: 3, values: Float64Array.from([0, Infinity, 5, -Infinity]) },
      { kind: 'text', id: 'most expensive/process', group: 'most expensive', column: 'process', unit: 'text', csvColumn: 4, values: ['a', '', 'c', 'd'] },
    ],
    ...overrides,
  };
}

function log(runs: DstatRun[]): DstatLog {
  return {
    runs,
    dialect: {
      producer: 'dstat',
      version: '0.7.2',
      options: ['-t'],
      conversions: [],
      timeSource: 'time',
      timeFormat: 'dd-mm HH:MM:SS',
      rows: { read: 4, kept: 4, dropped: 0 },
      runs: runs.length,
      unknownColumns: [],
      issues: [{ severity: 'warning', line: 9, message: 'odd' }],
      moreIssues: 0,
      suggestedCommand: '',
    },
  };
}

const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.csv', createdAt: '2026-01-01T00:00:00.000Z', bytes: 123 };

describe('toReportJson', () => {
  it('turns typed arrays into JSON arrays with null for gaps', () => {
    const json = toReportJson(log([run()]), fields);
    const [usr, inf, text] = json.runs[0]!.series;
    expect(usr!.values).toEqual([99, 1, null, 3]);
    expect(inf!.values).toEqual([0, null, 5, null]);
    expect(text!.values).toEqual(['a', '', 'c', 'd']);
    expect(json.runs[0]).toMatchObject({ rows: 4, start: 0, end: 3000, time: [0, 1000, 2000, 3000], intervalMs: 1000 });
  });

  it('leaves the since-boot row out of the stats, and gaps too', () => {
    const usr = toReportJson(log([run()]), fields).runs[0]!.series[0]!;
    expect(usr.kind === 'number' && usr.stats).toEqual({ count: 2, min: 1, avg: 2, p95: 3, max: 3 });
    const all = toReportJson(log([run({ firstRowIsSinceBoot: false })]), fields).runs[0]!.series[0]!;
    expect(all.kind === 'number' && all.stats?.max).toBe(99);
  });

  it('is JSON-safe: a round trip changes nothing', () => {
    const json = toReportJson(log([run(), run({ index: 2, intervalMs: NaN })]), fields);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(json.runs[1]!.intervalMs).toBe(0);
  });

  it('carries the summary fields and the dialect report', () => {
    const json = toReportJson(log([run()]), fields);
    expect(json).toMatchObject(fields);
    expect(json.dialect.issues).toEqual([{ severity: 'warning', line: 9, message: 'odd' }]);
    const summary = toReportSummary(log([run()]), fields);
    expect(summary).not.toHaveProperty('runs');
    expect(summary.dialect).toEqual(json.dialect);
  });

  it('carries every dialect field and every run field as read, as copies', () => {
    const source = log([run()]);
    source.dialect.conversions = ['dsk/* were bits/s: divided by 8'];
    source.dialect.unknownColumns = ['odd/col'];
    source.dialect.moreIssues = 7;
    source.dialect.suggestedCommand = 'dstat -tfvnrl --output x.csv 1';
    const json = toReportJson(source, fields);
    expect(json.parserVersion).toBe(PARSER_VERSION);
    expect(json.dialect).toEqual(source.dialect);
    expect(json.dialect.options).not.toBe(source.dialect.options);
    expect(json.runs[0]).toMatchObject({ index: 1, meta: source.runs[0]!.meta, firstLine: 6, lastLine: 10, firstRowIsSinceBoot: true });
    expect(json.runs[0]!.series.map((x) => [x.id, x.group, x.column, x.unit, x.csvColumn, x.kind])).toEqual([
      ['total cpu usage/usr', 'total cpu usage', 'usr', '%', 2, 'number'],
      ['x/inf', 'x', 'inf', '', 3, 'number'],
      ['most expensive/process', 'most expensive', 'process', 'text', 4, 'text'],
    ]);
  });

  it('counts ±Infinity as a gap in the stats too', () => {
    const inf = toReportJson(log([run()]), fields).runs[0]!.series[1]!; // [since boot 0, Infinity, 5, -Infinity]
    expect(inf.kind === 'number' && inf.stats).toEqual({ count: 1, min: 5, avg: 5, p95: 5, max: 5 });
    for (const bad of [Infinity, -Infinity]) {
      const values = Float64Array.from([0, 2, bad, 4]);
      const series = [{ kind: 'number' as const, id: 'x/y', group: 'x', column: 'y', unit: '' as const, csvColumn: 2, values }];
      const only = toReportJson(log([run({ series })]), fields).runs[0]!.series[0]!;
      expect(only.kind === 'number' && only.stats, String(bad)).toEqual({ count: 2, min: 2, avg: 3, p95: 4, max: 4 });
    }
  });

  it('writes a time that is not a number as 0, and an empty run as starting and ending at 0', () => {
    const odd = toReportJson(log([run({ time: Float64Array.from([NaN, 1000, Infinity, 3000]) })]), fields).runs[0]!;
    expect([odd.start, odd.end, odd.time]).toEqual([0, 3000, [0, 1000, 0, 3000]]);
    const ends = toReportJson(log([run({ time: Float64Array.from([500, 1000, 2000, -Infinity]) })]), fields).runs[0]!;
    expect([ends.start, ends.end]).toEqual([500, 0]);
    const empty = toReportJson(log([run({ time: new Float64Array(0), lines: new Int32Array(0), series: [] })]), fields).runs[0]!;
    expect(empty).toMatchObject({ rows: 0, start: 0, end: 0, time: [], series: [] });
  });
});
