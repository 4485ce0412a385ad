/**
 * Charts drawn on the server: Chart.js in Node on @napi-rs/canvas (a prebuilt binary inside the npm
 * package), with the configuration the page draws with (shared/chart/line-config.ts: same colours, axes,
 * stacking, ticks). Used for the page's first-screen images and by exports (PNG, ZIP).
 *
 *   renderChartPng(report, 'disk:vda', { theme: 'dark', from: 60, to: 120 }) → PNG bytes
 *
 * Options have the names and meaning of the report page's URL query (docs/ui-contract.md §5).
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import {
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  SubTitle,
  Title,
  type ChartItem,
} from 'chart.js';
import type { ReportJson } from '../../shared/api/schemas.js';
import type { ResolvedChart } from '../../shared/catalogue/index.js';
import { imageHeight, IMAGE_PIXEL_RATIO, IMAGE_WIDTH } from '../../shared/chart/image-size.js';
import { chartTitle, seriesLabel, type Lang } from '../../shared/chart/chart-text.js';
import { runImageTexts } from '../../shared/chart/image-texts.js';
import { lineConfig, PLOT_INSET, type LineConfig } from '../../shared/chart/line-config.js';
import { lineAxisState, lineDatasets, prepareLines, prepareSignature, type LineView, type PreparedLines } from '../../shared/chart/line-data.js';
import { chartTheme, type ThemeName } from '../../shared/chart/theme.js';
import type { ColumnarReport } from '../../shared/report/columnar.js';
import type { RunData } from '../../shared/report/run-data.js';
import { lineViewOf } from '../../shared/view/line-view.js';
import { DEFAULT_HEIGHT, wholeView, type ViewState } from '../../shared/view/view-options.js';
import { encodeOpaquePng } from './png.js';
import { renderableRun } from './run-charts.js';

export { chartKeys, renderableRun } from './run-charts.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, Filler, Title, SubTitle, Legend);

/**
 * What to draw: the report page's view options (shared/view/view-options.ts; absent = the page's default)
 * and the image's own settings.
 */
export type RenderOptions = Partial<ViewState> & {
  /** Image width, CSS px (default IMAGE_WIDTH = 800). */
  width?: number;
  /** Device pixels per CSS px (default 2). */
  pixelRatio?: number;
  theme?: ThemeName;
  /** Title, host, file, time range, unit and legend drawn in the image (default true). */
  texts?: boolean;
  /** Language of those texts (shared/chart/chart-text.ts; default English): the page's, for its exports. */
  lang?: Lang;
  /** Shared by a batch of draws of one run (first-screen.ts renderRunFirstScreen): work they have in common. */
  cache?: RenderCache;
};

export const DEFAULT_PLOT_HEIGHT = DEFAULT_HEIGHT;

export class ChartNotFoundError extends Error {
  override readonly name = 'ChartNotFoundError';
  constructor(readonly chartKey: string) {
    super(`no chart "${chartKey}" in this report`);
  }
}

/** The view of RenderOptions for a run (window, limits, trend …), as the page computes it. */
export function renderView(run: RunData, o: RenderOptions): LineView | null {
  return lineViewOf(run, wholeView(o), chartTheme(o.theme ?? 'light'));
}

/** What a drawn chart's canvas is read with (encoders, tests comparing them). */
export type DrawnCanvas = Canvas;

/**
 * Kept by a caller across the draws of one run's charts (RenderOptions.cache), made for that batch and
 * dropped with it: the last chart's prepared series.
 */
export interface RenderCache {
  last?: { run: RunData; chart: ResolvedChart; lang: Lang; prepared: PreparedLines };
}

/**
 * A chart's series to draw (stacked, trends): the same in every theme and at every pixel ratio, so made once
 * for the variants of a chart drawn one after the other (a first screen's: the stack was a fifth of each
 * image's time). Only the last chart's is kept.
 */
function preparedLines(run: RunData, chart: ResolvedChart, view: LineView, cache: RenderCache | undefined, lang: Lang): PreparedLines {
  const last = cache?.last;
  if (last && last.run === run && last.chart === chart && last.lang === lang && last.prepared.signature === prepareSignature(chart, view)) {
    return last.prepared;
  }
  const labels = chart.series.map((s) => seriesLabel(s, lang));
  const prepared = prepareLines(chart, labels, view, run, (label) => (lang === 'ja' ? `${label} のトレンド` : `${label} (trend)`));
  if (cache) cache.last = { run, chart, lang, prepared };
  return prepared;
}

