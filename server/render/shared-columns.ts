/**
 * A run's columns moved into one SharedArrayBuffer, for the worker threads that draw its charts: a task
 * posted to a thread carries views on shared memory, which are passed without a copy. Copied in each task
 * instead, the 4 MB log's ~7 MB of columns took ~0.1–0.2 s to serialise on the caller's thread and as much
 * to read back on each worker's, for every task.
 */
import type { ColumnarRun } from '../../shared/report/columnar.js';

export function sharedColumns(run: ColumnarRun): ColumnarRun {
  let length = run.time.length;
  for (const s of run.series) if (s.kind === 'number') length += s.values.length;
  const memory = new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
  let at = 0;
  const share = (values: Float64Array): Float64Array => {
    memory.set(values, at);
    const view = memory.subarray(at, at + values.length);
    at += values.length;
    return view;
  };
  return {
    ...run,
    time: share(run.time),
    series: run.series.map((s) => (s.kind === 'number' ? { ...s, values: share(s.values) } : s)),
  };
}
