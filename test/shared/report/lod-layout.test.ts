/**
 * shared/report/lod.ts piece by piece, on small literal runs: where buckets start and end (size, time gaps,
 * time going backwards, the since-boot row), which rows a bucket keeps (its first smallest and first largest,
 * earlier first), the reduced time column, text cells, and what travels beside the reduced values.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnarRun, type ColumnarRun } from '../../../shared/report/columnar.js';
import { bucketLayout, extremeRows, gather, needsLod, reducedTime, reduceRun, reduceSeries } from '../../../shared/report/lod.js';
import { sourceKey } from '../../../shared/report/run-data.js';
import { resolveCharts } from '../../../shared/catalogue/index.js';

const layoutOf = (time: number[], lead: number, rowsPerBucket: number, maxStepMs = 2500) => {
  const l = bucketLayout(time, lead, rowsPerBucket, maxStepMs);
  return { start: Array.from(l.start), end: Array.from(l.end), at: Array.from(l.at), lead: l.lead, length: l.length };
};

describe('needsLod', () => {
  it('reduces a run of more than minRows rows only', () => {
    expect(needsLod(40, 40)).toBe(false);
    expect(needsLod(41, 40)).toBe(true);
  });
});

describe('bucketLayout', () => {
  it('cuts rows into buckets of rowsPerBucket, the last one shorter; two reduced rows each', () => {
    expect(layoutOf([0, 1000, 2000, 3000, 4000, 5000, 6000], 0, 3)).toEqual({
      start: [0, 3, 6],
      end: [3, 6, 7],
      at: [0, 2, 4],
      lead: 0,
      length: 6,
    });
    expect(layoutOf([0, 1000, 2000, 3000], 0, 1)).toEqual({ start: [0, 1, 2, 3], end: [1, 2, 3, 4], at: [0, 2, 4, 6], lead: 0, length: 8 });
  });

  it('keeps the since-boot row apart as a lead row, even when a gap follows it', () => {
    expect(layoutOf([0, 1000, 2000, 3000, 4000], 1, 2)).toEqual({ start: [1, 3], end: [3, 5], at: [1, 3], lead: 1, length: 5 });
    // row 0 → row 1 is a gap: still no empty bucket before the first real one
    expect(layoutOf([0, 60_000, 61_000, 62_000], 1, 5)).toEqual({ start: [1], end: [4], at: [1], lead: 1, length: 3 });
  });

  it('starts a new bucket after a step longer than maxStepMs, with a gap row before it', () => {
    expect(layoutOf([0, 1000, 2000, 9000, 10_000], 0, 10, 2500)).toEqual({ start: [0, 3], end: [3, 5], at: [0, 3], lead: 0, length: 5 });
  });

  it('a step of exactly maxStepMs is not a gap', () => {
    expect(layoutOf([0, 1000, 3500, 4500], 0, 10, 2500)).toEqual({ start: [0], end: [4], at: [0], lead: 0, length: 2 });
  });

  it('time going backwards is a gap', () => {
    expect(layoutOf([5000, 6000, 1000, 2000], 0, 10)).toEqual({ start: [0, 2], end: [2, 4], at: [0, 3], lead: 0, length: 5 });
  });

  it('a run no longer than its lead has no bucket', () => {
    expect(layoutOf([0], 1, 4)).toEqual({ start: [], end: [], at: [], lead: 1, length: 1 });
    expect(layoutOf([], 1, 4)).toEqual({ start: [], end: [], at: [], lead: 0, length: 0 });
  });
});

describe('extremeRows and gather', () => {
  const layout = bucketLayout([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000], 1, 4, 2500);

  it('keeps per bucket the rows of its first smallest and first largest value, the earlier first; the lead rows as they are', () => {
    //                       lead | bucket 1: rows 1–4  | bucket 2: rows 5–7
    const values = Float64Array.from([9, 5, 2, 7, 2, 7, 3, 7]);
    expect(Array.from(extremeRows(values, layout))).toEqual([0, 2, 3, 5, 6]);
    expect(Array.from(reduceSeries(values, layout))).toEqual([9, 2, 7, 7, 3]);
  });

  it('a maximum before the minimum comes first; a bucket with no value is two gaps', () => {
    const values = Float64Array.from([0, 8, NaN, 1, NaN, NaN, NaN, NaN]);
    expect(Array.from(extremeRows(values, layout))).toEqual([0, 1, 3, -1, -1]);
    expect(Array.from(gather(values, extremeRows(values, layout)))).toEqual([0, 8, 1, NaN, NaN]);
  });
});

describe('reducedTime', () => {
  it("each bucket's first and last time, the lead rows as they are, a gap row at the next bucket's first time", () => {
    const time = [100, 1000, 2000, 3000, 9000, 10_000];
    const layout = bucketLayout(time, 1, 10, 2500);
    expect(Array.from(reducedTime(time, layout))).toEqual([100, 1000, 3000, 9000, 9000, 10_000]);
  });
});

/**
 * A small run parsed from a dstat log: cpu, two disks without a total (the catalogue sums them), memory
 * (stacked, its axis up to the total); with a text column added.
 */
