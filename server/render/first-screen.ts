/**
 * The report page's charts as images: the charts of the page from the top (shared/view/
 * first-screen.ts; up to PAGE_IMAGE_CHARTS: the first screen's, then the ones the page scrolls to) drawn by
 * render-chart.ts for a view of the URL, in the light and the dark theme at one and two device pixels per CSS
 * px, and the HTML that shows them before the app has started (web/src/first-screen.ts replaces them with the
 * interactive charts). Drawing takes from a few hundred ms to seconds, so it runs in the worker pool at upload
 * (default view) or in the background on a first request for another view; pages.ts only ever serves what is
 * cached.
 *
 * The images are files of their own (`/r/:id/first-screen/NAME.png`, NAME from their content), not data:
 * URLs in the HTML: the browser then fetches only the one of four it shows (theme × pixel ratio), the HTML
 * stays small (it parsed for ~0.5 s with 0.8 MB of base64 in it on the 4 MB log), and a 1× screen decodes
 * a quarter of the pixels. Except the first screen's light images at 1× (`inlineFirstScreen`): the variant
 * most screens show, ~10 KB each, inside the HTML as data: URLs, so that a page on such a screen paints its
 * first charts with the HTML, without five image requests behind it (HTTP/1.1 takes six at a time).
 */
import { chartTitle, type Lang } from '../../shared/chart/chart-text.js';
import { createHash } from 'node:crypto';
import type { ReportJson } from '../../shared/api/schemas.js';
import type { ThemeName } from '../../shared/chart/theme.js';
import { PAGE_IMAGE_CHARTS } from '../../shared/limits.js';
import { FIRST_SCREEN_CHARTS, firstScreenCharts } from '../../shared/view/first-screen.js';
import { serialiseViewState, type ViewState } from '../../shared/view/view-state.js';
import { drawnView } from '../../shared/view/view-options.js';
import type { ResolvedChart } from '../../shared/catalogue/index.js';
import type { RunData } from '../../shared/report/run-data.js';
import { DEFAULT_PLOT_HEIGHT, renderRunChartPng, type RenderOptions } from './render-chart.js';

/** Width of a first-screen image in CSS px (two or three per row on a 1400 px screen). */
export const FIRST_SCREEN_WIDTH = 640;
/** Device pixels per CSS px the images are drawn at: the browser picks by the screen's (`srcset`). */
export const FIRST_SCREEN_PIXEL_RATIOS = [1, 2] as const;
const THEMES: readonly ThemeName[] = ['light', 'dark'];

export interface FirstScreenVariant {
  theme: ThemeName;
  /** Device pixels per CSS px. */
  ratio: number;
  png: Uint8Array;
}

export interface FirstScreenImage {
  key: string;
  title: string;
  /** CSS px. */
  width: number;
  height: number;
  /** Every theme at every ratio of FIRST_SCREEN_PIXEL_RATIOS. */
  variants: FirstScreenVariant[];
}

/** A first screen ready to serve: its HTML, what it adds to the page's head, and the files it names. */
export interface FirstScreenPage {
  html: string;
  /** For the page's `<head>`: the preload of its early charts' data when it has some, else ''. */
  head: string;
  /** File name → bytes: `NAME.png` PNG images, `NAME.cols` the early charts' data (column encoding, gzipped). */
  files: Map<string, Uint8Array>;
}

/**
 * The view options that change the first screen's images, as a cache key: the URL query of the options the
 * table marks as drawn (shared/view/view-options.ts; not `cols`, layout only); '' for the default view.
 */
export function firstScreenViewKey(view: ViewState): string {
  return serialiseViewState(drawnView(view));
}

/** An image in every theme at every ratio of `ratios` (default FIRST_SCREEN_PIXEL_RATIOS). */
export async function drawVariants(
  draw: (theme: ThemeName, ratio: number) => Promise<Uint8Array>,
  ratios: readonly number[] = FIRST_SCREEN_PIXEL_RATIOS,
): Promise<FirstScreenVariant[]> {
  const variants: FirstScreenVariant[] = [];
  for (const theme of THEMES) {
    for (const ratio of ratios) {
      // Drawn at each ratio rather than scaled down: Chart.js places lines and text on that pixel grid.
      variants.push({ theme, ratio, png: new Uint8Array(await draw(theme, ratio)) });
    }
  }
  return variants;
}

