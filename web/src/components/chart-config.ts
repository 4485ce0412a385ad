/**
 * A resolved catalogue chart → a Chart.js configuration, for one window and plot width. Data is reduced
 * first (shared/series/reduce.ts: min and max per pixel column; stacks reduced on their total and drawn at
 * the same rows), so Chart.js never sees more than ~2 points per pixel column per dataset.
 * Only ChartPanel uses this: the rest of the app works on columns (Float64Array, NaN = gap).
 */
import type { ChartConfiguration, ChartDataset, Scale, TooltipItem } from 'chart.js';
import type { ColourToken, ResolvedChart, ResolvedSeries } from '../../../shared/catalogue/index.js';
import { reduceMinMax, reduceStacked, stackBands, type Reduced } from '../../../shared/series/reduce.js';
import type { TimeWindow } from '../../../shared/series/window.js';
import type { RunData } from '../data/run-data.js';
import {
  formatAxisValue,
  formatDateTime,
  formatTimeTick,
  formatValue,
  niceTicks,
  timeTicks,
  zoneLabel,
} from '../format.js';

export type Point = { x: number; y: number };
export type LineConfig = ChartConfiguration<'line', Point[]>;

/** A dataset that remembers, for the tooltip, the source row of each point and the series' raw values. */
type Dataset = ChartDataset<'line', Point[]> & { dvRows: Int32Array; dvRaw: Float64Array; dvUnit: string };

/** The series of a chart with their values, and the stack's cumulative tops: computed once per chart. */
export interface PreparedChart {
  bands: { spec: ResolvedSeries; values: Float64Array }[];
  lines: { spec: ResolvedSeries; values: Float64Array }[];
  tops: Float64Array[];
}

export function prepareChart(run: RunData, chart: ResolvedChart): PreparedChart {
  const bands: PreparedChart['bands'] = [];
  const lines: PreparedChart['lines'] = [];
  for (const spec of chart.series) {
    if (spec.role === 'hidden') continue;
    const values = run.values(spec.source);
    if (!values) continue;
    (spec.role === 'band' ? bands : lines).push({ spec, values });
  }
  return { bands, lines, tops: bands.length > 0 ? stackBands(bands.map((b) => b.values), run.time.length) : [] };
}

export interface Theme {
  /** `r g b` of a series colour. */
  rgb(token: ColourToken): string;
  grid: string;
  text: string;
  font: string;
}

/** Colours from the page's CSS custom properties (`--series-blue: 31 119 180`), so themes are CSS only. */
export function readTheme(el: Element): Theme {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    rgb: (token) => v(`--series-${token}`, '90 90 90'),
    grid: v('--chart-grid', 'rgb(0 0 0 / 0.08)'),
    text: v('--chart-text', '#444'),
    font: v('--font-sans', 'system-ui, sans-serif'),
  };
}

function points(r: Reduced): Point[] {
  const out = new Array<Point>(r.x.length);
  for (let i = 0; i < r.x.length; i++) out[i] = { x: r.x[i]!, y: r.y[i]! };
  return out;
}

export interface ConfigInput {
  run: RunData;
  chart: ResolvedChart;
  prepared: PreparedChart;
  window: TimeWindow;
  /** Plot width in CSS pixels. */
  width: number;
  theme: Theme;
  /** Upper limit of the Y axis from a view option (phase 2), if any. */
  yLimit?: number | null;
}

