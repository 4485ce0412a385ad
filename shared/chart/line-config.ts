/**
 * The Chart.js configuration of a catalogue line chart, built in one place for the page's interactive
 * charts and the images the server draws (server/render/), so both look the same: colours, stacking,
 * axes, ticks. Set up for speed: no animation, no parsing (points are pre-reduced {x, y}), no events
 * (the page's overlay handles the pointer), fixed y axis width so the time axes of a page line up.
 * Platform-free: the Chart.js runtime is the caller's.
 */
import type { ChartConfiguration, Plugin, Scale } from 'chart.js';
import type { ResolvedChart } from '../catalogue/types.js';
import { formatAxisValue, isByteUnit } from '../format/number.js';
import type { LineDataset, Point } from './line-data.js';
import type { ChartTheme } from './theme.js';
import { byteAxisLabels, niceTicks, type TickKind } from './ticks.js';
import type { TimeAxis } from './time-axis.js';
import type { TimeWindow } from '../series/window.js';
import { stepFillPlugin } from './step-fill.js';
import { shadedWindowsPlugin } from './shaded-windows.js';

export type LineConfig = ChartConfiguration<'line', Point[]>;

/**
 * Width of every chart's y axis (px), the same for all so their time axes line up on a page: the widest
 * label ("1024 MiB", 52 px at 11 px DejaVu Sans) plus the tick marks and padding (11 px);
 * test/server/render/y-axis-width.test.ts measures every label an axis can carry.
 */
export const Y_AXIS_WIDTH = 64;
/** The plot is the canvas less the y axis and the right padding (px); exact after Chart.js' layout. */
export const PLOT_INSET = Y_AXIS_WIDTH + 12;

/**
 * What the axes follow between draws; the page changes it in place (zoom) and calls `update('none')`.
 * `axis`: the time axis; `fixedMax`: top of the y axis or null to fit; `flat`: nothing above zero;
 * `shaded`: time windows (ms) shaded over the plot (shaded-windows.ts: the selected finding's).
 */
export interface LineAxisState {
  axis: TimeAxis | null;
  fixedMax: number | null;
  flat: boolean;
  shaded: readonly TimeWindow[];
}

/** Texts drawn into an image of the chart (PNG download, server images): see image-texts.ts. */
export interface ImageTexts {
  title: string;
  /** Lines under the title: host, file, time range. */
  subtitle: string[];
  /** The y axis title: the unit in words. */
  unit: string;
}

export interface LineConfigOptions {
  chart: ResolvedChart;
  datasets: LineDataset[];
  state: LineAxisState;
  /** The x range (ms). */
  window: TimeWindow;
  theme: ChartTheme;
  /** Canvas height in CSS px (sets how many y ticks fit). */
  height: number;
  devicePixelRatio: number;
  /** For an image: title, subtitle, unit and a legend drawn by Chart.js on the theme's background. */
  image?: ImageTexts;
}

export function tickKind(unit: string): TickKind {
  return isByteUnit(unit) ? 'binary' : unit === 'count' ? 'integer' : 'decimal';
}

/** Fills the canvas with the theme's surface first (an image has no page behind it). */
function backgroundPlugin(colour: string): Plugin<'line'> {
  return {
    id: 'dvBackground',
    beforeDraw(chart) {
      const g = chart.ctx;
      g.save();
      g.globalCompositeOperation = 'destination-over';
      g.fillStyle = colour;
      g.fillRect(0, 0, chart.width, chart.height);
      g.restore();
    },
  };
}

/** Y ticks for [min, max] at a canvas height (about one per 50 px). */
function yTicks(state: LineAxisState, min: number, max: number, height: number, kind: TickKind): number[] {
  if (state.flat && min === 0 && max === 1) return [0, 1];
  return niceTicks(min, max, Math.max(2, Math.floor(height / 50)), kind).filter((v) => v <= max + 1e-9);
}

