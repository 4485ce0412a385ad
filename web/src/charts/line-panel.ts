/**
 * One catalogue chart drawn with Chart.js, driven by the coordinator (outside React). Data is reduced for
 * the window and the plot's width first (shared/series/reduce.ts: min and max per pixel column, stacks
 * reduced on their total), so Chart.js never sees more than ~2 points per pixel column and dataset; zoom
 * swaps the datasets' data and the x range in place and calls `update('none')`.
 *
 * Chart.js listens to no events here: hover, drag-zoom, wheel and keys are handled by a DOM overlay
 * (interaction.ts), and the crosshair and readout are DOM elements moved over the canvas.
 */
import {
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type ChartConfiguration,
  type ChartDataset,
  type Scale,
} from 'chart.js';
import type { ResolvedChart, ResolvedSeries } from '../../../shared/catalogue/index.js';
import { reduceMinMax, reduceStacked, stackBands, type ReduceOptions, type Reduced } from '../../../shared/series/reduce.js';
import { movingAverage } from '../../../shared/series/trend.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { formatAxisValue, formatValue, niceTicks } from '../format.js';
import { timeAxis, type TimeAxis } from './axes.js';
import { blend } from './colour.js';
import type { Coordinator, Panel, ViewContext } from './coordinator.js';
import { PlotOverlay, type PlotArea } from './overlay.js';

type Point = { x: number; y: number };
type Dataset = ChartDataset<'line', Point[]>;
type LineChart = Chart<'line', Point[]>;

let registered = false;
function register(): void {
  if (registered) return;
  Chart.register(LineController, LineElement, PointElement, LinearScale, Filler);
  registered = true;
}

export interface LinePanelProps {
  chart: ResolvedChart;
  /** Series labels in the page's language, in `chart.series` order. */
  labels: readonly string[];
  /** The chart's heading in the page's language (PNG title). */
  title: string;
  /** Label of a trend line. */
  trendLabel: (label: string) => string;
}

/** One drawn series and where its values come from. */
interface Drawn {
  spec: ResolvedSeries;
  label: string;
  values: Float64Array;
}

interface Prepared {
  signature: string;
  bands: Drawn[];
  lines: Drawn[];
  tops: Float64Array[];
  /** Trend lines: values and colour token; `null` colour = the text colour (trend of a stack's total). */
  trends: { label: string; colour: string | null; values: Float64Array }[];
  /** Every series not hidden by the user, for the readout (stats-only ones too). */
  readout: Drawn[];
}

export type StatsListener = (stats: (SeriesStats | null)[]) => void;

export class LinePanel implements Panel {
  readonly key: string;
  readonly target: Element;
  visible = false;
  near = false;
  painted = false;
  drawnVersion = -1;
  statsVersion = -1;
  lastDrawn = 0;

  private props: LinePanelProps;
  private instance: LineChart | null = null;
  private builtFor = -1;
  private prepared: Prepared | null = null;
  private axis: TimeAxis | null = null;
  private flat = false;
  private fixedMax: number | null = null;
  private size = { width: 0, height: 0 };
  /** Statistics being computed for a version of the view. */
  private job: { version: number; out: (SeriesStats | null)[] } | null = null;
  private readonly overlay: PlotOverlay;

  constructor(
    private readonly figure: HTMLElement,
    private readonly box: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    overlayEl: HTMLElement,
    coordinator: Coordinator,
    props: LinePanelProps,
    private readonly onStats: StatsListener,
  ) {
    this.key = props.chart.key;
    this.target = box;
    this.props = props;
    this.overlay = new PlotOverlay(overlayEl, coordinator, this);
  }

  setProps(props: LinePanelProps): void {
    const seriesChanged = props.chart !== this.props.chart;
    this.props = props;
    this.prepared = null;
    this.drawnVersion = -1;
    this.builtFor = -1;
    if (seriesChanged) {
      this.statsVersion = -1;
      this.job = null;
    }
    this.overlay.resetReadout();
  }

  hasInstance(): boolean {
    return this.instance !== null;
  }

  plotArea(): PlotArea | null {
    return this.overlay.area;
  }

