/**
 * A run as the charts use it: columns (one time array, one Float64Array per numeric series, NaN = gap) and
 * the catalogue resolved against its series. Whatever is derived from whole columns (computed totals, trend
 * lines, idle devices, CPU busy %) is made on first use and kept.
 */
import type { RunJson } from '../api/schemas.js';
import {
  idleChartKeys,
  resolveCharts,
  twinTotalKeys,
  sourceValues,
  type ResolvedChart,
  type SeriesInfo,
  type SeriesSource,
} from '../catalogue/index.js';
import { gapThresholdMs } from '../series/reduce.js';
import type { SeriesStats } from '../series/stats.js';
import { movingAverage } from '../series/trend.js';
import { fullWindow, lowerBound, rowsInWindow, type TimeWindow } from '../series/window.js';
import { scaleTotalMax, type ChartRun } from '../chart/line-data.js';
import type { ColumnarRun } from './columnar.js';
import type { RunFindings } from '../findings/finding.js';
import { lodStackKey, type RunLod } from './lod.js';

export interface NumericColumn {
  id: string;
  group: string;
  column: string;
  unit: string;
  values: Float64Array;
  /** From the server: over every row but a since-boot first row. */
  stats: SeriesStats | null;
}

export interface TextColumn {
  id: string;
  group: string;
  column: string;
  values: readonly string[];
}

export interface RunData extends ChartRun {
  index: number;
  meta: RunJson['meta'];
  /** What limited the run (shared/findings/), as stored with it; null for a report stored without them. */
  findings: RunFindings | null;
  /** The uploaded file's name (images say where they come from). */
  fileName: string;
  rows: number;
  intervalMs: number;
  firstRowIsSinceBoot: boolean;
  /** First row drawn and counted: 1 when row 0 is dstat's since-boot average. */
  firstRow: number;
  /** Time of the first and last row (floating wall-clock ms). */
  start: number;
  end: number;
  firstLine: number;
  lastLine: number;
  time: Float64Array;
  columns: ReadonlyMap<string, NumericColumn>;
  text: readonly TextColumn[];
  charts: readonly ResolvedChart[];
  /** The whole run, since-boot row left out; null for a run without rows. */
  window: TimeWindow | null;
  /** A time step longer than this is a gap (missed ticks). */
  maxStepMs: number;
  /** Values of a series source (one series, or a computed total); null if a series is missing. */
  values(source: SeriesSource): Float64Array | null;
  /** Keys of the per-device charts idle for the whole run. */
  idle(): ReadonlySet<string>;
  /** Keys of the family totals that equal their only busy device (twinTotalKeys): not drawn, the device is. */
  twins(): ReadonlySet<string>;
  /** Moving average of a source over `windowMs` (computed once per source and window). */
  trend(source: SeriesSource, windowMs: number): Float64Array | null;
  /** The machine's total for a `scaleToTotal` chart (shared/chart/line-data.ts scaleTotalMax), kept. */
  totalMax(chart: ResolvedChart): number;
  /** The row whose time is nearest to t, within [firstRow, rows). */
  nearestRow(t: number): number;
  /**
   * False for a big run's reduced level of detail (shared/report/lod.ts): its columns are per-bucket
   * extremes, good for drawing wide windows; only the whole run's statistics are known (`wholeStats`).
   */
  exact: boolean;
  /** The level of detail's extras (null for raw samples). */
  lod: RunLod | null;
  /** A reduced level kept beside the raw samples, to draw wide windows from (see drawLevel). */
  coarse: RunData | null;
  /**
   * The whole run's statistics of a source as the server computed them from the raw samples (null: no
   * value in the run), or undefined when they are not at hand (then compute them from `values`).
   */
  wholeStats(source: SeriesSource): SeriesStats | null | undefined;
}

export function sourceKey(source: SeriesSource): string {
  return source.combine === 'one' ? (source.ids[0] ?? '') : `${source.combine}:${source.ids.join('\u0000')}`;
}

/**
 * The level to draw `window` from in a plot `plotWidth` px wide: the reduced level (`run.coarse`) while it
 * holds at least one bucket (two rows) per pixel column there — every extreme is then drawn at its value,
 * at most a pixel column from where the raw rows put it, at a cost in pixels instead of rows — else the
 * run's raw samples.
 */
export function drawLevel(run: RunData, window: TimeWindow, plotWidth: number): RunData {
  const coarse = run.coarse;
  if (!coarse) return run;
  const r = rowsInWindow(coarse.time, window, coarse.firstRow);
  return r.to - r.from >= 2 * plotWidth ? coarse : run;
}

