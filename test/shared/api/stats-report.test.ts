/**
 * statsReport (`dstatview stats`): the figures of one run, in-process (test/server/cli/stats.test.ts runs the
 * command itself against a real fixture; this pins the rules on a log small enough to check by hand).
 */
import { describe, expect, it } from 'vitest';
import { statsReport } from '../../../shared/api/stats-report.js';
import type { DstatLog, DstatRun, RunMeta } from '../../../shared/dstat/types.js';

const META: RunMeta = {
  producer: 'dstat',
  version: '0.7.2',
  title: 'Dstat 0.7.2 CSV output',
  host: 'vm',
  user: 'me',
  cmdline: 'dstat -t --output x.csv',
  date: '29 Nov 2026 20:45:49 UTC',
  timezone: 'UTC',
};
const T0 = Date.UTC(2026, 10, 29, 20, 45, 49);

function run(index: number, sinceBoot: boolean, cpu: number[], extra: Partial<DstatRun> = {}): DstatRun {
  return {
    index,
    meta: META,
    firstLine: 1,
    lastLine: 7 + cpu.length,
    time: Float64Array.from(cpu, (_, i) => T0 + i * 1000),
    lines: Int32Array.from(cpu, (_, i) => 8 + i),
    firstRowIsSinceBoot: sinceBoot,
    intervalMs: 1000,
    series: [
      { id: 'total cpu usage/usr', group: 'total cpu usage', column: 'usr', unit: '%', csvColumn: 2, kind: 'number', values: Float64Array.from(cpu) },
      { id: 'top/cmd', group: 'top', column: 'cmd', unit: 'text', csvColumn: 3, kind: 'text', values: cpu.map(() => 'sh') },
      { id: 'gap/all', group: 'gap', column: 'all', unit: '', csvColumn: 4, kind: 'number', values: new Float64Array(cpu.length).fill(NaN) },
    ],
    ...extra,
  };
}

const log = (...runs: DstatRun[]): DstatLog => ({ runs, dialect: {} as DstatLog['dialect'] });

describe('statsReport', () => {
  it('reports the run with its header facts, times as written and every numeric series', () => {
    expect(statsReport(log(run(1, false, [10, 20, 30, 40])))).toEqual({
      producer: 'dstat',
      version: '0.7.2',
      host: 'vm',
      timezone: 'UTC',
      start: '2026-11-29T20:45:49',
      end: '2026-11-29T20:45:52',
      rows: 4,
      runs: 1,
      run: 1,
      series: {
        'total cpu usage/usr': { min: 10, avg: 25, max: 40, p95: 40 },
        'gap/all': null,
      },
    });
  });

  it("leaves out dstat's since-boot first row from the figures, not from rows or start", () => {
    const r = statsReport(log(run(1, true, [99, 10, 20])));
    expect(r.series['total cpu usage/usr']).toEqual({ min: 10, avg: 15, max: 20, p95: 20 });
    expect([r.rows, r.start]).toEqual([3, '2026-11-29T20:45:49']);
  });

  it('shows milliseconds only when the times have them', () => {
    const r = statsReport(log(run(1, false, [1, 2], { time: Float64Array.from([T0 + 250, T0 + 1250]) })));
    expect([r.start, r.end]).toEqual(['2026-11-29T20:45:49.250', '2026-11-29T20:45:50.250']);
  });

  it('takes the last run by default and any other by its 1-based number', () => {
    const two = log(run(1, false, [1, 2, 3]), run(2, false, [7, 8]));
    expect(statsReport(two)).toMatchObject({ runs: 2, run: 2, rows: 2, series: { 'total cpu usage/usr': { max: 8 } } });
    expect(statsReport(two, 1)).toMatchObject({ runs: 2, run: 1, rows: 3, series: { 'total cpu usage/usr': { max: 3 } } });
  });

  it('refuses a run that is not there with a RangeError that says how many there are', () => {
    const one = log(run(1, false, [1]));
    const two = log(run(1, false, [1]), run(2, false, [2]));
    expect(() => statsReport(one, 2)).toThrow(new RangeError('there is no run 2: the file has 1 run'));
    expect(() => statsReport(two, 3)).toThrow(new RangeError('there is no run 3: the file has 2 runs'));
    expect(() => statsReport(two, 0)).toThrow(RangeError);
    expect(() => statsReport(two, 1.5)).toThrow(new RangeError('there is no run 1.5: the file has 2 runs'));
  });
});
