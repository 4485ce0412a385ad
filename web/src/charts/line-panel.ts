/**
 * One catalogue chart drawn with Chart.js, driven by the coordinator (outside React). Data is reduced for
 * the window and the plot's width first (shared/series/reduce.ts: min and max per pixel column, stacks
 * reduced on their total), so Chart.js never sees more than ~2 points per pixel column and dataset; zoom
 * swaps the datasets' data and the x range in place and calls `update('none')`.
 *
 * Chart.js listens to no events here: hover, drag-zoom, wheel and keys are handled by the pointer layer
 * (pointer-layer.ts), and the crosshair and readout are DOM elements moved over the canvas.
 */
import { Chart, Filler, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { lineConfig, PLOT_INSET, setXRange, type LineAxisState } from '../../../shared/chart/line-config.js';
import {
  lineAxisState,
  lineDatasets,
  prepareLines,
  prepareSignature,
  type LineDataset,
  type Point,
  type PreparedLines,
} from '../../../shared/chart/line-data.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import { drawLevel, type RunData } from '../../../shared/report/run-data.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { formatValue } from '../format.js';
import type { Coordinator, Panel, ViewContext } from './coordinator.js';
import { chartLabelBoxes } from './axis-labels.js';
import { PointerLayer, type PlotArea } from './pointer-layer.js';
import { renderPng } from './png.js';

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

/** The window's statistics per series, or 'pending' while they wait for the raw samples (a reduced run). */
export type StatsListener = (stats: (SeriesStats | null)[] | 'pending') => void;

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
  private prepared: PreparedLines | null = null;
  /** The level `prepared` was made from (a run, or its reduced level). */
  private preparedFrom: RunData | null = null;
  /** Read by the chart's axis callbacks; updated in place on every draw. */
  private readonly state: LineAxisState = { axis: null, fixedMax: null, flat: false, shaded: [] };
  private size = { width: 0, height: 0 };
  /** Statistics being computed for a version of the view. */
  private job: { version: number; out: (SeriesStats | null)[] } | null = null;
  private readonly pointer: PointerLayer;

  constructor(
    private readonly figure: HTMLElement,
    private readonly box: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    pointerEl: HTMLElement,
    coordinator: Coordinator,
    props: LinePanelProps,
    private readonly onStats: StatsListener,
  ) {
    this.key = props.chart.key;
    this.target = box;
    this.props = props;
    this.pointer = new PointerLayer(pointerEl, coordinator, this);
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
    this.pointer.resetReadout();
  }

  hasInstance(): boolean {
    return this.instance !== null;
  }

  plotArea(): PlotArea | null {
    return this.pointer.area;
  }

  private prepare(ctx: ViewContext, level: RunData): PreparedLines {
    const { chart, labels, trendLabel } = this.props;
    if (this.preparedFrom === level && this.prepared?.signature === prepareSignature(chart, ctx)) return this.prepared;
    this.prepared = prepareLines(chart, labels, ctx, level, trendLabel);
    this.preparedFrom = level;
    return this.prepared;
  }

  /**
   * What to draw from: the reduced level while it has a bucket per pixel column (drawLevel), unless it
   * cannot draw this view exactly — a trend line or smoothed lines (moving averages of the raw samples) or a
   * stack with a band hidden (its tops come made for the whole stack).
   */
  private level(ctx: ViewContext, plotWidth: number): RunData {
    const run = ctx.run;
    const hiddenBand = this.props.chart.series.some((s) => s.role === 'band' && ctx.hidden.has(s.key));
    if (!run.coarse) {
      // Only the reduced level so far: drawn from it meanwhile (a trend of its extremes, a stack of them).
      if (!run.exact && (ctx.trend || ctx.smooth > 1 || hiddenBand)) ctx.needExact?.();
      return run;
    }
    return ctx.trend || ctx.smooth > 1 || hiddenBand ? run : drawLevel(run, ctx.window, plotWidth);
  }

  draw(ctx: ViewContext): void {
    const width = Math.round(this.box.clientWidth);
    const height = Math.round(this.box.clientHeight);
    if (width <= 0 || height <= 0) return;
    const t0 = performance.now();
    // The plot is the box less the y axis and the padding; known exactly after the first draw.
    const plotWidth = Math.max(50, this.pointer.area && this.size.width === width ? this.pointer.area.width : width - PLOT_INSET);
    const level = this.level(ctx, plotWidth);
    const prepared = this.prepare(ctx, level);
    const existing = this.instance;
    const reusable = existing && this.builtFor === ctx.optionsVersion ? existing.data.datasets : undefined;
    const dpr = window.devicePixelRatio || 1;
    const datasets = lineDatasets(this.props.chart, prepared, ctx, level, plotWidth, dpr, reusable);
    Object.assign(this.state, lineAxisState(this.props.chart, ctx, level, datasets, plotWidth));

    if (existing && this.builtFor === ctx.optionsVersion && existing.data.datasets.length === datasets.length) {
      existing.data.datasets.forEach((ds: LineDataset, i) => {
        const next = datasets[i]!;
        ds.data = next.data;
        // How a dense window is drawn (line-data.ts: denseBorderWidth, step-fill.ts) follows the zoom.
        ds.borderWidth = next.borderWidth;
        ds.denseFill = next.denseFill;
      });
      setXRange(existing.options, ctx.window.t0, ctx.window.t1);
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
      // The size as attributes too: Chart.js then takes it from them instead of reading the canvas' used
      // size from its computed style (a forced layout per chart, after the previous chart's changes).
      this.canvas.width = width;
      this.canvas.height = height;
      this.size = { width, height };
      this.instance = new Chart(
        this.canvas,
        lineConfig({
          chart: this.props.chart,
          datasets,
          state: this.state,
          window: ctx.window,
          theme: ctx.theme,
          height,
          devicePixelRatio: dpr,
        }),
      );
      this.builtFor = ctx.optionsVersion;
    }
    const area = this.instance!.chartArea;
    this.pointer.setArea(
      { left: area.left, top: area.top, width: area.right - area.left, height: area.bottom - area.top },
      width,
      height,
    );
    this.drawnVersion = ctx.version;
    const fig = this.figure;
    fig.dataset['xMin'] = String(ctx.window.t0);
    fig.dataset['xMax'] = String(ctx.window.t1);
    // The axes as drawn (docs/ui-contract.md §1): tick values and labels, the y axis' top.
    const { x, y } = this.instance!.scales;
    if (x && y) {
      fig.dataset['xTicks'] = x.ticks.map((t) => t.value).join(',');
      fig.dataset['xLabelBoxes'] = chartLabelBoxes(x, `11px ${ctx.theme.font}`);
      fig.dataset['yTicks'] = y.ticks.map((t) => t.value).join(',');
      fig.dataset['yLabels'] = y.ticks.map((t) => String(t.label ?? '')).join('|');
      fig.dataset['yMax'] = String(y.max);
    }
    // The shaded windows as drawn (docs/ui-contract.md §24): `t0-t1` in floating ms, comma-separated.
    if (this.state.shaded.length > 0) fig.dataset['shaded'] = this.state.shaded.map((w) => `${w.t0}-${w.t1}`).join(',');
    else delete fig.dataset['shaded'];
    if (!this.painted) {
      this.painted = true;
      fig.dataset['painted'] = 'true';
      mark(`dv:painted:${this.key}`);
    }
    measure(`dv:draw ${this.key}`, t0);
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
    const run = ctx.run;
    const whole = from === run.firstRow && to === run.time.length;
    const series = this.props.chart.series;
    // A reduced run knows only the whole run's figures: any other window waits for the raw samples.
    if (!run.exact && (!whole || series.some((s) => run.wholeStats(s.source) === undefined))) {
      this.job = null;
      this.statsVersion = ctx.version;
      this.onStats('pending');
      ctx.needExact?.();
      return true;
    }
    while (job.out.length < series.length) {
      if (job.out.length > 0 && performance.now() > deadline) return false;
      const s = series[job.out.length]!;
      const known = whole ? run.wholeStats(s.source) : undefined;
      if (known !== undefined) {
        job.out.push(known);
        continue;
      }
      const values = run.values(s.source);
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
      this.pointer.hide();
      return;
    }
    // The values are read out only beside the pointer; the other charts show the time line alone.
    if (origin !== this || pointerY === null) {
      this.pointer.show(ctx, row, [], null);
      return;
    }
    // The row is the run's (the drawing may come from its reduced level).
    const items = prepared.readout.map((d) => ({
      colour: d.spec.colour,
      label: d.label,
      value: formatValue(ctx.run.values(d.spec.source)?.[row] ?? NaN, d.spec.unit),
      muted: d.spec.role === 'hidden',
    }));
    this.pointer.show(ctx, row, items, pointerY);
  }

  /** Stop answering the pointer and keys; the chart stays as drawn. */
  detachPointer(): void {
    this.pointer.destroy();
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
    this.pointer.hide();
  }

  /**
   * The chart as a PNG for a slide or a ticket: drawn afresh with the same configuration at PNG_SIZE and
   * twice the pixels, with title, host, file, time range, unit and legend (charts/png.ts).
   */
  png(ctx: ViewContext): Promise<Blob | null> {
    register();
    return renderPng(this.props.chart, this.props.title, this.props.labels, this.props.trendLabel, ctx);
  }

  destroy(): void {
    this.release();
    this.pointer.destroy();
  }
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
