/**
 * A run as the charts use it: columns (one time array, one Float64Array per numeric series, NaN = gap),
 * converted once from the API's JSON arrays, and the catalogue resolved against its series. Computed
 * series (a total summed from the devices) are made on first use and kept.
 */
import type { RunJson } from '../../../shared/api/schemas.js';
import { resolveCharts, sourceValues, type ResolvedChart, type SeriesInfo, type SeriesSource } from '../../../shared/catalogue/index.js';
import { gapThresholdMs } from '../../../shared/series/reduce.js';
import { fullWindow, type TimeWindow } from '../../../shared/series/window.js';

export interface NumericColumn {
  id: string;
  group: string;
  column: string;
  unit: string;
  values: Float64Array;
}

export interface TextColumn {
  id: string;
  group: string;
  column: string;
  values: readonly string[];
}

export interface RunData {
  index: number;
  meta: RunJson['meta'];
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
}

function toFloat64(values: readonly (number | null)[]): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? NaN : v;
  }
  return out;
}

export function toRunData(run: RunJson): RunData {
  const time = Float64Array.from(run.time);
  const columns = new Map<string, NumericColumn>();
  const text: TextColumn[] = [];
  const infos: SeriesInfo[] = [];
  for (const s of run.series) {
    infos.push({ id: s.id, group: s.group, column: s.column, unit: s.unit, kind: s.kind });
    if (s.kind === 'number') {
      columns.set(s.id, { id: s.id, group: s.group, column: s.column, unit: s.unit, values: toFloat64(s.values) });
    } else {
      text.push({ id: s.id, group: s.group, column: s.column, values: s.values });
    }
  }
  const firstRow = run.firstRowIsSinceBoot && time.length > 1 ? 1 : 0;
  const derived = new Map<string, Float64Array | null>();
  const lookup = (id: string): Float64Array | undefined => columns.get(id)?.values;
  return {
    index: run.index,
    meta: run.meta,
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
    charts: resolveCharts(infos),
    window: fullWindow(time, firstRow),
    maxStepMs: gapThresholdMs(run.intervalMs),
    values(source) {
      if (source.combine === 'one') return lookup(source.ids[0] ?? '') ?? null;
      const key = `${source.combine}:${source.ids.join('\u0000')}`;
      let v = derived.get(key);
      if (v === undefined) derived.set(key, (v = sourceValues(source, lookup)));
      return v;
    },
  };
}