export function chartConfig({ run, chart, prepared, window, width, theme, yLimit }: ConfigInput): LineConfig {
  const opts = {
    t0: window.t0,
    t1: window.t1,
    width: Math.max(50, width),
    maxStepMs: run.maxStepMs,
    stepMs: run.intervalMs > 0 ? run.intervalMs : 0,
    firstRow: run.firstRow,
  };
  // Every sample is drawn as a step over its interval (dstat values are averages over the interval ending at
  // the row's time). Measured on a 4 MB log: stepped fills redraw faster in Chart.js than straight ones.
  const stepped = 'after' as const;
  const datasets: Dataset[] = [];
  const stacked = reduceStacked(run.time, prepared.tops, opts);
  prepared.bands.forEach((band, k) => {
    const r = stacked[k]!;
    const rgb = theme.rgb(band.spec.colour);
    datasets.push({
      label: band.spec.label,
      data: points(r),
      borderColor: `rgb(${rgb})`,
      backgroundColor: `rgb(${rgb} / ${band.spec.faint ? 0.16 : 0.78})`,
      borderWidth: 1,
      fill: k === 0 ? 'origin' : '-1',
      stepped,
      dvRows: r.rows,
      dvRaw: band.values,
      dvUnit: band.spec.unit,
    });
  });
  const filled = chart.fill && prepared.bands.length === 0 && prepared.lines.length === 1;
  for (const line of prepared.lines) {
    const r = reduceMinMax(run.time, line.values, opts);
    const rgb = theme.rgb(line.spec.colour);
    datasets.push({
      label: line.spec.label,
      data: points(r),
      borderColor: `rgb(${rgb})`,
      backgroundColor: `rgb(${rgb} / 0.35)`,
      borderWidth: 1.5,
      fill: filled ? 'origin' : false,
      stepped,
      dvRows: r.rows,
      dvRaw: line.values,
      dvUnit: line.spec.unit,
    });
  }

  const tickKind = chart.unit === 'bytes' || chart.unit === 'bytes/s' ? 'binary' : chart.unit === 'count' ? 'integer' : 'decimal';
  // Nothing above zero in the window (an idle disk): a plain 0–1 axis, not ticks at 0.25 bytes.
  let dataMax = -Infinity;
  for (const ds of datasets) for (const p of ds.data) if (p.y > dataMax) dataMax = p.y;
  const flat = !(dataMax > 0);
  const fixedMax = chart.yMax ?? yLimit ?? null;
  const xTicks = timeTicks(window.t0, window.t1, Math.max(2, Math.floor(width / 95)));
  const span = window.t1 - window.t0;
  const zone = zoneLabel(run.meta.timezone);

  return {
    type: 'line',
    data: { datasets },
    options: {
      animation: false,
      parsing: false,
      normalized: true,
      spanGaps: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearestEach', intersect: false },
      elements: {
        point: { radius: 0, hoverRadius: 3, hitRadius: 0 },
        line: { tension: 0 },
      },
      layout: { padding: { right: 8 } },
      font: { family: theme.font, size: 11 },
      color: theme.text,
      scales: {
        x: {
          type: 'linear',
          min: window.t0,
          max: window.t1,
          grid: { color: theme.grid },
          border: { display: false },
          ticks: {
            color: theme.text,
            maxRotation: 0,
            autoSkip: false,
            callback: (value, index, ticks) =>
              formatTimeTick(Number(value), xTicks.step, index > 0 ? ticks[index - 1]?.value : undefined, span),
          },
          afterBuildTicks: (scale: Scale) => {
            scale.ticks = xTicks.ticks.map((value) => ({ value }));
          },
        },
        y: {
          type: 'linear',
          beginAtZero: true,
          ...(fixedMax !== null ? { min: 0, max: fixedMax } : {}),
          grid: { color: theme.grid },
          border: { display: false },
          ticks: { color: theme.text, callback: (value) => formatAxisValue(Number(value), chart.unit) },
          afterDataLimits: (scale: Scale) => {
            if (fixedMax !== null) return;
            if (flat && scale.min >= 0) {
              scale.min = 0;
              scale.max = 1;
              return;
            }
            const t = niceTicks(Math.min(0, scale.min), scale.max, 4, tickKind);
            scale.min = t[0]!;
            scale.max = t[t.length - 1]!;
          },
          afterBuildTicks: (scale: Scale) => {
            const ticks = flat && scale.min === 0 && scale.max === 1 ? [0, 1] : niceTicks(scale.min, scale.max, 4, tickKind);
            scale.ticks = ticks.map((value) => ({ value }));
          },
          afterFit: (scale: Scale) => {
            scale.width = 52; // the same for every chart, so their time axes line up on the page
          },
        },
      },
      plugins: {
        tooltip: {
          animation: false,
          callbacks: {
            title: (items: TooltipItem<'line'>[]) => {
              const item = items[0];
              if (!item) return '';
              const row = (item.dataset as Dataset).dvRows[item.dataIndex] ?? -1;
              return row >= 0 ? `${formatDateTime(run.time[row]!)} ${zone}` : '';
            },
            label: (item: TooltipItem<'line'>) => {
              const ds = item.dataset as Dataset;
              const row = ds.dvRows[item.dataIndex] ?? -1;
              return `${ds.label ?? ''}: ${row >= 0 ? formatValue(ds.dvRaw[row]!, ds.dvUnit) : '–'}`;
            },
          },
        },
      },
    },
  };
}
