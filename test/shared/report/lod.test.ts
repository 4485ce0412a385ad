/**
 * shared/report/lod.ts and columnar-codec.ts on every real fixture: the reduced level keeps every bucket's
 * extremes (peaks exact), never joins across a gap, carries the full run's exact statistics, and the column
 * encoding gives back what the JSON path gives, value for value.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { ColumnarFormatError, decodeColumnar, encodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar, type ColumnarReport, type ColumnarRun } from '../../../shared/report/columnar.js';
import { bucketLayout, reduceReport, reduceRun } from '../../../shared/report/lod.js';
import { drawLevel, sourceKey, toRunData } from '../../../shared/report/run-data.js';
import { gapThresholdMs, reduceMinMax } from '../../../shared/series/reduce.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

const fields = { id: 'x', fileName: 'f.csv', createdAt: '2026-01-01T00:00:00Z', bytes: 1 };

/** Every fixture the parser reads, as the page gets it from the full JSON (GET /api/reports/:id). */
const reports: [string, ColumnarReport][] = FIXTURE_NAMES.flatMap((name) => {
  try {
    const json = JSON.parse(JSON.stringify(toReportJson(parseDstat(readFixture(name)), fields)));
    return [[name, toColumnar(json)] as [string, ColumnarReport]];
  } catch {
    return [];
  }
});

const BUCKETS = 16;
/** Reduce every run with more rows than this (the fixtures are small; LOD_MIN_ROWS is for real use). */
const MIN_ROWS = 40;

function firstRow(run: ColumnarRun): number {
  return run.firstRowIsSinceBoot && run.time.length > 1 ? 1 : 0;
}

function extremes(values: ArrayLike<number>, from: number, to: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v !== v) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

describe('level of detail on every fixture', () => {
  it('has fixtures to reduce', () => {
    expect(reports.filter(([, r]) => r.runs.some((run) => run.time.length > MIN_ROWS)).length).toBeGreaterThan(8);
  });

  for (const [name, report] of reports) {
    it(`${name}: each bucket keeps its series' min and max (peaks exact), gaps stay apart`, () => {
      for (const run of report.runs) {
        const reduced = reduceRun(run, BUCKETS, MIN_ROWS);
        if (run.time.length <= MIN_ROWS) {
          expect(reduced).toBe(run);
          continue;
        }
        const lead = firstRow(run);
        const layout = bucketLayout(run.time, lead, Math.ceil((run.time.length - lead) / BUCKETS), gapThresholdMs(run.intervalMs));
        expect(reduced.lod!.buckets).toBe(layout.start.length);
        expect(reduced.time.length).toBe(layout.length);
        expect(layout.length).toBeGreaterThanOrEqual(lead + 2 * layout.start.length);
        expect(reduced.rows).toBe(run.rows);
        const maxStep = gapThresholdMs(run.intervalMs);
        const anyValue = reduced.series.filter((s) => s.kind === 'number');
        for (let k = 0; k < layout.start.length; k++) {
          const a = layout.start[k]!;
          const b = layout.end[k]!;
          const at = layout.at[k]!;
          // No bucket spans a gap…
          for (let i = a + 1; i < b; i++) {
            const step = run.time[i]! - run.time[i - 1]!;
            expect(step <= maxStep && step >= 0).toBe(true);
          }
          expect(reduced.time[at]).toBe(run.time[a]);
          expect(reduced.time[at + 1]).toBe(run.time[b - 1]);
          // …and a gap between buckets is a gap row (NaN in every series): the reduced line breaks there too.
          if (k > 0) {
            const step = run.time[a]! - run.time[a - 1]!;
            const gap = step > maxStep || step < 0;
            expect(at - layout.at[k - 1]!).toBe(gap ? 3 : 2);
            if (gap) for (const s of anyValue) expect(s.values[at - 1]).toBeNaN();
          }
        }
        run.series.forEach((s, j) => {
          const r = reduced.series[j]!;
          expect(r.id).toBe(s.id);
          if (s.kind !== 'number' || r.kind !== 'number') return;
          expect(r.stats).toEqual(s.stats);
          for (let i = 0; i < lead; i++) expect(r.values[i]).toEqual(s.values[i]);
          for (let k = 0; k < layout.start.length; k++) {
            const [lo, hi] = extremes(s.values, layout.start[k]!, layout.end[k]!);
            const got = [r.values[layout.at[k]!]!, r.values[layout.at[k]! + 1]!];
            if (lo === Infinity) expect(got).toEqual([NaN, NaN]);
            else expect([Math.min(...got), Math.max(...got)]).toEqual([lo, hi]);
          }
          // The run's peaks, drawn at their exact values.
          expect(extremes(r.values, lead, r.values.length)).toEqual(extremes(s.values, lead, s.values.length));
        });
      }
    });

    it(`${name}: the reduced run's statistics, axis tops, idle devices and totals are the full run's`, () => {
      for (const run of report.runs) {
        if (run.time.length <= MIN_ROWS) continue;
        const full = toRunData(run);
        const coarse = toRunData(reduceRun(run, BUCKETS, MIN_ROWS));
        expect(coarse.exact).toBe(false);
        expect(full.exact).toBe(true);
        expect(coarse.charts.map((c) => c.key)).toEqual(full.charts.map((c) => c.key));
        expect([...coarse.idle()].sort()).toEqual([...full.idle()].sort());
        for (const chart of full.charts) {
          if (chart.scaleToTotal) expect(coarse.totalMax(chart)).toBe(full.totalMax(chart));
          for (const s of chart.series) {
            const values = full.values(s.source);
            const exact = values ? windowStats(values, full.firstRow, values.length) : null;
            expect(coarse.wholeStats(s.source), `${chart.key} ${sourceKey(s.source)}`).toEqual(exact);
            // A computed total keeps its own extremes (not a sum of its parts' extremes).
            const reducedValues = coarse.values(s.source);
            if (values && reducedValues) {
              expect(extremes(reducedValues, coarse.firstRow, reducedValues.length)).toEqual(extremes(values, full.firstRow, values.length));
            }
          }
          // A stack's tops are real rows: the total's top of each bucket is the raw stack's largest.
          const bands = chart.series.filter((s) => s.role === 'band');
          const tops = coarse.stackTops?.(chart, bands.length);
          if (bands.length > 0 && bands.every((b) => full.values(b.source))) {
            expect(tops).not.toBeNull();
            const total = tops!.at(-1)!;
            let sumMax = -Infinity;
            for (let i = full.firstRow; i < full.time.length; i++) {
              let sum = 0;
              for (const b of bands) sum += full.values(b.source)![i]!;
              if (sum > sumMax) sumMax = sum;
            }
            if (sumMax > -Infinity) expect(extremes(total, coarse.firstRow, total.length)[1]).toBeCloseTo(sumMax, 9);
          }
        }
      }
    });

    it(`${name}: the column encoding gives back the JSON path's columns, whole and reduced`, () => {
      expect(decodeColumnar(encodeColumnar(report))).toEqual(report);
      const reduced = reduceReport(report, BUCKETS, MIN_ROWS);
      expect(decodeColumnar(encodeColumnar(reduced))).toEqual(reduced);
    });
  }
});

