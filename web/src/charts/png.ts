/**
 * A chart as a PNG in the page, with the configuration the page draws with (shared/chart/) and the texts
 * and size an image gets everywhere (the server's images draw the same): an unattached canvas at
 * IMAGE_WIDTH CSS px and IMAGE_PIXEL_RATIO × the pixels, background, title, subtitle, unit and legend.
 */
import { Chart, Legend, SubTitle, Title } from 'chart.js';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { imageHeight, IMAGE_PIXEL_RATIO, IMAGE_WIDTH } from '../../../shared/chart/image-size.js';
import { runImageTexts } from '../../../shared/chart/image-texts.js';
import { lineConfig, PLOT_INSET } from '../../../shared/chart/line-config.js';
import { lineAxisState, lineDatasets, prepareLines } from '../../../shared/chart/line-data.js';
import type { ImageTexts } from '../../../shared/chart/line-config.js';
import type { ViewContext } from './coordinator.js';

const HEATMAP_IMAGE_KEY = 'cpu-heatmap';

/** What an image says, for tests (docs/ui-contract.md §9): `performance.mark('dv:png:KEY', { detail })`. */
function markTexts(key: string, texts: ImageTexts): void {
  try {
    performance.mark(`dv:png:${key}`, { detail: texts });
  } catch {
    // no User Timing detail
  }
}

let registered = false;

export async function renderPng(
  chart: ResolvedChart,
  title: string,
  labels: readonly string[],
  trendLabel: (label: string) => string,
  ctx: ViewContext,
): Promise<Blob | null> {
  if (!registered) {
    Chart.register(Title, SubTitle, Legend);
    registered = true;
  }
  const width = IMAGE_WIDTH;
  const height = imageHeight(ctx.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const prepared = prepareLines(chart, labels, ctx, ctx.run, trendLabel);
  const datasets = lineDatasets(chart, prepared, ctx, ctx.run, width - PLOT_INSET, IMAGE_PIXEL_RATIO);
  const state = lineAxisState(chart, ctx, ctx.run, datasets, width - PLOT_INSET);
  const image = runImageTexts(title, chart.unit, ctx.run, ctx.window, ctx.lang, ctx.smooth);
  const instance = new Chart(
    canvas,
    lineConfig({ chart, datasets, state, window: ctx.window, theme: ctx.theme, height, devicePixelRatio: IMAGE_PIXEL_RATIO, image }),
  );
  markTexts(chart.key, image);
  try {
    return await new Promise<Blob | null>((resolve) => canvas.toBlob((b) => resolve(b), 'image/png'));
  } finally {
    instance.destroy();
  }
}

/**
 * A chart drawn by the page's own canvas code (the heatmap) as a PNG of the same size and texts: the canvas
 * scaled to IMAGE_WIDTH × IMAGE_PIXEL_RATIO px wide under the title and subtitle, on the theme's surface.
 */
export function composePng(source: HTMLCanvasElement, title: string, ctx: ViewContext, unit: string): Promise<Blob | null> {
  const k = IMAGE_PIXEL_RATIO;
  const texts = runImageTexts(title, unit, ctx.run, ctx.window, ctx.lang);
  markTexts(HEATMAP_IMAGE_KEY, texts);
  const pad = 12 * k;
  const lines = [texts.title, ...texts.subtitle, texts.unit];
  const lineH = 20 * k;
  const head = pad + lines.length * lineH;
  const plotW = IMAGE_WIDTH * k - 2 * pad;
  const plotH = Math.round((source.height / Math.max(1, source.width)) * plotW);
  const out = document.createElement('canvas');
  out.width = IMAGE_WIDTH * k;
  out.height = head + plotH + pad;
  const g = out.getContext('2d');
  if (!g) return Promise.resolve(null);
  g.fillStyle = ctx.theme.surface;
  g.fillRect(0, 0, out.width, out.height);
  g.textBaseline = 'middle';
  lines.forEach((text, i) => {
    g.fillStyle = i === 0 ? ctx.theme.text : ctx.theme.muted;
    g.font = `${i === 0 ? 'bold ' : ''}${(i === 0 ? 16 : 12) * k}px ${ctx.theme.font}`;
    g.fillText(text, pad, pad + i * lineH + lineH / 2);
  });
  g.drawImage(source, pad, head, plotW, plotH);
  return new Promise((resolve) => out.toBlob((b) => resolve(b), 'image/png'));
}
