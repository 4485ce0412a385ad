/**
 * A live report's new rows (GET /api/live/:id?run=R&from=N, shared/api/live-json.ts) added to the report
 * the page holds: a new report object whose run R has its columns grown and its statistics made again from
 * the raw samples (as the server's, over every row but a since-boot first row). Null when the rows do not
 * follow what the page has (another run began, the log started over, a reduced run): the page then loads
 * the report again whole.
 */
import type { LiveRowsJson } from '../../../shared/api/live-json.js';
import type { ColumnarReport, ColumnarSeries } from '../../../shared/report/columnar.js';
import { windowStats } from '../../../shared/series/window-stats.js';

function grown(old: Float64Array, more: readonly (number | null)[] | undefined, n: number): Float64Array {
  const out = new Float64Array(old.length + n);
  out.set(old);
  for (let i = 0; i < n; i++) {
    const v = more?.[i];
    out[old.length + i] = typeof v === 'number' ? v : NaN;
  }
  return out;
}

export function appendRows(report: ColumnarReport, rows: LiveRowsJson): ColumnarReport | null {
  const index = rows.run - 1;
  const run = report.runs[index];
  if (!run || run.lod || rows.from !== run.time.length || rows.rows !== rows.from + rows.time.length) return null;
  const n = rows.time.length;
  if (n === 0) return report;
  const time = grown(run.time, rows.time, n);
  const from = run.firstRowIsSinceBoot ? 1 : 0;
  const series: ColumnarSeries[] = run.series.map((s) => {
    if (s.kind !== 'number') return { ...s, values: [...s.values, ...new Array<string>(n).fill('')] };
    const values = grown(s.values, rows.series[s.id], n);
    return { ...s, values, stats: windowStats(values, from) };
  });
  const next = { ...run, time, series, rows: time.length, end: time[time.length - 1]!, lastLine: rows.lastLine };
  if (run.time.length === 0) next.start = time[0]!;
  return { ...report, runs: report.runs.map((r, i) => (i === index ? next : r)) };
}
