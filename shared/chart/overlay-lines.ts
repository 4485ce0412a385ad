/**
 * The lines of one compare chart (every run's series of a catalogue chart overlaid on the aligned elapsed
 * axis, shared/compare/overlay.ts): what the page's ComparePanel and the server's first-screen images both
 * hand to lineConfig, so the two draw the same picture. Each run is reduced on its own time column, so runs
 * sampled at 1 s and 5 s share the axis without resampling.
 */
import type { ResolvedChart } from '../catalogue/index.js';
import { RUN_COLOURS, SERIES_DASHES } from '../compare/overlay.js';
import type { RunData } from '../report/run-data.js';
import { reduceMinMax } from '../series/reduce.js';
import type { TimeWindow } from '../series/window.js';
import type { LineAxisState } from './line-config.js';
import { toPoints, type LineDataset } from './line-data.js';
import type { ChartTheme } from './theme.js';
import { timeAxis } from './time-axis.js';

/** One line: a series of one run. */
export interface OverlayLine {
  /** Index of the run. */
  run: number;
  label: string;
  /** Theme colour token (RUN_COLOURS). */
  colour: string;
  dash: number[];
  unit: string;
  values: Float64Array;
}

/**
 * Every series of every run that has the chart, but those hidden and statistics-only. `label(chart, i)` is
 * the i-th series' label of a run's chart (in the page's language); a line's label starts with its run's tag.
 */
export function overlayLines(
  perRun: readonly (ResolvedChart | null)[],
  runs: readonly RunData[],
  tags: readonly string[],
  label: (chart: ResolvedChart, index: number) => string,
  hidden: ReadonlySet<string> = new Set(),
): OverlayLine[] {
  const out: OverlayLine[] = [];
  perRun.forEach((chart, run) => {
    if (!chart) return;
    const data = runs[run]!;
    chart.series.forEach((s, i) => {
      if (s.role === 'hidden' || hidden.has(s.key)) return;
      const values = data.values(s.source);
      if (!values) return;
      out.push({
        run,
        label: `${tags[run]} ${label(chart, i)}`,
        colour: RUN_COLOURS[run % RUN_COLOURS.length]!,
        dash: SERIES_DASHES[i % SERIES_DASHES.length]!,
        unit: s.unit,
        values,
      });
    });
  });
  return out;
}

/** The lines reduced to the plot's width over the window (min-max per pixel column), and the axes' state. */
export function overlayDatasets(
  chart: ResolvedChart,
  lines: readonly OverlayLine[],
  runs: readonly RunData[],
  window: TimeWindow,
  plotWidth: number,
  theme: ChartTheme,
): { datasets: LineDataset[]; state: LineAxisState } {
  const datasets: LineDataset[] = lines.map((d) => {
    const run = runs[d.run]!;
    const r = reduceMinMax(run.time, d.values, {
      t0: window.t0,
      t1: window.t1,
      width: plotWidth,
      maxStepMs: run.maxStepMs,
      stepMs: run.intervalMs > 0 ? run.intervalMs : 0,
      firstRow: run.firstRow,
    });
    return {
      label: d.label,
      data: toPoints(r),
      borderColor: `rgb(${theme.rgb(d.colour)})`,
      borderWidth: 1.5,
      borderDash: d.dash,
      fill: false,
      // Each sample is the average over the interval ending at its time, as on the report page.
      stepped: 'after',
    };
  });
  let dataMax = -Infinity;
  for (const ds of datasets) for (const p of ds.data) if (p.y > dataMax) dataMax = p.y;
  return {
    datasets,
    state: { axis: timeAxis(window.t0, window.t1, plotWidth, 'elapsed', 0), fixedMax: chart.yMax, flat: !(dataMax > 0), shaded: [] },
  };
}
