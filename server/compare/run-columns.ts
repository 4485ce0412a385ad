/**
 * A stored report's runs as columns, for comparisons: what the parse worker sends back (typed arrays,
 * transferred, not copied) and what the compare route computes on. Text series and line numbers are
 * left out: statistics need only the numbers.
 */
import type { DstatLog, RunMeta } from '../../shared/dstat/types.js';
import type { CompareRunInput } from '../../shared/compare/types.js';

export interface RunColumns extends CompareRunInput {
  index: number;
  meta: RunMeta;
  /** Sampling interval, ms. */
  intervalMs: number;
  time: Float64Array;
  series: { id: string; group: string; column: string; unit: string; kind: 'number'; values: Float64Array }[];
}

export function toRunColumns(log: DstatLog): RunColumns[] {
  return log.runs.map((run) => ({
    index: run.index,
    meta: run.meta,
    intervalMs: run.intervalMs,
    time: run.time,
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    series: run.series.flatMap((s) =>
      s.kind === 'number' ? [{ id: s.id, group: s.group, column: s.column, unit: s.unit, kind: 'number' as const, values: s.values }] : [],
    ),
  }));
}

/** The buffers to transfer from the worker. */
export function columnBuffers(runs: readonly RunColumns[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of runs) {
    out.add(r.time.buffer as ArrayBuffer);
    for (const s of r.series) out.add(s.values.buffer as ArrayBuffer);
  }
  return [...out];
}

/** Memory the columns hold, bytes. */
export function columnBytes(runs: readonly RunColumns[]): number {
  let bytes = 0;
  for (const r of runs) {
    bytes += r.time.byteLength;
    for (const s of r.series) bytes += s.values.byteLength;
  }
  return bytes;
}
