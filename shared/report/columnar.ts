/**
 * The report as the page uses it: the API's JSON with every numeric series (and the time column) as a
 * Float64Array (NaN = gap) instead of an array of numbers and nulls. Converted once, in a Web Worker for
 * big reports (load-worker.ts), and moved to the page without a copy (the arrays' buffers are transferred).
 */
import type { ReportJson, RunJson } from '../api/schemas.js';
import type { RunLod } from './lod.js';

type NumericJson = Extract<RunJson['series'][number], { kind: 'number' }>;
type TextJson = Extract<RunJson['series'][number], { kind: 'text' }>;

export type ColumnarNumeric = Omit<NumericJson, 'values'> & { values: Float64Array };
export type ColumnarText = TextJson;
export type ColumnarSeries = ColumnarNumeric | ColumnarText;

export interface ColumnarRun extends Omit<RunJson, 'time' | 'series'> {
  time: Float64Array;
  series: ColumnarSeries[];
  /**
   * Set on a big run's reduced level of detail (lod.ts): `time` and the values are then reduced, `rows` is
   * still the full run's row count, and the statistics are the full run's.
   */
  lod?: RunLod;
}

export interface ColumnarReport extends Omit<ReportJson, 'runs'> {
  runs: ColumnarRun[];
}

function toFloat64(values: readonly (number | null)[]): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = typeof v === 'number' ? v : NaN;
  }
  return out;
}

export function toColumnarRun(run: RunJson): ColumnarRun {
  const series: ColumnarSeries[] = run.series.map((s) =>
    s.kind === 'number' ? { ...s, values: toFloat64(s.values) } : s,
  );
  return { ...run, time: toFloat64(run.time), series };
}

export function toColumnar(report: ReportJson): ColumnarReport {
  return { ...report, runs: Array.isArray(report.runs) ? report.runs.map(toColumnarRun) : [] };
}

/** The buffers to transfer with a postMessage of the report. */
export function transferList(report: ColumnarReport): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const run of report.runs) {
    out.push(run.time.buffer as ArrayBuffer);
    for (const s of run.series) if (s.kind === 'number') out.push(s.values.buffer as ArrayBuffer);
    if (run.lod) for (const v of Object.values(run.lod.derived)) out.push(v.buffer as ArrayBuffer);
  }
  // Arrays decoded from one message share its buffer: each buffer once.
  return [...new Set(out)];
}
