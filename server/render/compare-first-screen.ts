/**
 * The compare page's first screen as images, as the report page's (first-screen.ts): the page's
 * first overlay charts (every run's lines on the aligned elapsed axis, shared/chart/overlay-lines.ts, the
 * lines the page's ComparePanel draws) for the view of a `/compare?ids=…` query, in both themes at 1× and
 * 2×, and the HTML that shows them until the page's interactive charts have painted. Runs in the worker pool
 * (compare-first-screen-task.ts).
 */
import type { ColumnarReport } from '../../shared/report/columnar.js';
import { lineConfig, PLOT_INSET } from '../../shared/chart/line-config.js';
import { overlayDatasets, overlayLines } from '../../shared/chart/overlay-lines.js';
import { chartTheme } from '../../shared/chart/theme.js';
import { alignedRun, drawnMatched, matchCharts, overlayExtent } from '../../shared/compare/overlay.js';
import { runName, runTag } from '../../shared/compare/table.js';
import { effectiveShifts } from '../../shared/compare/clock.js';
import { floatingIso } from '../../shared/dstat/time.js';
import { storedRunFindings, type RunData } from '../../shared/report/run-data.js';
import { ownWindow } from '../../shared/compare/steady.js';
import type { CompareView } from '../../shared/view/compare-view.js';
import { FIRST_SCREEN_CHARTS } from '../../shared/view/first-screen.js';
import { drawVariants, FIRST_SCREEN_WIDTH, type FirstScreenImage } from './first-screen.js';
import { configPng } from './render-chart.js';

/** A compare chart's plot height, CSS px (the compare page's CHART_HEIGHT_PX). */
export const COMPARE_CHART_HEIGHT = 200;

export interface CompareRuns {
  runs: RunData[];
  /** "A d072.csv (vm, 2026-11-29 20:45:49)", in ids order. */
  names: string[];
}

/**
 * The runs a view names, aligned (its shifts); null when a report is missing or lacks the run named, as the
 * page would say itself (it then gets no images).
 */
export function compareRuns(reports: ReadonlyMap<string, ColumnarReport>, view: CompareView): CompareRuns | null {
  const runs: RunData[] = [];
  const names: string[] = [];
  const picked: { report: ColumnarReport; run: ColumnarReport['runs'][number]; n: number }[] = [];
  for (const ref of view.refs) {
    const report = reports.get(ref.id);
    const n = ref.run ?? report?.runs.length ?? 0;
    const run = report?.runs[n - 1];
    if (!report || !run) return null;
    picked.push({ report, run, n });
  }
  // The page's shifts: the clock's (align=clock) plus the view's offsets, or the offsets alone.
  const shifts = effectiveShifts(picked.map((p) => ({ time: p.run.time, timezone: p.run.meta.timezone })), view.align, view.shifts);
  for (const [i, { report, run, n }] of picked.entries()) {
    // A run compared by a window of its own (or its steady state) starts at that window's start and is drawn
    // over it, as on the page.
    const own = ownWindow(view.refs[i]!, { ...run, findings: storedRunFindings(run) }, view.window);
    runs.push(alignedRun(run, (shifts[i] ?? 0) + (own?.from ?? 0), report.fileName, own));
    names.push(`${runTag(i)} ${runName({ fileName: report.fileName, run: n, runs: report.runs.length, host: run.meta.host, start: floatingIso(run.start) })}`);
  }
  return { runs, names };
}

/** The compare page's first charts as images, for its view (window, baseline, idle devices). */
export async function renderCompareFirstScreen(runs: readonly RunData[], view: CompareView): Promise<FirstScreenImage[]> {
  if (runs.length === 0) return [];
  const charts = drawnMatched(matchCharts(runs, view.baseline), runs, view.idle).slice(0, FIRST_SCREEN_CHARTS);
  const window = view.from !== null && view.to !== null ? { t0: view.from * 1000, t1: view.to * 1000 } : overlayExtent(runs);
  const tags = runs.map((_, i) => runTag(i));
  const width = FIRST_SCREEN_WIDTH;
  const height = COMPARE_CHART_HEIGHT;
  const plotWidth = Math.max(50, width - PLOT_INSET);
  const out: FirstScreenImage[] = [];
  for (const m of charts) {
    const lines = overlayLines(m.perRun, runs, tags, (chart, i) => chart.series[i]!.label);
    const variants = await drawVariants((themeName, ratio) => {
      const theme = chartTheme(themeName);
      const { datasets, state } = overlayDatasets(m.chart, lines, runs, window, plotWidth, theme);
      return configPng(lineConfig({ chart: m.chart, datasets, state, window, theme, height, devicePixelRatio: ratio }), width, height);
    });
    out.push({ key: m.key, title: m.chart.heading, width, height, variants });
  }
  return out;
}
