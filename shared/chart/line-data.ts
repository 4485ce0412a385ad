/**
 * What a catalogue line chart draws for a view: the series kept (hidden ones left out), stacked band tops,
 * trend lines, and the reduced Chart.js datasets for a window and a plot width (shared/series/reduce.ts: at
 * most ~2 points per pixel column). One truth for the page's interactive charts and the server's images.
 * Platform-free: no DOM, no Chart.js runtime.
 */
import type { ChartDataset } from 'chart.js';
import type { ResolvedChart, ResolvedSeries, SeriesSource, YLimitOption } from '../catalogue/types.js';
import { reduceMinMax, reduceStacked, stackBands, type ReduceOptions, type Reduced } from '../series/reduce.js';
import { centredMovingAverage } from '../series/smooth.js';
import { movingAverage } from '../series/trend.js';
import { rowsInWindow, type TimeWindow } from '../series/window.js';
import { blend, type ChartTheme } from './theme.js';
import type { LineAxisState } from './line-config.js';
import { timeAxis, type XAxisMode } from './time-axis.js';
import type { Finding } from '../findings/finding.js';
import { shadedBands } from '../findings/finding-ref.js';

export type Point = { x: number; y: number };
/**
 * A dataset of a catalogue line chart. `stepFill`: filled down to the axis by stepFillPlugin (step-fill.ts)
 * rather than by Chart.js' Filler (`fill` stays false); `denseFill`: its window is denser than the plot's
 * pixel columns, so the fill is drawn a device pixel column at a time (step-fill.ts).
 */
export type LineDataset = ChartDataset<'line', Point[]> & { stepFill?: boolean; denseFill?: boolean };

/** The columns of a run, as the charts read them (shared/report/run-data.ts makes one). */
export interface ChartRun {
  time: Float64Array;
  /** First row drawn: 1 when row 0 is dstat's since-boot average. */
  firstRow: number;
  intervalMs: number;
  /** A time step longer than this is a gap. */
  maxStepMs: number;
  values(source: SeriesSource): Float64Array | null;
  trend(source: SeriesSource, windowMs: number): Float64Array | null;
  /** The machine's total for `scaleToTotal` charts (see scaleTotalMax). */
  totalMax(chart: ResolvedChart): number;
  /**
   * The stack's tops made beforehand (a reduced run's, shared/report/lod.ts: reduced at the rows of the
   * total's extremes) when `bandCount` is all the chart's bands; null: stack the bands' values.
   */
  stackTops?(chart: ResolvedChart, bandCount: number): Float64Array[] | null;
}

/** The view options a line chart depends on (the page's ViewContext has them all). */
export interface LineView {
  window: TimeWindow;
  xMode: XAxisMode;
  /** Time 0 of the elapsed axis. */
  origin: number;
  trend: boolean;
  trendMs: number;
  /** Samples of the centred moving average drawn instead of each sample (the `smooth` option); 1 = none. */
  smooth: number;
  limits: Readonly<Record<YLimitOption, number>>;
  /** Chart keys and series keys hidden by the user. */
  hidden: ReadonlySet<string>;
  theme: ChartTheme;
  /**
   * The selected finding (the view's `finding`) and the time (ms) of its second 0: its windows are shaded on
   * the charts it names (shared/findings/finding-ref.ts shadedBands). Absent: nothing shaded.
   */
  finding?: { finding: Finding; origin: number } | null;
}

/** One drawn series and where its values come from. */
export interface Drawn {
  spec: ResolvedSeries;
  label: string;
  values: Float64Array;
}

export interface PreparedLines {
  signature: string;
  bands: Drawn[];
  lines: Drawn[];
  tops: Float64Array[];
  /** Trend lines: values and colour token; `null` colour = the text colour (trend of a stack's total). */
  trends: { label: string; colour: string | null; values: Float64Array }[];
  /** Every series not hidden by the user, for the readout (stats-only ones too). */
  readout: Drawn[];
}

/** What the view changes in `prepareLines`' output (the page keeps a prepared chart while this is equal). */
export function prepareSignature(chart: ResolvedChart, view: Pick<LineView, 'hidden' | 'trend' | 'trendMs' | 'smooth'>): string {
  const hiddenHere = chart.series.filter((s) => view.hidden.has(s.key)).map((s) => s.key);
  return `${hiddenHere.join('\u0000')}|${view.trend ? view.trendMs : 0}|${smoothing(view)}`;
}

/** The `smooth` width in effect: 1 (none) unless a whole number above 1. */
function smoothing(view: Pick<LineView, 'smooth'>): number {
  return view.smooth > 1 ? Math.floor(view.smooth) : 1;
}

/**
 * The series of a chart to draw: `labels` are the series' labels in the reader's language (chart.series
 * order), `trendLabel` names a trend line.
 */