  private prepare(ctx: ViewContext): Prepared {
    const { chart, labels } = this.props;
    const hiddenHere = chart.series.filter((s) => ctx.hidden.has(s.key)).map((s) => s.key);
    const signature = `${hiddenHere.join('\u0000')}|${ctx.trend ? ctx.trendMs : 0}`;
    if (this.prepared?.signature === signature) return this.prepared;
    const bands: Drawn[] = [];
    const lines: Drawn[] = [];
    const readout: Drawn[] = [];
    chart.series.forEach((spec, i) => {
      if (ctx.hidden.has(spec.key)) return;
      const values = ctx.run.values(spec.source);
      if (!values) return;
      const d = { spec, label: labels[i] ?? spec.label, values };
      readout.push(d);
      if (spec.role === 'band') bands.push(d);
      else if (spec.role === 'line') lines.push(d);
    });
    const tops = bands.length > 0 ? stackBands(bands.map((b) => b.values), ctx.run.time.length) : [];
    const trends: Prepared['trends'] = [];
    if (ctx.trend) {
      const solid = bands.filter((b) => !b.spec.faint);
      if (solid.length > 0) {
        // The trend of what the stack shows: its total (CPU busy, memory in use).
        const total = solid.length === bands.length ? tops[tops.length - 1]! : stackBands(solid.map((b) => b.values), ctx.run.time.length).at(-1)!;
        const label = solid.length === 1 ? solid[0]!.label : solid.map((b) => b.label).join(' + ');
        trends.push({
          label: this.props.trendLabel(label),
          colour: solid.length === 1 ? solid[0]!.spec.colour : null,
          values: movingAverage(ctx.run.time, total, ctx.trendMs, ctx.run.firstRow),
        });
      }
      // A filled single series (interrupts): the trend in the text colour, to stand out of the fill.
      const filled = chart.fill && bands.length === 0 && lines.length === 1;
      for (const line of lines) {
        const values = ctx.run.trend(line.spec.source, ctx.trendMs);
        if (values) trends.push({ label: this.props.trendLabel(line.label), colour: filled ? null : line.spec.colour, values });
      }
    }
    this.prepared = { signature, bands, lines, tops, trends, readout };
    return this.prepared;
  }

  draw(ctx: ViewContext): void {
    const width = Math.round(this.box.clientWidth);
    const height = Math.round(this.box.clientHeight);
    if (width <= 0 || height <= 0) return;
    const t0 = performance.now();
    const prepared = this.prepare(ctx);
    // The plot is the box less the y axis (54 px) and the padding; known exactly after the first draw.
    const plotWidth = Math.max(50, this.overlay.area && this.size.width === width ? this.overlay.area.width : width - 66);
    const existing = this.instance;
    const reusable = existing && this.builtFor === ctx.optionsVersion ? existing.data.datasets : undefined;
    const datasets = this.datasets(ctx, prepared, plotWidth, reusable);
    const { chart } = this.props;
    this.axis = timeAxis(ctx.window.t0, ctx.window.t1, plotWidth, ctx.xMode, ctx.origin);
    let dataMax = -Infinity;
    for (const ds of datasets) for (const p of ds.data) if (p.y > dataMax) dataMax = p.y;
    this.flat = !(dataMax > 0);
    const limit = chart.yLimit ? ctx.limits[chart.yLimit] : 0;
    this.fixedMax =
      chart.yMax ?? (limit > 0 ? limit : chart.scaleToTotal ? ctx.run.totalMax(chart) || null : null);

    if (existing && this.builtFor === ctx.optionsVersion && existing.data.datasets.length === datasets.length) {
      existing.data.datasets.forEach((ds, i) => {
        ds.data = datasets[i]!.data;
      });
      const x = existing.options.scales?.['x'];
      if (x) {
        x.min = ctx.window.t0;
        x.max = ctx.window.t1;
      }
      if (this.size.width !== width || this.size.height !== height) {
        this.size = { width, height };
        existing.resize(width, height);
      }
      existing.update('none');
    } else {
      existing?.destroy();
      register();
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
      this.size = { width, height };
      this.instance = new Chart(this.canvas, this.config(ctx, datasets, height));
      this.builtFor = ctx.optionsVersion;
    }
    const area = this.instance!.chartArea;
    this.overlay.setArea(
      { left: area.left, top: area.top, width: area.right - area.left, height: area.bottom - area.top },
      width,
      height,
    );
    this.drawnVersion = ctx.version;
    const fig = this.figure;
    fig.dataset['xMin'] = String(ctx.window.t0);
    fig.dataset['xMax'] = String(ctx.window.t1);
    if (!this.painted) {
      this.painted = true;
      fig.dataset['painted'] = 'true';
      mark(`dv:painted:${this.key}`);
    }
    measure(`dv:draw ${this.key}`, t0);
  }

