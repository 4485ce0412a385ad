/**
 * A run's columns moved into one SharedArrayBuffer, for the worker threads that draw its charts: a task
 * posted to a thread carries views on shared memory, which are passed without a copy. Copied in each task
 * instead, the 4 MB log's ~7 MB of columns took ~0.1–0.2 s to serialise on the caller's thread and as much
 * to read back on each worker's, for every task.
 */
import type { RunJson } from '../../shared/api/schemas.js';
import type { ColumnarRun, ColumnarSeries } from '../../shared/report/columnar.js';

/**
 * A run as columns in shared memory. A run still in JSON arrays (the CLI's, just parsed) is written there
 * directly, a missing value (null) as NaN as toColumnarRun does: not made columns first and copied then, ~35 ms
 * and 7 MB of memory less for the 4 MB log, before the threads can start drawing.
 */
export function sharedColumns(run: ColumnarRun | RunJson): ColumnarRun {
  let length = run.time.length;
  for (const s of run.series) if (s.kind === 'number') length += s.values.length;
  const memory = new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
  let at = 0;
  const share = (values: Float64Array | readonly (number | null)[]): Float64Array => {
    if (values instanceof Float64Array) memory.set(values, at);
    else for (let i = 0; i < values.length; i++) memory[at + i] = values[i] ?? NaN;
    const view = memory.subarray(at, at + values.length);
    at += values.length;
    return view;
  };
  const series = (run.series as readonly (ColumnarSeries | RunJson['series'][number])[]).map((s) =>
    s.kind === 'number' ? { ...s, values: share(s.values) } : s,
  ) as ColumnarSeries[];
  return { ...run, time: share(run.time), series };
}