export function prepareLines(
  chart: ResolvedChart,
  labels: readonly string[],
  view: Pick<LineView, 'hidden' | 'trend' | 'trendMs' | 'smooth'>,
  run: ChartRun,
  trendLabel: (label: string) => string,
): PreparedLines {
  const smooth = smoothing(view);
  const bands: Drawn[] = [];
  const lines: Drawn[] = [];
  const readout: Drawn[] = [];
  chart.series.forEach((spec, i) => {
    if (view.hidden.has(spec.key)) return;
    const values = run.values(spec.source);
    if (!values) return;
    const d = { spec, label: labels[i] ?? spec.label, values };
    // The readout shows the samples; the lines and bands what the view draws (smoothed or not).
    readout.push(d);
    const drawn = smooth > 1 ? { ...d, values: centredMovingAverage(values, smooth, run.firstRow) } : d;
    if (spec.role === 'band') bands.push(drawn);
    else if (spec.role === 'line') lines.push(drawn);
  });
  const rows = run.time.length;
  // Tops made beforehand are of the samples: a smoothed stack is stacked here.
  const madeTops = smooth > 1 ? null : run.stackTops?.(chart, bands.length);
  const tops = bands.length > 0 ? (madeTops ?? stackBands(bands.map((b) => b.values), rows)) : [];
  const trends: PreparedLines['trends'] = [];
  if (view.trend) {
    const solid = bands.filter((b) => !b.spec.faint);
    if (solid.length > 0) {
      // The trend of what the stack shows: its total (CPU busy, memory in use).
      const total = solid.length === bands.length ? tops[tops.length - 1]! : stackBands(solid.map((b) => b.values), rows).at(-1)!;
      const label = solid.length === 1 ? solid[0]!.label : solid.map((b) => b.label).join(' + ');
      trends.push({
        label: trendLabel(label),
        colour: solid.length === 1 ? solid[0]!.spec.colour : null,
        values: movingAverage(run.time, total, view.trendMs, run.firstRow),
      });
    }
    // A filled single series (interrupts): the trend in the text colour, to stand out of the fill.
    const filled = chart.fill && bands.length === 0 && lines.length === 1;
    for (const line of lines) {
      const values = run.trend(line.spec.source, view.trendMs);
      if (values) trends.push({ label: trendLabel(line.label), colour: filled ? null : line.spec.colour, values });
    }
  }
  return { signature: prepareSignature(chart, view), bands, lines, tops, trends, readout };
}

/** Chart.js points of a reduction, reusing the objects of `into` (the dataset's previous points). */
export function toPoints(r: Reduced, into?: Point[]): Point[] {
  const n = r.x.length;
  const out = into ?? new Array<Point>(n);
  for (let i = 0; i < n; i++) {
    const p = out[i];
    if (p) {
      p.x = r.x[i]!;
      p.y = r.y[i]!;
    } else out[i] = { x: r.x[i]!, y: r.y[i]! };
  }
  out.length = n;
  return out;
}

/** Outline widths (CSS px) of a stack's bands and of lines where the samples are further apart than a pixel. */
const BAND_BORDER_WIDTH = 1;
const LINE_BORDER_WIDTH = 1.5;

/**
 * The outline width (CSS px) of a band or line drawn at more than one sample per pixel column: one device
 * pixel. Such an outline is a zigzag of vertical strokes (each column's minimum and maximum), and the canvas
 * (Skia) draws a stroke of at most one device pixel as a hairline, ~50× faster than a wider one, which it
 * outlines and fills as a polygon: measured in Chromium on a 1 300 px plot of a noisy 100k-row series, 1.5 px
 * ~120–310 ms, one device pixel 2 ms. At that density a wider stroke shows nothing more: every column is
 * already covered from its minimum to its maximum, so every peak is still drawn.
 */
export function denseBorderWidth(devicePixelRatio: number): number {
  return 1 / (devicePixelRatio > 0 ? devicePixelRatio : 1);
}

/** More samples in the window than the plot has pixel columns (outlines drawn as denseBorderWidth). */
export function isDense(run: Pick<ChartRun, 'time' | 'firstRow'>, window: TimeWindow, plotWidth: number): boolean {
  const rows = rowsInWindow(run.time, window, run.firstRow);
  return rows.to - rows.from > plotWidth;
}

/**
 * The datasets for the window and a plot `plotWidth` px wide, for a canvas of `devicePixelRatio` (outline
 * widths: see denseBorderWidth); `reuse` (a chart's current datasets) lends its point objects.
 */
