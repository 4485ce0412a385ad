/**
 * The report as the page uses it (shared/report/): the API's JSON turned into Float64Array columns (null =
 * NaN gap), and a run's derived data made once and kept.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnar, toColumnarRun, transferList } from '../../../shared/report/columnar.js';
import { lodStackKey, reduceRun } from '../../../shared/report/lod.js';
import { drawLevel, sourceKey, toRunData, type RunData } from '../../../shared/report/run-data.js';
import { readFixture } from '../../helpers/fixtures.js';

const CSV = [
  '"Dstat 0.7.4 CSV output"',
  '"Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"',
  '"Host:","web1",,,,"User:","root"',
  '"Cmdline:","dstat -tcd --output x.csv",,,,"Date:","29 Nov 2026 20:45:49 UTC"',
  '',
  '"system","total cpu usage",,,,,,"dsk/total",',
  '"date/time","usr","sys","idl","wai","hiq","siq","read","writ"',
  '29-11 20:45:49,50,10,40,0,0,0,1000,0',
  '29-11 20:45:50,1,1,98,0,0,0,,0',
  '29-11 20:45:51,2,2,96,0,0,0,3000,0',
  '29-11 20:45:55,3,3,94,0,0,0,4000,0',
].join('\n') + '\n';

const json = (): ReportJson => toReportJson(parseDstat(CSV), { id: 'x', fileName: 'x.csv', createdAt: '', bytes: 0 });

describe('toColumnar', () => {
  it('turns every numeric series and the time column into Float64Arrays, nulls into NaN, text as it is', () => {
    const report = toColumnar(json());
    const run = report.runs[0]!;
    expect(run.time).toBeInstanceOf(Float64Array);
    expect(run.time).toHaveLength(4);
    const read = run.series.find((s) => s.id.endsWith('read'))!;
    expect(read.kind).toBe('number');
    expect(Array.from(read.values as Float64Array)).toEqual([1000, NaN, 3000, 4000]);
    expect(report.runs).toHaveLength(1);
    expect(toColumnar({ ...json(), runs: undefined as never }).runs).toEqual([]);
  });

  it('lists the buffers to transfer: the time column and each numeric series', () => {
    const report = toColumnar(json());
    const run = report.runs[0]!;
    const buffers = transferList(report);
    expect(buffers[0]).toBe(run.time.buffer);
    expect(buffers).toHaveLength(1 + run.series.filter((s) => s.kind === 'number').length);
  });
});

describe('toRunData', () => {
  const data = () => toRunData(toColumnarRun(json().runs[0]!), 'x.csv');

  it('keeps the run’s facts and leaves out the since-boot first row', () => {
    const run = data();
    expect(run.fileName).toBe('x.csv');
    expect(run.firstRowIsSinceBoot).toBe(true);
    expect(run.firstRow).toBe(1);
    expect(run.window).toEqual({ t0: run.time[1], t1: run.time[3] });
    expect(run.maxStepMs).toBe(2500);
    expect(run.columns.get(run.charts.find((c) => c.specId === 'cpu')!.series[0]!.source.ids[0]!)).toBeDefined();
  });

  it('nearest row: the closer neighbour, the earlier one on a tie, never before firstRow', () => {
    const run = data();
    const [, t1, t2, t3] = Array.from(run.time);
    expect(run.nearestRow(t1! - 10_000)).toBe(1);
    expect(run.nearestRow(t2! - 499)).toBe(2);
    expect(run.nearestRow(t2! - 500)).toBe(1);
    expect(run.nearestRow(t2! + 2000)).toBe(2);
    expect(run.nearestRow(t3! - 1999)).toBe(3);
    expect(run.nearestRow(t3! + 10_000)).toBe(3);
  });

  it('derived values and trends are made once and kept', () => {
    const run = data();
    const source = { combine: 'sum' as const, ids: [...run.columns.keys()].filter((id) => /usr|sys/.test(id)) };
    const total = run.values(source)!;
    expect(Array.from(total)).toEqual([60, 2, 4, 6]);
    expect(run.values(source)).toBe(total);
    const trend = run.trend(source, 60_000)!;
    expect(trend[0]).toBeNaN();
    expect(Array.from(trend.subarray(1))).toEqual([2, 3, 4]);
    expect(run.trend(source, 60_000)).toBe(trend);
    expect(run.trend({ combine: 'one', ids: ['no such series'] }, 60_000)).toBeNull();
    expect(run.values({ combine: 'one', ids: ['no such series'] })).toBeNull();
  });

  it('sourceKey: one series by its id, a computed one by how and of what', () => {
    expect(sourceKey({ combine: 'one', ids: ['a'] })).toBe('a');
    expect(sourceKey({ combine: 'sum', ids: ['a', 'b'] })).toBe('sum:a\u0000b');
  });
  it('sourceKey: a one-series source without an id is the empty key', () => {
    expect(sourceKey({ combine: 'one', ids: [] })).toBe('');
  });

  it('has no file name unless given one; keeps text columns apart from the numeric ones', () => {
    const run = toColumnarRun(json().runs[0]!);
    run.series.push({ id: 'top/proc', group: 'most expensive', column: 'cpu process', unit: '', kind: 'text', values: ['a', 'b', 'c', 'd'] } as never);
    const data = toRunData(run);
    expect(data.fileName).toBe('');
    expect(data.text.map((t) => [t.id, t.values])).toEqual([['top/proc', ['a', 'b', 'c', 'd']]]);
    expect(data.columns.has('top/proc')).toBe(false);
  });

  it('a one-row run keeps its row even when it is the since-boot one', () => {
    const run = toColumnarRun(json().runs[0]!);
    const one = { ...run, time: run.time.subarray(0, 1), series: run.series.map((s) => (s.kind === 'number' ? { ...s, values: s.values.subarray(0, 1) } : s)) };
    const data = toRunData(one);
    expect(data.firstRowIsSinceBoot).toBe(true);
    expect(data.firstRow).toBe(0);
  });

  it('an exact run has no stack tops; an empty run has no nearest row', () => {
    const run = data();
    const stacked = run.charts.find((c) => c.series.some((s) => s.role === 'band'))!;
    expect(run.stackTops?.(stacked, stacked.series.filter((s) => s.role === 'band').length)).toBeNull();
    const empty = toRunData({ ...toColumnarRun(json().runs[0]!), time: new Float64Array(0), series: [] });
    expect(empty.nearestRow(0)).toBe(-1);
  });
});

describe('a reduced run (lod.ts) as run data', () => {
  it("gives a stacked chart's tops for its own number of bands only", () => {
    const reduced = reduceRun(toColumnarRun(json().runs[0]!), 2, 1);
    expect(reduced.lod).toBeTruthy();
    const run = toRunData(reduced);
    expect(run.exact).toBe(false);
    const stacked = run.charts.find((c) => c.series.some((s) => s.role === 'band'))!;
    const bands = stacked.series.filter((s) => s.role === 'band').length;
    const tops = run.stackTops!(stacked, bands)!;
    expect(tops).toHaveLength(bands);
    for (let k = 0; k < bands; k++) expect(tops[k]).toBe(reduced.lod!.derived[lodStackKey(stacked.key, k)]);
    // Asked for another number of bands (some hidden): not these tops.
    expect(run.stackTops!(stacked, bands - 1)).toBeNull();
    expect(run.stackTops!(stacked, bands + 1)).toBeNull();
  });
});

describe('drawLevel', () => {
  /** A run whose reduced level has one row per second, 0 … 9 s. */
  const withCoarse = (): RunData => {
    const full = toRunData(toColumnarRun(json().runs[0]!));
    const time = Float64Array.from({ length: 10 }, (_, i) => i * 1000);
    return { ...full, coarse: { ...full, time, firstRow: 0 } };
  };

  it('draws from the reduced level while it has two rows per pixel column in the window, else from the raw rows', () => {
    const run = withCoarse();
    expect(drawLevel(run, { t0: 0, t1: 9000 }, 5)).toBe(run.coarse); // 10 rows, 5 px
    expect(drawLevel(run, { t0: 0, t1: 9000 }, 5.5)).toBe(run); // 10 rows, 5.5 px
    expect(drawLevel(run, { t0: 2000, t1: 9000 }, 4)).toBe(run.coarse); // 8 rows, 4 px
    expect(drawLevel(run, { t0: 2000, t1: 9000 }, 5)).toBe(run); // 8 rows, 5 px
    const exact = toRunData(toColumnarRun(json().runs[0]!));
    expect(drawLevel(exact, { t0: 0, t1: 9000 }, 1)).toBe(exact);
  });
});

