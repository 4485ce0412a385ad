/** The page's statistics as table rows (shared/export/stats-table.ts), labelled in the page's language. */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { StatsTableRow } from '../../../shared/export/stats-table.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import { rowsInWindow, type TimeWindow } from '../../../shared/series/window.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { chartTitle, seriesLabel, type Lang } from '../i18n/i18n.js';

/** One chart's rows, from the statistics its table shows; `heading` prefixes each label (the summary). */
export function chartStatsRows(
  chart: ResolvedChart,
  labels: readonly string[],
  stats: readonly (SeriesStats | null)[] | null,
  heading = '',
): StatsTableRow[] {
  return chart.series.map((s, i) => {
    const st = stats?.[i] ?? null;
    return {
      id: s.key,
      label: heading ? `${heading}: ${labels[i] ?? s.label}` : (labels[i] ?? s.label),
      unit: s.unit,
      min: st?.min ?? null,
      avg: st?.avg ?? null,
      p95: st?.p95 ?? null,
      max: st?.max ?? null,
    };
  });
}

/**
 * The charts the summary lists: every chart but the idle devices' (every value 0 for the whole run: rows of
 * zeros, dozens on a host with loop and zram devices) and the totals that are twins of their one busy device
 * (its rows say the same); `leftOut` counts the idle devices' series.
 */
export function summaryCharts(run: RunData): { charts: ResolvedChart[]; leftOut: number } {
  const idle = run.idle();
  const twins = run.twins();
  let leftOut = 0;
  const charts = run.charts.filter((c) => {
    if (idle.has(c.key)) leftOut += c.series.length;
    return !idle.has(c.key) && !twins.has(c.key);
  });
  return { charts, leftOut };
}

/**
 * Every chart's rows over `extent` (the whole run when null), computed from the raw samples. A reduced run
 * (shared/report/lod.ts) has the whole run's figures only: for another extent its rows have none.
 */
export function runSummaryRows(run: RunData, extent: TimeWindow | null, lang: Lang): StatsTableRow[] {
  const window = extent ?? run.window;
  if (!window) return [];
  const { from, to } = rowsInWindow(run.time, window, run.firstRow);
  const whole = from === run.firstRow && to === run.time.length;
  return summaryCharts(run).charts.flatMap((chart) => {
    const labels = chart.series.map((s) => seriesLabel(s, lang));
    const stats = chart.series.map((s) => {
      const known = whole ? run.wholeStats(s.source) : undefined;
      if (known !== undefined) return known;
      if (!run.exact) return null;
      const values = run.values(s.source);
      return values ? windowStats(values, from, to) : null;
    });
    return chartStatsRows(chart, labels, stats, chartTitle(chart, lang));
  });
}
