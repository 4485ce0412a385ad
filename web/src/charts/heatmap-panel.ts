/**
 * A heatmap (docs/ui-contract.md §8): time × device, drawn on a canvas by hand (one pixel per time column and
 * row, scaled up without smoothing). The per-CPU one (colour = busy % = 100 − idle) is used instead of one
 * tiny chart per CPU from 16 CPUs on; the disk one (colour = read + write bytes/s, as a share of the busiest
 * sample of any disk) over the charts of a host with more than 24 disks, busiest disk first. More rows than
 * pixel rows are binned, each pixel row the highest of its rows, so that a busy device never drops out of
 * the picture. Zoom, hover and statistics work as on every other chart.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { heatmapGrid } from '../../../shared/series/heatmap.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { formatValue } from '../format.js';
import { timeAxis } from '../../../shared/chart/time-axis.js';
import { centred } from './axis-labels.js';
import type { Coordinator, Panel, ViewContext } from './coordinator.js';
import { composePng } from './png.js';
export { paletteGradient, SCALE_TICKS } from './heat-palette.js';
import { colourIndex, palette } from './heat-palette.js';
import { PointerLayer } from './pointer-layer.js';
import { binRows } from './heatmap-rows.js';
export { peakOf } from './heatmap-rows.js';

/** Y axis width, as the line charts' (their time axes line up). */
const LEFT = 54;
const RIGHT = 10;
const TOP = 6;
const BOTTOM = 22;

export interface HeatmapCpu {
  /** Key of the device's chart (`cpu:cpu5`, `disk:sdb`): the statistics row's data-series. */
  key: string;
  name: string;
  /** The value drawn, per sample (busy %, bytes/s). */
  busy: Float64Array;
}

/** What a heatmap's colours mean: the value at the top of the scale, and its unit. */
export interface HeatmapScale {
  /** The figure's key (`cpu-heatmap`, `disk-heatmap`): its performance marks. */
  key: string;
  /** The value drawn in the top colour (100 for busy %; the busiest sample for throughput). */
  max: number;
  unit: string;
}

export const CPU_SCALE: HeatmapScale = { key: 'cpu-heatmap', max: 100, unit: '%' };

/** Read + write bytes/s of a per-disk chart, per sample (NaN where neither is known). */
export function diskThroughput(run: RunData, chart: ResolvedChart): Float64Array {
  let cache = busyCache.get(run);
  if (!cache) busyCache.set(run, (cache = new Map()));
  let out = cache.get(chart.key);
  if (out) return out;
  const parts = chart.series
    .filter((s) => s.role !== 'hidden')
    .map((s) => run.values(s.source))
    .filter((v): v is Float64Array => v !== null);
  const n = run.time.length;
  out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = NaN;
    for (const p of parts) {
      const v = p[i]!;
      if (v === v) sum = sum === sum ? sum + v : v;
    }
    out[i] = sum;
  }
  cache.set(chart.key, out);
  return out;
}

const busyCache = new WeakMap<RunData, Map<string, Float64Array>>();

/** Busy % of a per-CPU chart: 100 − idle, or the sum of the other columns when idle is not recorded. */
export function cpuBusy(run: RunData, chart: ResolvedChart): Float64Array {
  let cache = busyCache.get(run);
  if (!cache) busyCache.set(run, (cache = new Map()));
  let busy = cache.get(chart.key);
  if (busy) return busy;
  const idl = chart.series.find((s) => s.column === 'idl');
  const idle = idl ? run.values(idl.source) : null;
  const n = run.time.length;
  busy = new Float64Array(n);
  if (idle) {
    for (let i = 0; i < n; i++) busy[i] = Math.min(100, Math.max(0, 100 - idle[i]!));
  } else {
    const parts = chart.series
      .filter((s) => s.role !== 'hidden')
      .map((s) => run.values(s.source))
      .filter((v): v is Float64Array => v !== null);
    for (let i = 0; i < n; i++) {
      let sum = parts.length > 0 ? 0 : NaN;
      for (const p of parts) sum += p[i]!;
      busy[i] = Math.min(100, Math.max(0, sum));
    }
  }
  cache.set(chart.key, busy);
  return busy;
}