export function lineDatasets(
  chart: ResolvedChart,
  prepared: PreparedLines,
  view: Pick<LineView, 'window' | 'theme'>,
  run: ChartRun,
  plotWidth: number,
  devicePixelRatio: number,
  reuse?: readonly LineDataset[],
): LineDataset[] {
  const theme = view.theme;
  const dense = isDense(run, view.window, plotWidth);
  const bandWidth = dense ? Math.min(BAND_BORDER_WIDTH, denseBorderWidth(devicePixelRatio)) : BAND_BORDER_WIDTH;
  const lineWidth = dense ? Math.min(LINE_BORDER_WIDTH, denseBorderWidth(devicePixelRatio)) : LINE_BORDER_WIDTH;
  const opts: ReduceOptions = {
    t0: view.window.t0,
    t1: view.window.t1,
    width: plotWidth,
    maxStepMs: run.maxStepMs,
    stepMs: run.intervalMs > 0 ? run.intervalMs : 0,
    firstRow: run.firstRow,
  };
  // Each sample is drawn as a step over its interval (dstat values are averages over the interval ending
  // at the row's time): Chart.js' stepped 'after' draws a point's value from the previous point to it.
  const stepped = 'after' as const;
  const out: LineDataset[] = [];
  const stacked = prepared.bands.length > 0 ? reduceStacked(run.time, prepared.tops, { ...opts, envelope: true }) : [];
  // Each band's top is filled down to the axis in an opaque colour (the series colour as if 78 % over
  // the background): Chart.js draws the last dataset first, so the higher tops are painted over by the
  // lower ones, which looks exactly like fills between neighbours and costs a fraction of Chart.js'
  // between-datasets fill (about a third of its time for a 2-band stack of 1 200 points).
  prepared.bands.forEach((band, k) => {
    const rgb = theme.rgb(band.spec.colour);
    out.push({
      label: band.label,
      data: toPoints(stacked[k]!, reuse?.[out.length]?.data),
      borderColor: `rgb(${rgb})`,
      backgroundColor: blend(rgb, band.spec.faint ? 0.16 : theme.name === 'dark' ? 0.7 : 0.78, theme.surface),
      borderWidth: bandWidth,
      fill: false,
      stepFill: true,
      denseFill: dense,
      stepped,
    });
  });
  const filled = chart.fill && prepared.bands.length === 0 && prepared.lines.length === 1;
  for (const line of prepared.lines) {
    const rgb = theme.rgb(line.spec.colour);
    out.push({
      label: line.label,
      data: toPoints(reduceMinMax(run.time, line.values, { ...opts, envelope: filled }), reuse?.[out.length]?.data),
      borderColor: `rgb(${rgb})`,
      backgroundColor: `rgb(${rgb} / 0.35)`,
      borderWidth: lineWidth,
      fill: false,
      stepFill: filled,
      denseFill: filled && dense,
      stepped,
    });
  }
  for (const trend of prepared.trends) {
    const colour = trend.colour ? `rgb(${theme.rgb(trend.colour)})` : theme.text;
    out.push({
      label: trend.label,
      data: toPoints(reduceMinMax(run.time, trend.values, opts), reuse?.[out.length]?.data),
      borderColor: colour,
      borderWidth: 2,
      borderDash: [6, 3],
      fill: false,
    });
  }
  return out;
}

/**
 * The series a `scaleToTotal` chart's axis reaches: the stack's bands and the catalogue's statistics-only
 * columns (memory: used + buffers + cached + free = the machine's memory), never the lines drawn over the
 * stack (`avail`, `total`) nor columns the catalogue does not name (dool's and `--mem-adv`'s dirty, shmem,
 * recl …), which would add up to twice the RAM.
 */
export function scaleTotalSeries(chart: ResolvedChart): ResolvedSeries[] {
  return chart.series.filter((s) => s.role === 'band' || s.role === 'hidden');
}

/** The largest row total of `scaleTotalSeries` over rows [firstRow, end). */
export function scaleTotalMax(chart: ResolvedChart, run: Pick<ChartRun, 'values' | 'time' | 'firstRow'>): number {
  const parts = scaleTotalSeries(chart)
    .map((s) => run.values(s.source))
    .filter((v): v is Float64Array => v !== null);
  let max = 0;
  for (let i = run.firstRow; i < run.time.length; i++) {
    let sum = 0;
    for (const p of parts) {
      const v = p[i]!;
      if (v === v) sum += v;
    }
    if (sum > max) max = sum;
  }
  return max;
}

/**
 * The fixed top of the y axis, or null to fit the data: the catalogue's (CPU 100 %), the view's limit
 * option, or the machine's total for `scaleToTotal` charts — unless the reader hid a band of the stack
 * (e.g. buffers and cached, to read used memory alone), when the axis fits what is left.
 */
export function fixedAxisTop(chart: ResolvedChart, view: Pick<LineView, 'limits' | 'hidden'>, run: ChartRun): number | null {
  if (chart.yMax !== null) return chart.yMax;
  const limit = chart.yLimit ? view.limits[chart.yLimit] : 0;
  if (limit > 0) return limit;
  if (!chart.scaleToTotal) return null;
  if (chart.series.some((s) => s.role === 'band' && view.hidden.has(s.key))) return null;
  return run.totalMax(chart) || null;
}

/** The axes' state for datasets drawn in a plot `plotWidth` px wide (see LineAxisState). */
export function lineAxisState(
  chart: ResolvedChart,
  view: LineView,
  run: ChartRun,
  datasets: readonly LineDataset[],
  plotWidth: number,
): LineAxisState {
  let dataMax = -Infinity;
  for (const ds of datasets) for (const p of ds.data) if (p.y > dataMax) dataMax = p.y;
  return {
    axis: timeAxis(view.window.t0, view.window.t1, plotWidth, view.xMode, view.origin),
    flat: !(dataMax > 0),
    fixedMax: fixedAxisTop(chart, view, run),
    shaded: view.finding ? shadedBands(view.finding.finding, chart.key, view.finding.origin) : [],
  };
}