/** How first-screen images are made: at which pixel ratios, encoded how (the page's: PNG at 1× and 2×). */
export interface FirstScreenDrawing {
  ratios: readonly number[];
  /** The bytes of one image (the `png` of its variant, whatever the format). */
  draw(run: RunData, chart: ResolvedChart, o: RenderOptions): Promise<Uint8Array>;
  /**
   * Images begun before the earlier ones are done (default 1: one after the other). With an encoder that runs
   * off this thread (the canvas' WebP encoder, on libuv's threads) the next image is drawn while one encodes.
   */
  inFlight?: number;
}

/** `fn` of every item, begun in order with at most `limit` of them pending; the results in order. */
async function mapInFlight<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const pending: Promise<R>[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i >= limit) await pending[i - limit];
    const p = fn(items[i]!);
    // A failure is thrown by the await above or by Promise.all below, not left unhandled meanwhile.
    p.catch(() => undefined);
    pending.push(p);
  }
  return Promise.all(pending);
}

const PAGE_DRAWING: FirstScreenDrawing = { ratios: FIRST_SCREEN_PIXEL_RATIOS, draw: renderRunChartPng };

/**
 * The images of a prepared run (the view's run) for a view: its first `count` charts (an offline page's first
 * screen by default; at most PAGE_IMAGE_CHARTS).
 */
export async function renderRunFirstScreen(
  run: RunData,
  view: ViewState,
  drawing: FirstScreenDrawing = PAGE_DRAWING,
  count: number = FIRST_SCREEN_CHARTS,
  lang: Lang = 'en',
): Promise<FirstScreenImage[]> {
  const charts = firstScreenCharts(
    run.charts,
    { idle: run.idle(), twins: run.twins(), showIdle: view.idle, hidden: new Set(view.hide), heatmap: view.heatmap },
    Math.min(count, PAGE_IMAGE_CHARTS),
  );
  // One cache for the batch: each chart's variants share its prepared series.
  const base: RenderOptions = { ...view, texts: false, width: FIRST_SCREEN_WIDTH, cache: {}, lang };
  // Each chart's variants one after the other (they share its prepared series), as drawVariants orders them.
  const jobs = charts.flatMap((chart) => THEMES.flatMap((theme) => drawing.ratios.map((ratio) => ({ chart, theme, ratio }))));
  let drawn: Uint8Array[];
  try {
    drawn = await mapInFlight(jobs, drawing.inFlight ?? 1, (j) => drawing.draw(run, j.chart, { ...base, theme: j.theme, pixelRatio: j.ratio }));
  } catch (err) {
    // offset/duration past the end: the page says so itself; no images.
    if (err instanceof RangeError) return [];
    throw err;
  }
  return charts.map((chart) => {
    const variants = jobs.flatMap((j, i) => (j.chart === chart ? [{ theme: j.theme, ratio: j.ratio, png: new Uint8Array(drawn[i]!) }] : []));
    return { key: chart.key, title: chartTitle(chart, lang), width: FIRST_SCREEN_WIDTH, height: view.height || DEFAULT_PLOT_HEIGHT, variants };
  });
}

/**
 * The images' layout, near the app's (two charts a row on a 1400 px screen, each over its statistics table):
 * columns at least this wide (CSS px), each image at most its drawn width, and under each the room (CSS px)
 * the app's table takes. So a screen shows about the charts the app's page will, roughly where they will be
 * (the first screen waits for the images on it), and the page scrolls through the rest much as it will.
 */
