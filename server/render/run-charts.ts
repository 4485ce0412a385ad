/**
 * A report's run made ready to draw, and the charts the page shows of it: apart from render-chart.ts so that
 * what only lists charts (an export's file names, README) loads neither Chart.js nor the canvas binary.
 */
import type { ReportJson, RunJson } from '../../shared/api/schemas.js';
import { toColumnarRun, type ColumnarReport, type ColumnarRun } from '../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../shared/report/run-data.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { ResolvedChart } from '../../shared/catalogue/index.js';
import { chartLoad, pageCharts } from '../../shared/view/page-order.js';
import { wholeView } from '../../shared/view/view-options.js';

/** A report's run as it is held (JSON arrays or columns): `run` (1-based) when the report has it, else the last; null for none. */
export function reportRun(report: ReportJson | ColumnarReport, run?: number | null): RunJson | ColumnarRun | null {
  const runs = report.runs;
  if (runs.length === 0) return null;
  return runs[run != null && run >= 1 && run <= runs.length ? run - 1 : runs.length - 1]!;
}

/** A report's run as columns: `run` (1-based) when the report has it, else the last; null for none. */
export function columnarRun(report: ReportJson | ColumnarReport, run?: number | null): ColumnarRun | null {
  const r = reportRun(report, run);
  return !r || r.time instanceof Float64Array ? (r as ColumnarRun | null) : toColumnarRun(r as RunJson);
}

/** A report's run ready to draw (columns, resolved charts): make it once to draw many charts. */
export function renderableRun(report: ReportJson | ColumnarReport, run?: number | null): RunData | null {
  const columnar = columnarRun(report, run);
  return columnar ? toRunData(columnar, report.fileName) : null;
}

/**
 * The chart keys of a run that the page draws for a view (default: the default view), in page order with
 * every section in full (shared/view/page-order.ts pageCharts): the charts an export draws.
 */
export function chartKeys(run: RunData, view: ViewQueryOptions = {}): string[] {
  const v = wholeView(view);
  const load = (c: ResolvedChart): number => chartLoad(c, (id) => run.columns.get(id)?.stats);
  return pageCharts(run.charts, { idle: run.idle(), twins: run.twins(), showIdle: v.idle, hidden: new Set(v.hide), heatmap: v.heatmap }, load).map((c) => c.key);
}