function run(rows: number, withText = true): ColumnarRun {
  const lines = [
    '"Dstat 0.7.4 CSV output"',
    '"Host:","h",,,,"User:","root"',
    '"Cmdline:","dstat -tcdn --output x.csv 1",,,,"Date:","29 Nov 2026 20:45:49 UTC"',
    '',
    '"system","total cpu usage",,,,,,"dsk/vda",,"dsk/vdb",,"memory usage",,,',
    '"date/time","usr","sys","idl","wai","hiq","siq","read","writ","read","writ","used","buff","cach","free"',
  ];
  for (let i = 0; i < rows; i++) {
    const s = String(i % 60).padStart(2, '0');
    const m = String(45 + Math.floor(i / 60)).padStart(2, '0');
    lines.push(`29-11 20:${m}:${s},${i % 7},${i % 5},${90 - (i % 11)},0,0,0,${(i * 37) % 1000},${(i * 13) % 500},${i},${2 * i},${1000 + i},${200},${300 + (i % 9)},${5000 - i}`);
  }
  const json = toReportJson(parseDstat(lines.join('\n') + '\n'), { id: 'x', fileName: 'x.csv', createdAt: '', bytes: 0 });
  const r = toColumnarRun(JSON.parse(JSON.stringify(json.runs[0])));
  if (withText) {
    r.series.push({ id: 'top/proc', group: 'most expensive', column: 'cpu process', unit: '', kind: 'text', values: Array.from({ length: rows }, (_, i) => `p${i}`) } as never);
  }
  return r;
}

describe('reduceRun', () => {
  it('text cells: the lead row as it is, each bucket’s first cell twice, a gap row empty', () => {
    const r = run(20);
    // a gap between rows 10 and 11: every row from 11 on 60 s later
    for (let i = 11; i < r.time.length; i++) r.time[i] = r.time[i]! + 60_000;
    const reduced = reduceRun(r, 4, 0);
    const text = reduced.series.find((s) => s.kind === 'text')!.values as string[];
    // lead row 0, buckets [1,6) [6,11) | gap | [11,16) [16,20)
    expect(text).toEqual(['p0', 'p1', 'p1', 'p6', 'p6', '', 'p11', 'p11', 'p16', 'p16']);
    expect(Array.from(reduced.time).slice(0, 5)).toEqual([r.time[0], r.time[1], r.time[5], r.time[6], r.time[10]]);
  });

  it('a one-row run that is a since-boot row is kept as one bucket, not dropped as a lead row', () => {
    const one = run(1, false);
    expect(one.firstRowIsSinceBoot).toBe(true);
    const reduced = reduceRun(one, 4, 0);
    expect(reduced.lod!.buckets).toBe(1);
    expect(reduced.time).toHaveLength(2);
  });

  it('carries statistics and reduced values of computed sources only, and axis tops of scaleToTotal charts only', () => {
    const r = run(50, false);
    const reduced = reduceRun(r, 8, 10);
    const charts = resolveCharts(r.series.map((s) => ({ id: s.id, group: s.group, column: s.column, unit: s.unit, kind: s.kind })));
    const computed = new Set(charts.flatMap((c) => c.series.filter((s) => s.source.combine !== 'one').map((s) => sourceKey(s.source))));
    expect(computed.size).toBeGreaterThan(0);
    expect(new Set(Object.keys(reduced.lod!.sourceStats))).toEqual(computed);
    const stackKeys = Object.keys(reduced.lod!.derived).filter((k) => k.startsWith('stack:'));
    expect(new Set(Object.keys(reduced.lod!.derived).filter((k) => !k.startsWith('stack:')))).toEqual(computed);
    expect(stackKeys.length).toBeGreaterThan(0);
    const scaled = charts.filter((c) => c.scaleToTotal).map((c) => c.key);
    expect(Object.keys(reduced.lod!.totalMax).sort()).toEqual(scaled.sort());
  });
});