const COLUMN_MIN = 560;
const TABLE_ROOM = 140;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A file's name: 128 bits of its SHA-256 (base64url), so a name never serves other bytes, and its extension
 * (`png` an image, `cols` the early charts' data).
 */
export function firstScreenFileName(bytes: Uint8Array, extension: 'png' | 'cols' = 'png'): string {
  return `${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}.${extension}`;
}

/** Where a report page fetches a first-screen file (routes/first-screen.ts). */
export function firstScreenFileUrl(reportId: string, name: string): string {
  return `/r/${reportId}/first-screen/${name}`;
}

/** Where a compare page fetches a first-screen file (routes/first-screen.ts): the name alone says which. */
export function compareFirstScreenFileUrl(name: string): string {
  return `/compare/first-screen/${name}`;
}

export interface FirstScreenPageOptions {
  /** The first screen's (FIRST_SCREEN_CHARTS) light images at 1× as data: URLs in the HTML (see above). */
  inlineFirstScreen?: boolean;
  /**
   * The early charts' data (shared/report/first-screen-columns.ts; column encoding, gzipped): a file of the
   * page, named in `data-columns` of `#first-screen` and preloaded by the page's head, so that it arrives
   * with the images.
   */
  columnsGz?: Uint8Array;
}

/** A PNG as a data: URL (base64 has no character that needs escaping in an attribute or a srcset). */
const pngDataUrl = (png: Uint8Array): string => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/**
 * The first screen's page (docs/ui-contract.md §21): markup over the page until the app's charts on screen
 * have painted (line heights fixed, so that the system font, once loaded, moves nothing); each chart a
 * `<figure data-first-screen="KEY">` whose `<img>` follows the system theme and the screen's pixel ratio
 * (`<picture>`, `srcset`), and the files it names. Every text is escaped (chart
 * titles come from the CSV's headers). Inline styles only: the app's stylesheet is not there yet, and CSP
 * allows inline styles (never inline script). `fileUrl`: where the page fetches the file of a name (under
 * a report's page, or a compare page's).
 */
export function firstScreenPage(
  fileUrl: (name: string) => string,
  images: readonly FirstScreenImage[],
  heading: string,
  options: FirstScreenPageOptions = {},
): FirstScreenPage {
  const files = new Map<string, Uint8Array>();
  if (images.length === 0) return { html: '', head: '', files };
  let columns = '';
  let head = '';
  if (options.columnsGz) {
    const name = firstScreenFileName(options.columnsGz, 'cols');
    files.set(name, options.columnsGz);
    const url = escapeHtml(fileUrl(name));
    columns = ` data-columns="${url}"`;
    // crossorigin: fetch() asks in CORS mode (same-origin credentials); a preload in another mode is not reused.
    head = `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">`;
  }
  const sources = (img: FirstScreenImage, theme: ThemeName, inline: boolean): { url: string; ratio: number }[] =>
    img.variants
      .filter((v) => v.theme === theme)
      .map((v) => {
        if (inline && theme === 'light' && v.ratio === 1) return { url: pngDataUrl(v.png), ratio: v.ratio };
        const name = firstScreenFileName(v.png);
        files.set(name, v.png);
        return { url: fileUrl(name), ratio: v.ratio };
      });
  const srcset = (list: { url: string; ratio: number }[]): string => list.map((s) => `${s.url} ${s.ratio}x`).join(', ');
  const figures = images
    .map((img, i) => {
      const light = sources(img, 'light', options.inlineFirstScreen === true && i < FIRST_SCREEN_CHARTS);
      // The first screen's images load first; the ones below it when the page is scrolled near them (the
      // width and height attributes keep their place meanwhile).
      const loading = i < FIRST_SCREEN_CHARTS ? 'fetchpriority="high"' : 'loading="lazy" decoding="async"';
      return (
        `<figure data-first-screen="${escapeHtml(img.key)}" style="margin:0;min-width:0;min-height:${img.height + TABLE_ROOM}px">` +
        `<h3 style="font-size:15px;line-height:20px;margin:0 0 6px">${escapeHtml(img.title)}</h3>` +
        `<picture><source media="(prefers-color-scheme: dark)" srcset="${srcset(sources(img, 'dark', false))}">` +
        // One light image (an offline page's, inline): src alone says it, without a second copy in srcset.
        // src is the srcset's 1× candidate (HTML's rule: a srcset without one takes src as 1×), so an inline image
        // is not written twice.
        `<img src="${light[0]!.url}"${light.length > 1 ? ` srcset="${srcset(light.slice(1))}"` : ''} width="${img.width}" height="${img.height}" ${loading} elementtiming="dv-first-screen" ` +
        `alt="${escapeHtml(img.title)}" style="width:100%;max-width:${img.width}px;height:auto;display:block"></picture></figure>`
      );
    })
    .join('');
  const html =
    `<div id="first-screen"${columns} aria-hidden="true" style="position:absolute;top:0;left:0;right:0;z-index:50;` +
    `min-height:100vh;padding:16px 24px;box-sizing:border-box;background:Canvas;color:CanvasText;` +
    `font-family:system-ui,sans-serif">` +
    `<p style="margin:0 0 14px;font-size:18px;line-height:24px;font-weight:600">${escapeHtml(heading)}</p>` +
    `<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(${COLUMN_MIN}px,1fr));gap:18px 24px">${figures}</div></div>`;
  return { html, head, files };
}

/** The heading over the images: host and file, as the page's header starts. */
export function firstScreenHeading(report: ReportJson, view: ViewState): string {
  const run = report.runs[view.run != null && view.run >= 1 && view.run <= report.runs.length ? view.run - 1 : report.runs.length - 1];
  return headingOf(run?.meta.host, report.fileName);
}

/** The heading of a run's host and a file name (either may be empty). */
export function headingOf(host: string | undefined, fileName: string): string {
  return [host, fileName].filter((s) => s && s.trim() !== '').join(' — ');
}