export class HeatmapPanel implements Panel {
  readonly key: string;
  readonly target: Element;
  visible = false;
  near = false;
  painted = false;
  drawnVersion = -1;
  statsVersion = -1;
  lastDrawn = 0;
  private drawn = false;
  private job: { version: number; out: (SeriesStats | null)[] } | null = null;
  private readonly pointer: PointerLayer;
  private luts: { dark: Uint32Array | null; light: Uint32Array | null } = { dark: null, light: null };
  private title = '';
  private labels = { mean: 'mean', busiest: 'busiest', here: 'here' };

  constructor(
    private readonly figure: HTMLElement,
    private readonly box: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    pointerEl: HTMLElement,
    coordinator: Coordinator,
    private cpus: readonly HeatmapCpu[],
    private readonly onStats: (stats: (SeriesStats | null)[] | 'pending') => void,
    private scale: HeatmapScale = CPU_SCALE,
  ) {
    this.key = scale.key;
    this.target = box;
    this.pointer = new PointerLayer(pointerEl, coordinator, this);
  }

  setProps(cpus: readonly HeatmapCpu[], title: string, labels: { mean: string; busiest: string; here: string }, scale = this.scale): void {
    this.scale = scale;
    if (cpus !== this.cpus) {
      this.statsVersion = -1;
      this.job = null;
    }
    this.cpus = cpus;
    this.title = title;
    this.labels = labels;
    this.drawnVersion = -1;
    this.pointer.resetReadout();
  }

  hasInstance(): boolean {
    return this.drawn;
  }

  private lut(dark: boolean): Uint32Array {
    const key = dark ? 'dark' : 'light';
    return (this.luts[key] ??= palette(dark));
  }

  draw(ctx: ViewContext): void {
    const width = Math.round(this.box.clientWidth);
    const height = Math.round(this.box.clientHeight);
    if (width <= 0 || height <= 0) return;
    const t0 = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    const plot = { left: LEFT, top: TOP, width: Math.max(10, width - LEFT - RIGHT), height: Math.max(10, height - TOP - BOTTOM) };
    const n = this.cpus.length;
    const columns = Math.max(1, Math.round(plot.width));
    const grid = heatmapGrid(
      ctx.run.time,
      this.cpus.map((c) => c.busy),
      {
        t0: ctx.window.t0,
        t1: ctx.window.t1,
        columns,
        firstRow: ctx.run.firstRow,
        maxStepMs: ctx.run.maxStepMs,
        stepMs: ctx.run.intervalMs > 0 ? ctx.run.intervalMs : 0,
      },
    );
    const cellsOf = binRows(grid.values, n, columns, Math.floor(plot.height));
    const image = new ImageData(columns, Math.max(1, cellsOf.rows));
    const px = new Uint32Array(image.data.buffer);
    const lut = this.lut(ctx.theme.name === 'dark');
    const toPercent = this.scale.max > 0 ? 100 / this.scale.max : 0;
    for (let i = 0; i < cellsOf.values.length; i++) {
      const v = cellsOf.values[i]!;
      px[i] = v === v ? lut[colourIndex(v * toPercent)]! : 0;
    }
    const cells = document.createElement('canvas');
    cells.width = columns;
    cells.height = Math.max(1, cellsOf.rows);
    cells.getContext('2d')?.putImageData(image, 0, 0);

    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, height);
    g.imageSmoothingEnabled = false;
    g.drawImage(cells, plot.left, plot.top, plot.width, plot.height);

