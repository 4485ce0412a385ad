/**
 * The statistics summary of one run (`dstatview stats FILE.csv`): every numeric series' min, avg, p95 and
 * max over every raw sample but a since-boot first row, in normalised units. Pure, JSON-safe.
 */
import type { DstatLog } from '../dstat/types.js';
import { floatingIso } from '../dstat/time.js';
import { seriesStats } from '../series/stats.js';

export interface SeriesFigures {
  min: number;
  avg: number;
  max: number;
  p95: number;
}

export interface StatsReport {
  producer: string;
  version: string;
  host: string;
  timezone: string;
  /** First and last row of the run, as the host's wall clock (`2026-11-29T20:45:49`). */
  start: string;
  end: string;
  /** Rows of the run, the since-boot row included. */
  rows: number;
  /** Runs in the file. */
  runs: number;
  /** Which run these figures are for (1-based). */
  run: number;
  /** By series id; null when the series has no numeric sample. */
  series: Record<string, SeriesFigures | null>;
}

/** Figures for run `runNumber` (1-based; default the last). Throws RangeError for a run that isn't there. */
export function statsReport(log: DstatLog, runNumber = log.runs.length): StatsReport {
  const run = log.runs[runNumber - 1];
  if (!run || !Number.isInteger(runNumber)) {
    throw new RangeError(`there is no run ${runNumber}: the file has ${log.runs.length} run${log.runs.length === 1 ? '' : 's'}`);
  }
  const from = run.firstRowIsSinceBoot ? 1 : 0;
  const series: Record<string, SeriesFigures | null> = {};
  for (const s of run.series) {
    if (s.kind !== 'number') continue;
    const st = seriesStats(s.values, from);
    series[s.id] = st && { min: st.min, avg: st.avg, max: st.max, p95: st.p95 };
  }
  return {
    producer: run.meta.producer,
    version: run.meta.version,
    host: run.meta.host,
    timezone: run.meta.timezone,
    start: floatingIso(run.time[0]!),
    end: floatingIso(run.time[run.time.length - 1]!),
    rows: run.time.length,
    runs: log.runs.length,
    run: runNumber,
    series,
  };
}