/**
 * `charts`: the run's resolved charts when known (the reduced level's, for the same run's raw samples), so
 * that the page's charts keep their identity — and their Chart.js instances — when the data is swapped.
 */
export function toRunData(run: ColumnarRun, fileName = '', charts?: readonly ResolvedChart[]): RunData {
  const time = run.time;
  const columns = new Map<string, NumericColumn>();
  const text: TextColumn[] = [];
  const infos: SeriesInfo[] = [];
  for (const s of run.series) {
    infos.push({ id: s.id, group: s.group, column: s.column, unit: s.unit, kind: s.kind });
    if (s.kind === 'number') {
      columns.set(s.id, { id: s.id, group: s.group, column: s.column, unit: s.unit, values: s.values, stats: s.stats });
    } else {
      text.push({ id: s.id, group: s.group, column: s.column, values: s.values });
    }
  }
  const firstRow = run.firstRowIsSinceBoot && time.length > 1 ? 1 : 0;
  const derived = new Map<string, Float64Array | null>();
  const trends = new Map<string, Float64Array | null>();
  const totals = new Map<string, number>();
  let idle: Set<string> | null = null;
  let twins: Set<string> | null = null;
  const lookup = (id: string): Float64Array | undefined => columns.get(id)?.values;
  const resolved = charts ?? resolveCharts(infos);
  const lod = run.lod ?? null;

  const data: RunData = {
    index: run.index,
    meta: run.meta,
    findings: storedRunFindings(run),
    fileName,
    rows: run.rows,
    intervalMs: run.intervalMs,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    firstRow,
    start: run.start,
    end: run.end,
    firstLine: run.firstLine,
    lastLine: run.lastLine,
    time,
    columns,
    text,
    charts: resolved,
    window: fullWindow(time, firstRow),
    // A reduced run marks its gaps with gap rows (lod.ts): its own steps span whole buckets.
    maxStepMs: lod ? Infinity : gapThresholdMs(run.intervalMs),
    values(source) {
      if (source.combine === 'one') return lookup(source.ids[0] ?? '') ?? null;
      const key = sourceKey(source);
      let v = derived.get(key);
      // A reduced run's computed totals come reduced on their own extremes (a sum of reduced parts is not).
      if (v === undefined) derived.set(key, (v = lod?.derived[key] ?? sourceValues(source, lookup)));
      return v;
    },
    stackTops(chart, bandCount) {
      if (!lod || bandCount !== chart.series.filter((s) => s.role === 'band').length) return null;
      const tops: Float64Array[] = [];
      for (let k = 0; k < bandCount; k++) {
        const top = lod.derived[lodStackKey(chart.key, k)];
        if (!top) return null;
        tops.push(top);
      }
      return tops;
    },
    exact: lod === null,
    lod,
    coarse: null,
    wholeStats(source) {
      if (source.combine === 'one') return columns.get(source.ids[0] ?? '')?.stats;
      return lod?.sourceStats[sourceKey(source)];
    },
    idle() {
      idle ??= idleChartKeys(resolved, (s) => data.values(s), firstRow);
      return idle;
    },
    twins() {
      twins ??= twinTotalKeys(resolved, (s) => data.values(s), data.idle(), firstRow);
      return twins;
    },
    trend(source, windowMs) {
      const key = `${windowMs}\u0001${sourceKey(source)}`;
      let v = trends.get(key);
      if (v === undefined) {
        const values = data.values(source);
        v = values ? movingAverage(time, values, windowMs, firstRow) : null;
        trends.set(key, v);
      }
      return v;
    },
    totalMax(chart) {
      let max = totals.get(chart.key);
      if (max === undefined) totals.set(chart.key, (max = lod?.totalMax[chart.key] ?? scaleTotalMax(chart, data)));
      return max;
    },
    nearestRow(t) {
      const n = time.length;
      if (n === 0) return -1;
      const i = lowerBound(time, t, firstRow, n);
      if (i >= n) return n - 1;
      if (i <= firstRow) return firstRow;
      return t - time[i - 1]! <= time[i]! - t ? i - 1 : i;
    },
  };
  return data;
}

/** A run's stored findings (RunJson.findings), or null when it was stored without them. */
export function storedRunFindings(run: object | undefined): RunFindings | null {
  const f = (run as { findings?: RunFindings | null } | undefined)?.findings;
  return f && Array.isArray(f.findings) ? f : null;
}