    // Row labels, as many as fit.
    g.font = `11px ${ctx.theme.font}`;
    g.fillStyle = ctx.theme.text;
    g.textBaseline = 'middle';
    g.textAlign = 'right';
    const rowH = plot.height / Math.max(1, n);
    let every = 1;
    while (every * rowH < 13) every *= 2;
    for (let k = 0; k < n; k += every) g.fillText(this.cpus[k]!.name, plot.left - 6, plot.top + (k + 0.5) * rowH);
    // Time ticks.
    const axis = timeAxis(ctx.window.t0, ctx.window.t1, plot.width, ctx.xMode, ctx.origin);
    g.textAlign = 'center';
    g.textBaseline = 'top';
    g.strokeStyle = ctx.theme.grid;
    const span = ctx.window.t1 - ctx.window.t0;
    const boxes: string[] = [];
    axis.ticks.forEach((t, i) => {
      const x = plot.left + ((t - ctx.window.t0) / span) * plot.width;
      g.beginPath();
      g.moveTo(x, plot.top + plot.height);
      g.lineTo(x, plot.top + plot.height + 4);
      g.stroke();
      const label = axis.label(t, i);
      const text = Array.isArray(label) ? label[0]! : label;
      if (text === '') return;
      g.fillText(text, x, plot.top + plot.height + 6);
      boxes.push(centred(x, g.measureText(text).width));
    });
    this.figure.dataset['xLabelBoxes'] = boxes.join(',');

    this.pointer.setArea(plot, width, height);
    this.drawn = true;
    this.drawnVersion = ctx.version;
    this.figure.dataset['xMin'] = String(ctx.window.t0);
    this.figure.dataset['xMax'] = String(ctx.window.t1);
    if (!this.painted) {
      this.painted = true;
      this.figure.dataset['painted'] = 'true';
      try {
        performance.mark(`dv:painted:${this.key}`);
      } catch {
        // no User Timing
      }
    }
    try {
      performance.measure(`dv:draw ${this.key}`, { start: t0, end: performance.now() });
    } catch {
      // older browsers
    }
  }

  /** Busy % statistics of each CPU, a CPU at a time until `deadline`; true when done. */
  stats(ctx: ViewContext, deadline = Infinity): boolean {
    if (this.statsVersion === ctx.version) return true;
    if (this.job?.version !== ctx.version) this.job = { version: ctx.version, out: [] };
    const job = this.job;
    const { from, to } = ctx.rows;
    // Busy % is derived from the raw samples: a reduced run's figures wait for them.
    if (!ctx.run.exact) {
      this.job = null;
      this.statsVersion = ctx.version;
      this.onStats('pending');
      ctx.needExact?.();
      return true;
    }
    while (job.out.length < this.cpus.length) {
      if (job.out.length > 0 && performance.now() > deadline) return false;
      job.out.push(windowStats(this.cpus[job.out.length]!.busy, from, to));
    }
    this.job = null;
    this.statsVersion = ctx.version;
    this.onStats(job.out);
    return true;
  }

  crosshair(ctx: ViewContext, row: number | null, origin: Panel | null, pointerY: number | null): void {
    if (row === null || this.cpus.length === 0) {
      this.pointer.hide();
      return;
    }
    if (origin !== this || pointerY === null) {
      this.pointer.show(ctx, row, [], null);
      return;
    }
    let sum = 0;
    let count = 0;
    let best = -1;
    for (let k = 0; k < this.cpus.length; k++) {
      const v = this.cpus[k]!.busy[row]!;
      if (v === v) {
        sum += v;
        count++;
        if (best < 0 || v > this.cpus[best]!.busy[row]!) best = k;
      }
    }
    const unit = this.scale.unit;
    const items = [
      { colour: 'grey', label: this.labels.mean, value: count > 0 ? formatValue(sum / count, unit) : '–' },
    ];
    if (best >= 0) {
      items.push({
        colour: 'red',
        label: `${this.labels.busiest} ${this.cpus[best]!.name}`,
        value: formatValue(this.cpus[best]!.busy[row]!, unit),
      });
    }
    const area = this.pointer.area;
    if (area) {
      const k = Math.floor(((pointerY - area.top) / area.height) * this.cpus.length);
      const cpu = this.cpus[k];
      if (cpu) items.push({ colour: 'blue', label: `${this.labels.here} ${cpu.name}`, value: formatValue(cpu.busy[row]!, unit) });
    }
    this.pointer.show(ctx, row, items, pointerY);
  }

  release(): void {
    // A canvas 2D drawing is cheap to keep; nothing to free.
  }

  png(ctx: ViewContext): Promise<Blob | null> {
    if (!this.drawn) this.draw(ctx);
    return composePng(this.canvas, this.title, ctx, this.scale.unit);
  }

  destroy(): void {
    this.pointer.destroy();
  }
}