export function lineConfig(o: LineConfigOptions): LineConfig {
  const { chart, state, theme, height, image } = o;
  const kind = tickKind(chart.unit);
  const bytes = kind === 'binary';
  // Byte labels share one unit per axis; made once per tick build, read by the label callback.
  let byteLabels: string[] = [];
  return {
    type: 'line',
    data: { datasets: o.datasets },
    options: {
      animation: false,
      parsing: false,
      normalized: true,
      spanGaps: false,
      responsive: false,
      maintainAspectRatio: false,
      devicePixelRatio: o.devicePixelRatio,
      events: [],
      elements: {
        point: { radius: 0, hoverRadius: 0, hitRadius: 0 },
        line: { tension: 0 },
      },
      layout: { padding: image ? { left: 12, right: 16, top: 10, bottom: 6 } : { right: 10, top: 6 } },
      font: { family: theme.font, size: 11 },
      color: theme.text,
      scales: {
        x: {
          type: 'linear',
          min: o.window.t0,
          max: o.window.t1,
          grid: { color: theme.grid },
          border: { display: false },
          ticks: {
            color: theme.text,
            maxRotation: 0,
            autoSkip: false,
            callback: (value, index) => state.axis?.label(Number(value), index) ?? '',
          },
          afterBuildTicks: (scale: Scale) => {
            scale.ticks = (state.axis?.ticks ?? []).map((value) => ({ value }));
          },
        },
        y: {
          type: 'linear',
          // Keep the range set in afterDataLimits: Chart.js would round it out to its own decimal ticks.
          bounds: 'data',
          beginAtZero: true,
          grid: { color: theme.grid },
          border: { display: false },
          title: image ? { display: true, text: image.unit, color: theme.text, font: { size: 12 } } : { display: false },
          ticks: {
            color: theme.text,
            // yTicks already keeps them ~50 px apart: no label-size pass to skip some.
            autoSkip: false,
            callback: (value, index) => (bytes ? (byteLabels[index] ?? '') : formatAxisValue(Number(value))),
          },
          afterDataLimits: (scale: Scale) => {
            if (state.fixedMax !== null) {
              scale.min = 0;
              scale.max = state.fixedMax;
              return;
            }
            if (state.flat && scale.min >= 0) {
              scale.min = 0;
              scale.max = 1;
              return;
            }
            const t = niceTicks(Math.min(0, scale.min), scale.max, Math.max(2, Math.floor(height / 50)), kind);
            scale.min = t[0]!;
            scale.max = t[t.length - 1]!;
          },
          afterBuildTicks: (scale: Scale) => {
            const ticks = yTicks(state, scale.min, scale.max, height, kind);
            if (bytes) byteLabels = byteAxisLabels(ticks);
            scale.ticks = ticks.map((value) => ({ value }));
          },
          afterFit: (scale: Scale) => {
            if (!image) scale.width = Y_AXIS_WIDTH;
          },
        },
      },
      plugins: {
        tooltip: { enabled: false },
        legend: image
          ? { display: true, position: 'bottom', labels: { color: theme.text, boxWidth: 12, boxHeight: 12, font: { size: 12 } } }
          : { display: false },
        title: image
          ? { display: true, text: image.title, align: 'start', color: theme.text, font: { size: 16, weight: 'bold' } }
          : { display: false },
        subtitle: image
          ? { display: true, text: image.subtitle, align: 'start', color: theme.muted, font: { size: 12 }, padding: { bottom: 8 } }
          : { display: false },
      },
    },
    plugins: image
      ? [stepFillPlugin, shadedWindowsPlugin(state, theme.name), backgroundPlugin(theme.surface)]
      : [stepFillPlugin, shadedWindowsPlugin(state, theme.name)],
  };
}

/** Set the x range of a config or a live chart's options. */
export function setXRange(config: { scales?: Record<string, { min?: unknown; max?: unknown } | undefined> } | undefined, t0: number, t1: number): void {
  const x = config?.scales?.['x'];
  if (x) {
    x.min = t0;
    x.max = t1;
  }
}