  /** The datasets for the window; `reuse` (the chart's current datasets) lends its point objects. */
  private datasets(ctx: ViewContext, prepared: Prepared, plotWidth: number, reuse?: Dataset[]): Dataset[] {
    const { chart } = this.props;
    const theme = ctx.theme;
    const opts: ReduceOptions = {
      t0: ctx.window.t0,
      t1: ctx.window.t1,
      width: plotWidth,
      maxStepMs: ctx.run.maxStepMs,
      stepMs: ctx.run.intervalMs > 0 ? ctx.run.intervalMs : 0,
      firstRow: ctx.run.firstRow,
    };
    // Each sample is drawn as a step over its interval (dstat values are averages over the interval ending
    // at the row's time): Chart.js' stepped 'after' draws a point's value from the previous point to it.
    const stepped = 'after' as const;
    const out: Dataset[] = [];
    const stacked = reduceStacked(ctx.run.time, prepared.tops, { ...opts, envelope: true });
    // Each band's top is filled down to the axis in an opaque colour (the series colour as if 78 % over
    // the background): Chart.js draws the last dataset first, so the higher tops are painted over by the
    // lower ones, which looks exactly like fills between neighbours and costs a fraction of Chart.js'
    // between-datasets fill (measured: 9.7 → 3 ms for a 2-band stack of 1 200 points).
    prepared.bands.forEach((band, k) => {
      const rgb = theme.rgb(band.spec.colour);
      out.push({
        label: band.label,
        data: points(stacked[k]!, reuse?.[out.length]?.data),
        borderColor: `rgb(${rgb})`,
        backgroundColor: blend(rgb, band.spec.faint ? 0.16 : theme.name === 'dark' ? 0.7 : 0.78, theme.surface),
        borderWidth: 1,
        fill: 'origin',
        stepped,
      });
    });
    const filled = chart.fill && prepared.bands.length === 0 && prepared.lines.length === 1;
    for (const line of prepared.lines) {
      const rgb = theme.rgb(line.spec.colour);
      out.push({
        label: line.label,
        data: points(reduceMinMax(ctx.run.time, line.values, { ...opts, envelope: filled }), reuse?.[out.length]?.data),
        borderColor: `rgb(${rgb})`,
        backgroundColor: `rgb(${rgb} / 0.35)`,
        borderWidth: 1.5,
        fill: filled ? 'origin' : false,
        stepped,
      });
    }
    for (const trend of prepared.trends) {
      const colour = trend.colour ? `rgb(${theme.rgb(trend.colour)})` : theme.text;
      out.push({
        label: trend.label,
        data: points(reduceMinMax(ctx.run.time, trend.values, opts), reuse?.[out.length]?.data),
        borderColor: colour,
        borderWidth: 2,
        borderDash: [6, 3],
        fill: false,
      });
    }
    return out;
  }