describe('drawLevel', () => {
  const [, report] = reports.find(([n]) => n === 'd072_long_tfvnrl.csv')!;
  const run = report.runs[0]!;
  const full = toRunData(run);
  full.coarse = toRunData(reduceRun(run, 256, MIN_ROWS));
  const whole = full.window!;

  it('draws a wide window from the reduced level and a narrow one from the raw samples', () => {
    expect(drawLevel(full, whole, 100)).toBe(full.coarse);
    const narrow = { t0: whole.t0, t1: whole.t0 + (whole.t1 - whole.t0) / 50 };
    expect(drawLevel(full, narrow, 100)).toBe(full);
    expect(drawLevel(toRunData(run), whole, 100).exact).toBe(true);
  });
});

describe('drawing from the reduced level', () => {
  for (const [name, report] of reports) {
    it(`${name}: breaks its lines where the raw samples do, and nowhere else`, () => {
      for (const run of report.runs) {
        if (run.time.length <= MIN_ROWS) continue;
        const full = toRunData(run);
        const coarse = toRunData(reduceRun(run, BUCKETS, MIN_ROWS));
        const w = full.window!;
        // A plot as wide as the buckets: every break of the raw line falls in a column of its own.
        const breaks = (r: typeof full, values: Float64Array) => {
          const y = reduceMinMax(r.time, values, { ...w, width: 4 * BUCKETS, maxStepMs: r.maxStepMs, firstRow: r.firstRow }).y;
          return y.filter((v) => v !== v).length;
        };
        for (const [id, col] of full.columns) {
          // Gaps in one series shorter than a bucket are not kept (lod.ts); time gaps always are.
          if (col.values.some((v) => v !== v)) continue;
          expect(breaks(coarse, coarse.columns.get(id)!.values), id).toBe(breaks(full, col.values));
        }
      }
    });
  }
});

describe('decodeColumnar', () => {
  it('refuses what is not the format', () => {
    expect(() => decodeColumnar(new TextEncoder().encode('{"runs":[]}'))).toThrow(ColumnarFormatError);
    const good = encodeColumnar({ ...reports[0]![1] });
    expect(() => decodeColumnar(good.subarray(0, 20))).toThrow(ColumnarFormatError);
    // A column that points past the body.
    const bytes = encodeColumnar({ runs: [{ time: new Float64Array(3) }] } as unknown as ColumnarReport);
    expect(() => decodeColumnar(bytes.subarray(0, bytes.length - 8))).toThrow(/outside the body/);
  });

  it('reads columns from an unaligned copy too', () => {
    const bytes = encodeColumnar(reports[0]![1]);
    const shifted = new Uint8Array(bytes.length + 1).subarray(1);
    shifted.set(bytes);
    expect(decodeColumnar(shifted)).toEqual(reports[0]![1]);
  });
});
