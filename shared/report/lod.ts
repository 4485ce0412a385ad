/**
 * A big run's reduced level of detail (GET /api/reports/:id/lod): what the report page draws before, and
 * instead of, the full data. The run's rows (since-boot row apart) are cut into at most about LOD_BUCKETS
 * buckets of consecutive rows — never across a time gap, so gaps stay gaps — and each bucket becomes two
 * rows at the times of its first and last sample. In them every series keeps its bucket's smallest and
 * largest sample (in the order they happened, M4-style): every peak of the run is drawn at its exact value.
 *
 * What cannot be reduced per series travels beside it, computed from the raw samples: the whole run's
 * statistics of computed totals, the axis top of `scaleToTotal` charts, and the computed totals and
 * stack tops themselves, reduced on their own extremes (a stack is reduced at the rows of its total's
 * extremes, so the drawn bands are real samples). Statistics of any other window need the raw samples:
 * the page fetches the full report for them.
 *
 * A bucket's gap (an empty cell) shorter than the bucket is not kept: it is narrower than a pixel column.
 */
import { resolveCharts, sourceValues, type ResolvedChart, type SeriesInfo } from '../catalogue/index.js';
import { scaleTotalMax } from '../chart/line-data.js';
import { LOD_BUCKETS, LOD_MIN_ROWS } from '../limits.js';
import { gapThresholdMs, stackBands } from '../series/reduce.js';
import type { SeriesStats } from '../series/stats.js';
import { windowStats } from '../series/window-stats.js';
import type { ColumnarReport, ColumnarRun } from './columnar.js';
import { sourceKey } from './run-data.js';

export interface RunLod {
  /** Buckets (each two rows of the reduced run, after a since-boot row). */
  buckets: number;
  /** Rows of the full run per bucket (the last bucket and those before a gap may hold fewer). */
  rowsPerBucket: number;
  /** Whole-run statistics from the raw samples, of every computed source (run-data.ts `sourceKey`). */
  sourceStats: Record<string, SeriesStats | null>;
  /** `scaleTotalMax` from the raw rows, per chart key of `scaleToTotal` charts. */
  totalMax: Record<string, number>;
  /** Reduced values of computed sources (run-data.ts `sourceKey`) and stack tops (`lodStackKey`). */
  derived: Record<string, Float64Array>;
}

/** The key of the k-th top (bottom first) of a chart's stack. */
export function lodStackKey(chartKey: string, k: number): string {
  return `stack:${chartKey}:${k}`;
}

/** True when a run of `rows` rows is sent reduced (more than `minRows`). */
export function needsLod(rows: number, minRows = LOD_MIN_ROWS): boolean {
  return rows > minRows;
}

/**
 * Buckets as row ranges [start[k], end[k]) of the full run, and where each lands in the reduced run: its two
 * rows at at[k] and at[k] + 1. A bucket after a gap (a time step over the gap threshold, or backwards) is
 * preceded by a gap row (NaN, at the bucket's first time), so the reduced run breaks its lines there with no
 * threshold of its own: within a bucket, its two rows may lie many intervals apart.
 */
export interface BucketLayout {
  start: Int32Array;
  end: Int32Array;
  at: Int32Array;
  /** Rows before the first bucket (the since-boot row), copied as they are. */
  lead: number;
  /** Rows of the reduced run. */
  length: number;
}

/**
 * Buckets of rows [lead, n): `rowsPerBucket` rows each, but a new bucket at every time step longer than
 * `maxStepMs` or backwards.
 */
export function bucketLayout(time: ArrayLike<number>, lead: number, rowsPerBucket: number, maxStepMs: number): BucketLayout {
  const n = time.length;
  const starts: number[] = [];
  const ends: number[] = [];
  const at: number[] = [];
  const first = Math.min(lead, n);
  let length = first;
  let start = first;
  for (let i = first + 1; i <= n; i++) {
    const step = i < n ? time[i]! - time[i - 1]! : 0;
    const gap = step > maxStepMs || step < 0;
    if (i === n || i - start >= rowsPerBucket || gap) {
      starts.push(start);
      ends.push(i);
      at.push(length);
      length += 2;
      // The gap row before the next bucket.
      if (gap && i < n) length += 1;
      start = i;
    }
  }
  return { start: Int32Array.from(starts), end: Int32Array.from(ends), at: Int32Array.from(at), lead: first, length };
}

/**
 * For each reduced row, the full run's row whose value it takes: per bucket, the rows of `values`' first
 * smallest and first largest sample, earlier first; -1 (NaN) for a bucket without a value and a gap row.
 */
export function extremeRows(values: ArrayLike<number>, layout: BucketLayout): Int32Array {
  const out = new Int32Array(layout.length).fill(-1);
  for (let i = 0; i < layout.lead; i++) out[i] = i;
  for (let k = 0; k < layout.start.length; k++) {
    let lo = -1;
    let hi = -1;
    for (let i = layout.start[k]!; i < layout.end[k]!; i++) {
      const v = values[i]!;
      if (v !== v) continue;
      if (lo < 0) {
        lo = i;
        hi = i;
      } else {
        if (v < values[lo]!) lo = i;
        if (v > values[hi]!) hi = i;
      }
    }
    const at = layout.at[k]!;
    out[at] = Math.min(lo, hi);
    out[at + 1] = Math.max(lo, hi);
  }
  return out;
}