/** Draw one chart of a prepared run and hand its canvas to `use` (the canvas is cleared afterwards). */
export async function drawRunChart<T>(run: RunData, chart: ResolvedChart, o: RenderOptions, use: (canvas: DrawnCanvas) => Promise<T> | T): Promise<T> {
  const view = renderView(run, o);
  if (!view) throw new RangeError('offset and duration leave nothing of the run to draw');
  const texts = o.texts ?? true;
  const width = o.width ?? IMAGE_WIDTH;
  const plotHeight = o.height ?? DEFAULT_PLOT_HEIGHT;
  const height = texts ? imageHeight(plotHeight) : plotHeight;
  const ratio = o.pixelRatio ?? IMAGE_PIXEL_RATIO;
  const lang = o.lang ?? 'en';
  const prepared = preparedLines(run, chart, view, o.cache, lang);
  const plotWidth = Math.max(50, width - PLOT_INSET);
  const datasets = lineDatasets(chart, prepared, view, run, plotWidth, ratio);
  const state = lineAxisState(chart, view, run, datasets, plotWidth);
  const image = texts
    ? runImageTexts(chartTitle(chart, lang), chart.unit, run, view.window, lang === 'en' ? undefined : lang, view.smooth)
    : undefined;
  const config = lineConfig({
    chart,
    datasets,
    state,
    window: view.window,
    theme: view.theme,
    height,
    devicePixelRatio: ratio,
    ...(image ? { image } : {}),
  });
  return drawConfig(config, width, height, use);
}

/**
 * Canvases not in use, kept for the next draw of the same size: a new 1600 × 640 px canvas, filled and read
 * once, cost 24–32 ms of CPU (mostly the kernel handing out and zeroing fresh memory: ~1 000 page faults), a
 * kept one resized 3–10 ms (measured on a busy 2-core machine), where Chart.js and Skia draw a chart in
 * ~10–30 ms. At most MAX_IDLE_CANVASES per thread (4 MB each at 1600 × 640 px: an export's PNGs and a first
 * screen's images are one size each), the least recently used dropped first.
 */
const idleCanvases: { key: string; canvas: Canvas }[] = [];
const MAX_IDLE_CANVASES = 2;

/**
 * A blank canvas of width × height CSS px. A kept one is given its size again, which (as in a browser) clears
 * its pixels and resets its context's state (test/server/render/canvas-reuse.test.ts draws the same pixels
 * on a kept canvas as on a new one).
 */
function takeCanvas(width: number, height: number): Canvas {
  const key = `${width}x${height}`;
  const at = idleCanvases.findLastIndex((c) => c.key === key);
  if (at < 0) return createCanvas(width, height);
  const { canvas } = idleCanvases.splice(at, 1)[0]!;
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function keepCanvas(canvas: Canvas, width: number, height: number): void {
  idleCanvases.push({ key: `${width}x${height}`, canvas });
  if (idleCanvases.length > MAX_IDLE_CANVASES) idleCanvases.shift();
}

/** A chart configuration drawn on a canvas of width × height CSS px, handed to `use` (kept for the next draw afterwards). */
async function drawConfig<T>(config: LineConfig, width: number, height: number, use: (canvas: DrawnCanvas) => Promise<T> | T): Promise<T> {
  const canvas = takeCanvas(width, height);
  // Chart.js takes a 2D context; @napi-rs/canvas' is drawn on alike (its BasicPlatform sizes from the canvas).
  const instance = new Chart(canvas.getContext('2d') as unknown as ChartItem, config);
  try {
    return await use(canvas);
  } finally {
    instance.destroy();
    keepCanvas(canvas, width, height);
  }
}

/** PNG bytes of a drawn canvas: an opaque one (an image on the theme's surface) by png.ts, 6× faster than the canvas' encoder. */
async function encodePng(canvas: DrawnCanvas): Promise<Buffer> {
  return encodeOpaquePng(canvas) ?? (await canvas.encode('png'));
}

/** A chart configuration (shared/chart/line-config.ts) drawn on a canvas of width × height CSS px; PNG bytes. */
export function configPng(config: LineConfig, width: number, height: number): Promise<Buffer> {
  return drawConfig(config, width, height, encodePng);
}

/** Draw one chart of a prepared run; PNG bytes. */
export function renderRunChartPng(run: RunData, chart: ResolvedChart, o: RenderOptions = {}): Promise<Buffer> {
  return drawRunChart(run, chart, o, encodePng);
}

/**
 * One chart of a report as a PNG: `chartKey` as in the page's `data-chart` (`cpu:total`, `disk:vda`),
 * options as the page's URL query. Throws ChartNotFoundError for a key the run does not have.
 */
export async function renderChartPng(
  report: ReportJson | ColumnarReport,
  chartKey: string,
  options: RenderOptions = {},
): Promise<Buffer> {
  const run = renderableRun(report, options.run);
  const chart = run?.charts.find((c) => c.key === chartKey);
  if (!run || !chart) throw new ChartNotFoundError(chartKey);
  return renderRunChartPng(run, chart, options);
}