  private config(ctx: ViewContext, datasets: Dataset[], height: number): ChartConfiguration<'line', Point[]> {
    const { chart } = this.props;
    const theme = ctx.theme;
    const tickKind =
      chart.unit === 'bytes' || chart.unit === 'bytes/s' ? 'binary' : chart.unit === 'count' ? 'integer' : 'decimal';
    return {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        parsing: false,
        normalized: true,
        spanGaps: false,
        responsive: false,
        maintainAspectRatio: false,
        devicePixelRatio: window.devicePixelRatio || 1,
        events: [],
        elements: {
          point: { radius: 0, hoverRadius: 0, hitRadius: 0 },
          line: { tension: 0 },
        },
        layout: { padding: { right: 10, top: 6 } },
        font: { family: theme.font, size: 11 },
        color: theme.text,
        scales: {
          x: {
            type: 'linear',
            min: ctx.window.t0,
            max: ctx.window.t1,
            grid: { color: theme.grid },
            border: { display: false },
            ticks: {
              color: theme.text,
              maxRotation: 0,
              autoSkip: false,
              callback: (value, index) => this.axis?.label(Number(value), index) ?? '',
            },
            afterBuildTicks: (scale: Scale) => {
              scale.ticks = (this.axis?.ticks ?? []).map((value) => ({ value }));
            },
          },
          y: {
            type: 'linear',
            beginAtZero: true,
            grid: { color: theme.grid },
            border: { display: false },
            ticks: { color: theme.text, callback: (value) => formatAxisValue(Number(value), chart.unit) },
            afterDataLimits: (scale: Scale) => {
              if (this.fixedMax !== null) {
                scale.min = 0;
                scale.max = this.fixedMax;
                return;
              }
              if (this.flat && scale.min >= 0) {
                scale.min = 0;
                scale.max = 1;
                return;
              }
              const t = niceTicks(Math.min(0, scale.min), scale.max, Math.max(2, Math.floor(height / 50)), tickKind);
              scale.min = t[0]!;
              scale.max = t[t.length - 1]!;
            },
            afterBuildTicks: (scale: Scale) => {
              const ticks =
                this.flat && scale.min === 0 && scale.max === 1
                  ? [0, 1]
                  : niceTicks(scale.min, scale.max, Math.max(2, Math.floor(height / 50)), tickKind).filter(
                      (v) => v <= scale.max + 1e-9,
                    );
              scale.ticks = ticks.map((value) => ({ value }));
            },
            afterFit: (scale: Scale) => {
              scale.width = 54; // the same for every chart, so their time axes line up on the page
            },
          },
        },
        plugins: { tooltip: { enabled: false }, legend: { display: false } },
      },
    };
  }

  /**
   * Statistics of the window, a series at a time until `deadline` (performance.now()); at least one series
   * per call. True when done (the table has been given the numbers).
   */
  stats(ctx: ViewContext, deadline = Infinity): boolean {
    if (this.statsVersion === ctx.version) return true;
    if (this.job?.version !== ctx.version) this.job = { version: ctx.version, out: [] };
    const job = this.job;
    const { from, to } = ctx.rows;
    const whole = from === ctx.run.firstRow && to === ctx.run.time.length;
    const series = this.props.chart.series;
    while (job.out.length < series.length) {
      if (job.out.length > 0 && performance.now() > deadline) return false;
      const s = series[job.out.length]!;
      const col = whole && s.source.combine === 'one' ? ctx.run.columns.get(s.source.ids[0] ?? '') : undefined;
      if (col) {
        job.out.push(col.stats);
        continue;
      }
      const values = ctx.run.values(s.source);
      job.out.push(values ? windowStats(values, from, to) : null);
    }
    this.job = null;
    this.statsVersion = ctx.version;
    this.onStats(job.out);
    return true;
  }

  crosshair(ctx: ViewContext, row: number | null, origin: Panel | null, pointerY: number | null): void {
    const prepared = this.prepared;
    if (row === null || !prepared) {
      this.overlay.hide();
      return;
    }
    // The values are read out only beside the pointer; the other charts show the time line alone.
    if (origin !== this || pointerY === null) {
      this.overlay.show(ctx, row, [], null);
      return;
    }
    const items = prepared.readout.map((d) => ({
      colour: d.spec.colour,
      label: d.label,
      value: formatValue(d.values[row]!, d.spec.unit),
      muted: d.spec.role === 'hidden',
    }));
    this.overlay.show(ctx, row, items, pointerY);
  }

  release(): void {
    this.instance?.destroy();
    this.instance = null;
    this.builtFor = -1;
    this.drawnVersion = -1;
    if (this.painted) {
      this.painted = false;
      this.figure.dataset['painted'] = 'false';
    }
    this.overlay.hide();
  }

  /** The chart as a PNG: background, title, plot and legend (what the page shows). */
  async png(ctx: ViewContext): Promise<Blob | null> {
    if (!this.instance) this.draw(ctx);
    const inst = this.instance;
    if (!inst) return null;
    const legend = (this.prepared?.bands ?? []).concat(this.prepared?.lines ?? []).map((d) => ({
      colour: `rgb(${ctx.theme.rgb(d.spec.colour)})`,
      label: d.label,
    }));
    return composePng(inst.canvas, this.props.title, legend, ctx);
  }

  destroy(): void {
    this.release();
    this.overlay.destroy();
  }
}

/** Chart.js points of a reduction, reusing the objects of `into` (the dataset's previous points). */
function points(r: Reduced, into?: Point[]): Point[] {
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

/** A canvas with the chart's title above and its legend below, on the theme's background. */
export function composePng(
  source: HTMLCanvasElement,
  title: string,
  legend: { colour: string; label: string }[],
  ctx: ViewContext,
): Promise<Blob | null> {
  const dpr = source.width / Math.max(1, source.clientWidth || source.width);
  const pad = 12 * dpr;
  const titleH = 28 * dpr;
  const legendH = legend.length > 0 ? 24 * dpr : 0;
  const out = document.createElement('canvas');
  out.width = source.width + 2 * pad;
  out.height = source.height + titleH + legendH + 2 * pad;
  const g = out.getContext('2d');
  if (!g) return Promise.resolve(null);
  g.fillStyle = ctx.theme.surface;
  g.fillRect(0, 0, out.width, out.height);
  g.fillStyle = ctx.theme.text;
  g.font = `600 ${15 * dpr}px ${ctx.theme.font}`;
  g.textBaseline = 'middle';
  g.fillText(title, pad, pad + titleH / 2);
  g.drawImage(source, pad, pad + titleH);
  let x = pad + 54 * dpr;
  const y = pad + titleH + source.height + legendH / 2;
  g.font = `${12 * dpr}px ${ctx.theme.font}`;
  for (const item of legend) {
    g.fillStyle = item.colour;
    g.fillRect(x, y - 5 * dpr, 10 * dpr, 10 * dpr);
    g.fillStyle = ctx.theme.text;
    g.fillText(item.label, x + 14 * dpr, y);
    x += 14 * dpr + g.measureText(item.label).width + 16 * dpr;
  }
  return new Promise((resolve) => out.toBlob((b) => resolve(b), 'image/png'));
}

function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // no User Timing
  }
}

function measure(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // older browsers without measure options: skip
  }
}
