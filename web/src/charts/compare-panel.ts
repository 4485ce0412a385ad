/**
 * One catalogue chart of a comparison: every run's series of the chart overlaid on the aligned elapsed axis,
 * each run in its own colour (a series of a run told apart by its dash), driven by the same coordinator,
 * pointer layer (zoom, pan, crosshair, readout) and Chart.js configuration (shared/chart/line-config.ts) as the
 * report's LinePanel; its lines (shared/chart/overlay-lines.ts) are those the server's first-screen images
 * of the compare page are drawn with.
 * No statistics table per chart: the page's Δ table holds them, from the raw rows of the window.
 */
import { Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { lineConfig, PLOT_INSET, type LineAxisState } from '../../../shared/chart/line-config.js';
import type { LineDataset } from '../../../shared/chart/line-data.js';
import { overlayDatasets, overlayLines, type OverlayLine } from '../../../shared/chart/overlay-lines.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { formatValue } from '../format.js';
import type { Coordinator, Panel, ViewContext } from './coordinator.js';
import { chartLabelBoxes } from './axis-labels.js';
import { PointerLayer, type ReadoutItem } from './pointer-layer.js';

type LineChart = Chart<'line', LineDataset['data']>;

export interface ComparePanelProps {
  key: string;
  /** The chart's catalogue entry (unit, fixed y top) as the first run that has it resolves it. */
  chart: ResolvedChart;
  /** Per run: its chart of this key (null: the run lacks it), on the aligned axis. */
  perRun: readonly (ResolvedChart | null)[];
  runs: readonly RunData[];
  /** Run tags in the readout: A, B, … */
  tags: readonly string[];
  /** Series labels in the page's language, by series key. */
  label: (chart: ResolvedChart, index: number) => string;
}

export class ComparePanel implements Panel {
  readonly key: string;
  readonly target: Element;
  visible = false;
  near = false;
  painted = false;
  drawnVersion = -1;
  statsVersion = -1;
  lastDrawn = 0;

  private instance: LineChart | null = null;
  /** Read by the chart's axis callbacks (shared/chart/line-config.ts). */
  private readonly state: LineAxisState = { axis: null, fixedMax: null, flat: false, shaded: [] };
  private drawn: OverlayLine[] = [];
  private readonly pointer: PointerLayer;

  constructor(
    private readonly figure: HTMLElement,
    private readonly box: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    pointerEl: HTMLElement,
    coordinator: Coordinator,
    private props: ComparePanelProps,
  ) {
    this.key = props.key;
    this.target = box;
    this.pointer = new PointerLayer(pointerEl, coordinator, this);
  }

  setProps(props: ComparePanelProps): void {
    this.props = props;
    this.drawnVersion = -1;
    this.release();
    this.pointer.resetReadout();
  }

  hasInstance(): boolean {
    return this.instance !== null;
  }

  draw(ctx: ViewContext): void {
    const width = Math.round(this.box.clientWidth);
    const height = Math.round(this.box.clientHeight);
    if (width <= 0 || height <= 0) return;
    this.drawn = overlayLines(this.props.perRun, this.props.runs, this.props.tags, this.props.label, ctx.hidden);
    const plotWidth = Math.max(50, this.pointer.area?.width ?? width - PLOT_INSET);
    const { datasets, state } = overlayDatasets(this.props.chart, this.drawn, this.props.runs, ctx.window, plotWidth, ctx.theme);
    Object.assign(this.state, state);
    this.instance?.destroy();
    Chart.register(LineController, LineElement, PointElement, LinearScale);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const instance = new Chart(
      this.canvas,
      lineConfig({
        chart: this.props.chart,
        datasets,
        state: this.state,
        window: ctx.window,
        theme: ctx.theme,
        height,
        devicePixelRatio: window.devicePixelRatio || 1,
      }),
    );
    this.instance = instance;
    const area = instance.chartArea;
    this.pointer.setArea({ left: area.left, top: area.top, width: area.right - area.left, height: area.bottom - area.top }, width, height);
    this.drawnVersion = ctx.version;
    const fig = this.figure;
    fig.dataset['xMin'] = String(ctx.window.t0);
    fig.dataset['xMax'] = String(ctx.window.t1);
    const x = instance.scales['x'];
    if (x) fig.dataset['xLabelBoxes'] = chartLabelBoxes(x, `11px ${ctx.theme.font}`);
    // Which runs have lines in this chart (docs/ui-contract.md §13).
    fig.dataset['runsDrawn'] = [...new Set(this.drawn.map((d) => d.run))].join(',');
    if (!this.painted) {
      this.painted = true;
      fig.dataset['painted'] = 'true';
      try {
        performance.mark(`dv:painted:${this.key}`);
      } catch {
        // no User Timing
      }
    }
  }

  /** The Δ table holds the statistics (from raw rows): nothing to compute per chart. */
  stats(ctx: ViewContext): boolean {
    this.statsVersion = ctx.version;
    return true;
  }

  /** The value of every run at the hovered time: each run's own nearest sample (none outside its span). */
  crosshair(ctx: ViewContext, row: number | null, origin: Panel | null, pointerY: number | null): void {
    if (row === null || this.drawn.length === 0) {
      this.pointer.hide();
      return;
    }
    // As on the report page: the values are read out beside the pointer; other charts show the time line alone.
    if (origin !== this || pointerY === null) {
      this.pointer.show(ctx, row, [], null);
      return;
    }
    const t = ctx.run.time[row]!;
    const items: ReadoutItem[] = this.drawn.map((d) => {
      const run = this.props.runs[d.run]!;
      const inside = run.window !== null && t >= run.window.t0 - run.intervalMs && t <= run.window.t1 + run.intervalMs;
      const r = inside ? run.nearestRow(t) : -1;
      return { colour: d.colour, label: d.label, value: r >= 0 ? formatValue(d.values[r]!, d.unit) : '–' };
    });
    this.pointer.show(ctx, row, items, pointerY);
  }

  release(): void {
    this.instance?.destroy();
    this.instance = null;
    this.drawnVersion = -1;
    if (this.painted) {
      this.painted = false;
      this.figure.dataset['painted'] = 'false';
    }
    this.pointer.hide();
  }

  destroy(): void {
    this.release();
    this.pointer.destroy();
  }
}
