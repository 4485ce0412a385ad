/**
 * The report page's first screen as images (issue 11): the first charts of the page (shared/view/
 * first-screen.ts) drawn by render-chart.ts for a view of the URL, in the light and the dark theme, and
 * the HTML that shows them before the app has started (web/src/first-screen.ts replaces them with the
 * interactive charts). Drawing takes a few hundred ms, so it runs in the worker pool at upload (default
 * view) or in the background on a first request for another view; pages.ts only ever serves what is cached.
 */
import type { ReportJson } from '../../shared/api/schemas.js';
import { FIRST_SCREEN_CHARTS, firstScreenCharts } from '../../shared/view/first-screen.js';
import { serialiseViewState, type ViewState } from '../../shared/view/view-state.js';
import { DEFAULT_PLOT_HEIGHT, renderableRun, renderRunChartPng, type RenderOptions } from './render-chart.js';

/** Width of a first-screen image in CSS px (two per row on a 1400 px screen); drawn at twice the pixels. */
export const FIRST_SCREEN_WIDTH = 640;
const PIXEL_RATIO = 2;

export interface FirstScreenImage {
  key: string;
  title: string;
  /** CSS px. */
  width: number;
  height: number;
  light: Uint8Array;
  dark: Uint8Array;
}

/**
 * The view options that change the first screen's images, as a cache key: the URL query without `cols`
 * (layout only); '' for the default view.
 */
export function firstScreenViewKey(view: ViewState): string {
  return serialiseViewState({ ...view, cols: null });
}

export function renderOptions(view: ViewState): RenderOptions {
  return {
    run: view.run,
    from: view.from,
    to: view.to,
    offset: view.offset,
    duration: view.duration,
    height: view.height,
    diskMax: view.diskMax,
    iopsMax: view.iopsMax,
    netMax: view.netMax,
    x: view.x,
    trend: view.trend,
    hide: view.hide,
  };
}

/** The first screen's images of a report for a view; empty when the view leaves nothing to draw. */
export async function renderFirstScreen(report: ReportJson, view: ViewState): Promise<FirstScreenImage[]> {
  const run = renderableRun(report, view.run);
  if (!run) return [];
  const charts = firstScreenCharts(
    run.charts,
    { idle: run.idle(), showIdle: view.idle, hidden: new Set(view.hide), heatmap: view.heatmap },
    FIRST_SCREEN_CHARTS,
  );
  const base: RenderOptions = { ...renderOptions(view), texts: false, width: FIRST_SCREEN_WIDTH, pixelRatio: PIXEL_RATIO };
  const out: FirstScreenImage[] = [];
  try {
    for (const chart of charts) {
      const light = await renderRunChartPng(run, chart, { ...base, theme: 'light' });
      const dark = await renderRunChartPng(run, chart, { ...base, theme: 'dark' });
      out.push({
        key: chart.key,
        title: chart.heading,
        width: FIRST_SCREEN_WIDTH,
        height: view.height || DEFAULT_PLOT_HEIGHT,
        light: new Uint8Array(light),
        dark: new Uint8Array(dark),
      });
    }
  } catch (err) {
    // offset/duration past the end: the page says so itself; no images.
    if (err instanceof RangeError) return [];
    throw err;
  }
  return out;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dataUrl = (png: Uint8Array): string => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/**
 * The first screen's markup (docs/ui-contract.md §11): over the top of the page until the app's charts
 * have painted; each chart a `<figure data-first-screen="KEY">` whose `<img>` follows the system theme.
 * Every text is escaped (chart titles come from the CSV's headers). Inline styles only: the app's
 * stylesheet is not there yet, and CSP allows inline styles (never inline script).
 */
export function firstScreenHtml(images: readonly FirstScreenImage[], heading: string): string {
  if (images.length === 0) return '';
  const figures = images
    .map(
      (img) =>
        `<figure data-first-screen="${escapeHtml(img.key)}" style="margin:0;min-width:0">` +
        `<h3 style="font-size:15px;margin:0 0 6px">${escapeHtml(img.title)}</h3>` +
        `<picture><source media="(prefers-color-scheme: dark)" srcset="${dataUrl(img.dark)}">` +
        `<img src="${dataUrl(img.light)}" width="${img.width}" height="${img.height}" alt="${escapeHtml(img.title)}" ` +
        `style="width:100%;height:auto;display:block"></picture></figure>`,
    )
    .join('');
  return (
    `<div id="first-screen" aria-hidden="true" style="position:absolute;top:0;left:0;right:0;z-index:50;` +
    `min-height:100vh;padding:16px 24px;box-sizing:border-box;background:Canvas;color:CanvasText;` +
    `font-family:system-ui,sans-serif">` +
    `<p style="margin:0 0 14px;font-size:18px;font-weight:600">${escapeHtml(heading)}</p>` +
    `<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:18px 24px">${figures}</div></div>`
  );
}

/** The heading over the images: host and file, as the page's header starts. */
export function firstScreenHeading(report: ReportJson, view: ViewState): string {
  const run = report.runs[view.run != null && view.run >= 1 && view.run <= report.runs.length ? view.run - 1 : report.runs.length - 1];
  return [run?.meta.host, report.fileName].filter((s) => s && s.trim() !== '').join(' — ');
}