describe('twins: a family total that is the same picture as its only busy device', () => {
  const runOf = (name: string): RunData => {
    const report = toColumnar(toReportJson(parseDstat(readFixture(name), { fallbackYear: 2026 }), { id: 'x', fileName: name, createdAt: '', bytes: 0 }));
    return toRunData(report.runs[report.runs.length - 1]!, name);
  };

  it('d072: the computed Disk I/O and Disk IOPS equal vda (nine idle loop and zram devices): the totals are twins', () => {
    const run = runOf('d072_tfvnrl.csv');
    const total = run.charts.find((c) => c.key === 'disk:total')!;
    expect(total.derived).not.toBeNull(); // computed: the file has no dsk/total
    expect(run.idle().has('disk:vda')).toBe(false);
    expect([...run.twins()].sort()).toEqual(['disk:total', 'iops:total']);
    // Every other disk is idle; the busy device stays (titled with the device).
    expect(run.charts.filter((c) => c.specId === 'disk' && c.device !== 'total' && !run.idle().has(c.key)).map((c) => c.heading)).toEqual(['Disk I/O vda']);
  });

  it('a twin total always has exactly one busy device; the disk farm (many busy disks) has none', () => {
    for (const name of ['d072_tfvnrl.csv', 'pcp-archive_dstat-diskfarm_1699disks_tfd.csv', 'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv']) {
      const run = runOf(name);
      for (const key of run.twins()) {
        const total = run.charts.find((c) => c.key === key)!;
        const busy = run.charts.filter((c) => c.specId === total.specId && c.device !== 'total' && c.device !== null && !run.idle().has(c.key));
        expect(busy, `${name} ${key}`).toHaveLength(1);
      }
    }
    // The disk farm has many busy disks: its total is drawn.
    expect(runOf('pcp-archive_dstat-diskfarm_1699disks_tfd.csv').twins().has('disk:total')).toBe(false);
  });

  it('one busy row of a loop device makes two busy disks: Disk I/O is drawn again, Disk IOPS is still a twin', () => {
    const run = runOf('d072_tfvnrl.csv');
    run.columns.get('dsk/loop0/read')!.values[5] = 4096;
    expect(run.twins().has('disk:total')).toBe(false);
    expect(run.twins().has('iops:total')).toBe(true);
  });
});