/** values[rows[i]] (NaN where rows[i] is -1). */
export function gather(values: ArrayLike<number>, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[i] = r < 0 ? NaN : values[r]!;
  }
  return out;
}

/** A series reduced on its own extremes. */
export function reduceSeries(values: ArrayLike<number>, layout: BucketLayout): Float64Array {
  return gather(values, extremeRows(values, layout));
}

/** The reduced run's time column: each bucket's first and last sample time (a gap row: the next's first). */
export function reducedTime(time: ArrayLike<number>, layout: BucketLayout): Float64Array {
  const out = new Float64Array(layout.length);
  for (let i = 0; i < layout.lead; i++) out[i] = time[i]!;
  for (let k = 0; k < layout.start.length; k++) {
    const at = layout.at[k]!;
    out[at] = time[layout.start[k]!]!;
    out[at + 1] = time[layout.end[k]! - 1]!;
    if (k > 0 && at > layout.at[k - 1]! + 2) out[at - 1] = out[at]!;
  }
  return out;
}

/** A run's first counted row: 1 when row 0 is dstat's since-boot average (as shared/report/run-data.ts). */
function firstRowOf(run: Pick<ColumnarRun, 'firstRowIsSinceBoot' | 'time'>): number {
  return run.firstRowIsSinceBoot && run.time.length > 1 ? 1 : 0;
}

/**
 * The run reduced to about `buckets` buckets (`lod` set), or the run itself when it has no more than
 * `minRows` rows.
 */
export function reduceRun(run: ColumnarRun, buckets = LOD_BUCKETS, minRows = LOD_MIN_ROWS): ColumnarRun {
  if (!needsLod(run.time.length, minRows)) return run;
  const firstRow = firstRowOf(run);
  const rowsPerBucket = Math.max(1, Math.ceil((run.time.length - firstRow) / buckets));
  const layout = bucketLayout(run.time, firstRow, rowsPerBucket, gapThresholdMs(run.intervalMs));
  const lookup = new Map<string, Float64Array>();
  const infos: SeriesInfo[] = [];
  for (const s of run.series) {
    infos.push({ id: s.id, group: s.group, column: s.column, unit: s.unit, kind: s.kind });
    if (s.kind === 'number') lookup.set(s.id, s.values);
  }
  const sourceStats: Record<string, SeriesStats | null> = {};
  const derived: Record<string, Float64Array> = {};
  const totalMax: Record<string, number> = {};
  const charts = resolveCharts(infos);
  const values = (source: ResolvedChart['series'][number]['source']) => sourceValues(source, (id) => lookup.get(id));
  for (const chart of charts) {
    for (const s of chart.series) {
      if (s.source.combine === 'one') continue;
      const key = sourceKey(s.source);
      if (key in sourceStats) continue;
      const v = values(s.source);
      sourceStats[key] = v ? windowStats(v, firstRow, v.length) : null;
      if (v) derived[key] = reduceSeries(v, layout);
    }
    const bands = chart.series.filter((s) => s.role === 'band').map((s) => values(s.source));
    if (bands.length > 0 && bands.every((b) => b !== null)) {
      const tops = stackBands(bands as Float64Array[], run.time.length);
      const rows = extremeRows(tops[tops.length - 1]!, layout);
      tops.forEach((top, k) => (derived[lodStackKey(chart.key, k)] = gather(top, rows)));
    }
    if (chart.scaleToTotal) {
      totalMax[chart.key] = scaleTotalMax(chart, { time: run.time, firstRow, values: (src) => values(src) });
    }
  }
  return {
    ...run,
    time: reducedTime(run.time, layout),
    series: run.series.map((s) =>
      s.kind === 'number'
        ? { ...s, values: reduceSeries(s.values, layout) }
        : { ...s, values: reducedText(s.values, layout) },
    ),
    lod: { buckets: layout.start.length, rowsPerBucket, sourceStats, totalMax, derived },
  };
}

/** Text cells (process names of top-* plugins): each bucket's first, twice; '' in a gap row. */
function reducedText(values: readonly string[], layout: BucketLayout): string[] {
  const out: string[] = new Array<string>(layout.length).fill('');
  for (let i = 0; i < layout.lead; i++) out[i] = values[i] ?? '';
  for (let k = 0; k < layout.start.length; k++) {
    const v = values[layout.start[k]!] ?? '';
    out[layout.at[k]!] = v;
    out[layout.at[k]! + 1] = v;
  }
  return out;
}

/** Every run reduced where it is big (see reduceRun). */
export function reduceReport(report: ColumnarReport, buckets = LOD_BUCKETS, minRows = LOD_MIN_ROWS): ColumnarReport {
  return { ...report, runs: report.runs.map((r) => reduceRun(r, buckets, minRows)) };
}
