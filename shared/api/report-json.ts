/**
 * DstatLog (typed arrays, NaN gaps) → the JSON the API serves (ReportJson): plain arrays, `null` for a gap,
 * per-series statistics from the raw samples. Pure: no Node or DOM API, so the server's parse worker and
 * the browser can both use it.
 */
import { PARSER_VERSION } from '../dstat/parse-dstat.js';
import { evaluateFindings } from '../findings/evaluate.js';
import type { DialectReport, DstatLog, DstatRun, Series } from '../dstat/types.js';
import type { SeriesStats } from '../series/stats.js';
import { windowStats } from '../series/window-stats.js';
import type { ReportJson, ReportSummary, RunJson, SeriesJson } from './schemas.js';

/** What a report knows besides the parsed log: who it is and where it came from. */
export interface ReportSummaryFields {
  id: string;
  fileName: string;
  /** ISO 8601 instant of the upload. */
  createdAt: string;
  /** Size of the uploaded CSV in bytes. */
  bytes: number;
}

/** The small part of a report: everything but the runs. */
export function toReportSummary(log: DstatLog, fields: ReportSummaryFields): ReportSummary {
  return {
    id: fields.id,
    fileName: fields.fileName,
    createdAt: fields.createdAt,
    bytes: fields.bytes,
    parserVersion: PARSER_VERSION,
    dialect: toDialectJson(log.dialect),
  };
}

/** What the JSON of a run holds besides its samples. */
export interface RunJsonOptions {
  /**
   * Evaluate the run's findings (default true). false for a caller that makes them later over more rows
   * (a live log's pieces: shared/live/live-log.ts), so they are not evaluated only to be thrown away.
   */
  findings?: boolean;
}

/** The whole report as JSON-safe data: every number finite, every gap `null`. */
export function toReportJson(log: DstatLog, fields: ReportSummaryFields, options: RunJsonOptions = {}): ReportJson {
  return { ...toReportSummary(log, fields), runs: log.runs.map((run) => toRunJson(run, options)) };
}

export function toDialectJson(d: DialectReport): ReportSummary['dialect'] {
  return {
    producer: d.producer,
    version: d.version,
    options: [...d.options],
    conversions: [...d.conversions],
    timeSource: d.timeSource,
    timeFormat: d.timeFormat,
    rows: { read: d.rows.read, kept: d.rows.kept, dropped: d.rows.dropped },
    runs: d.runs,
    unknownColumns: [...d.unknownColumns],
    issues: d.issues.map((i) => ({ severity: i.severity, line: i.line, message: i.message })),
    moreIssues: d.moreIssues,
    suggestedCommand: d.suggestedCommand,
  };
}

export function toRunJson(run: DstatRun, options: RunJsonOptions = {}): RunJson {
  const rows = run.time.length;
  // The since-boot average is not a sample of the recording: it never counts in the stats.
  const statsFrom = run.firstRowIsSinceBoot ? 1 : 0;
  return {
    index: run.index,
    meta: { ...run.meta },
    firstLine: run.firstLine,
    lastLine: run.lastLine,
    rows,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    intervalMs: finiteOr(run.intervalMs, 0),
    start: finiteOr(run.time[0], 0),
    end: finiteOr(run.time[rows - 1], 0),
    time: Array.from(run.time, (t) => finiteOr(t, 0)),
    series: run.series.map((s) => toSeriesJson(s, statsFrom)),
    // From the raw samples, here in the parser's thread; `net-near-link` waits for a link speed (on request).
    ...(options.findings === false ? {} : { findings: evaluateFindings(run) }),
  };
}

function toSeriesJson(s: Series, statsFrom: number): SeriesJson {
  const common = { id: s.id, group: s.group, column: s.column, unit: s.unit, csvColumn: s.csvColumn };
  if (s.kind === 'text') return { ...common, kind: 'text', values: [...s.values] };
  return {
    ...common,
    kind: 'number',
    values: jsonValues(s.values),
    stats: statsJson(s.values, statsFrom),
  };
}

/** A column as JSON: gaps (NaN, ±Infinity) as null. A plain loop: Array.from with a mapping function took
 * 3× as long over the 4 MB log's 770k cells (the CLI's `report` pays it on every run). */
function jsonValues(values: Float64Array): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = Number.isFinite(v) ? v : null;
  }
  return out;
}

/**
 * Stats over rows [from, end); ±Infinity counts as a gap so that every number stays JSON-safe. By selection
 * (window-stats.ts: stats.ts' numbers, tested equal) rather than a sort of every column: the sorts were
 * 60 ms of the CLI's ~1 s offline report of the 4 MB log.
 */
function statsJson(values: Float64Array, from: number): SeriesStats | null {
  const clean = hasInfinity(values) ? values.map((v) => (Number.isFinite(v) ? v : NaN)) : values;
  return windowStats(clean, from);
}

/** A plain loop: `values.some(v => …)` called its function per cell, ~15 ms of the CLI's 0.6 s for the 4 MB log. */
function hasInfinity(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === Infinity || v === -Infinity) return true;
  }
  return false;
}

/** `x` when it is a finite number; `fallback` for NaN, ±Infinity and a row that is not there (undefined). */
function finiteOr(x: number | undefined, fallback: number): number {
  return Number.isFinite(x) ? (x as number) : fallback;
}
