/**
 * Chromium through playwright-core, for the browser tests (test/web/) and the browser benchmark.
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH); see requireChromium() for a machine without it.
 * No test framework here: the browser benchmark uses these helpers too.
 *
 * Helpers read the page only through the hooks of docs/ui-contract.md (data attributes, marks, roles), plus
 * the canvas pixels themselves.
 */
import { Y_AXIS_WIDTH } from '../../shared/chart/line-config.js';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM_PATH);

let warned = false;

/**
 * Whether the browser tests can run. Without Chromium: under CI (`CI` set) this throws, so the browser test
 * files fail loudly; elsewhere (a developer machine) it prints the reason once and returns false, and the
 * suites are skipped (see describeBrowser in test/web/harness.ts).
 */
export function requireChromium(): boolean {
  if (HAVE_CHROMIUM) return true;
  const reason = `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH, or apt-get install chromium)`;
  if (process.env.CI) throw new Error(`browser tests cannot run under CI: ${reason}`);
  if (!warned) console.warn(`[test/web] skipping the browser tests: ${reason}`);
  warned = true;
  return false;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * tsx (esbuild, keepNames) wraps named functions in `__name(fn, "name")`; a callback serialised into the page
 * would then throw "__name is not defined". Add this to every context: `context.addInitScript(NAME_SHIM)`.
 */
export const NAME_SHIM = { content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** 22 characters of base64url: a report page's path. */
export const REPORT_PATH = /\/r\/([A-Za-z0-9_-]{22})(\?.*)?$/;

/** The `figure.chart-panel` whose `<h3>` is exactly this title. */
export function chartByTitle(page: Page, title: string): Locator {
  return page.locator('figure.chart-panel').filter({
    has: page.locator('h3', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }),
  });
}

/** The chart with `data-chart="KEY"`. */
export function chartByKey(page: Page, key: string): Locator {
  return page.locator(`figure.chart-panel[data-chart="${cssString(key)}"]`);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cssString(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

export interface Ink {
  width: number;
  height: number;
  /** Pixels not fully transparent and not the page background colour. */
  inked: number;
  /** Of those, pixels with a clear hue (series colours; grid lines and text are grey). */
  coloured: number;
  /** Pixel rows holding coloured pixels: a flat line at zero spans 2–3, real data many more. */
  colouredRows: number;
}

/**
 * Count the drawn pixels of the first canvas inside `scope`, from getImageData (or, for a canvas with another
 * context, toDataURL through an image). Grey pixels (grid, ticks, text) count as `inked` only; the data
 * series are in saturated colours and count as `coloured` too, in the light and the dark theme alike.
 */
export async function canvasInk(scope: Locator): Promise<Ink> {
  return scope
    .locator('canvas')
    .first()
    .evaluate(async (node: DomCanvas) => {
      const w = globalThis as unknown as DomWindow;
      const canvas = node;
      const { width, height } = canvas;
      if (width === 0 || height === 0) return { width, height, inked: 0, coloured: 0, colouredRows: 0 };
      let data: Uint8ClampedArray;
      const ctx = canvas.getContext('2d');
      if (ctx) {
        data = ctx.getImageData(0, 0, width, height).data;
      } else {
        const img = new w.Image();
        img.src = canvas.toDataURL('image/png');
        await img.decode();
        const copy = w.document.createElement('canvas');
        copy.width = width;
        copy.height = height;
        const c2 = copy.getContext('2d')!;
        c2.drawImage(img, 0, 0);
        data = c2.getImageData(0, 0, width, height).data;
      }
      const bg = w.getComputedStyle(w.document.body).backgroundColor.match(/\d+(\.\d+)?/g)?.map(Number) ?? [255, 255, 255];
      let inked = 0;
      let coloured = 0;
      const rows = new Set<number>();
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i]!;
        const g = data[i + 1]!;
        const b = data[i + 2]!;
        const a = data[i + 3]!;
        if (a < 16) continue;
        if (Math.abs(r - bg[0]!) + Math.abs(g - bg[1]!) + Math.abs(b - bg[2]!) < 24) continue;
        inked++;
        if (a >= 64 && Math.max(r, g, b) - Math.min(r, g, b) > 48) {
          coloured++;
          rows.add(Math.floor(i / 4 / width));
        }
      }
      return { width, height, inked, coloured, colouredRows: rows.size };
    });
}

/**
 * Wait until the chart's canvas shows data: coloured pixels over at least `minRows` pixel rows (not just a
 * flat line at zero). Scrolls it into view first (charts are drawn lazily).
 */
export async function waitForInk(chart: Locator, timeoutMs = 15_000, minColoured = 50, minRows = 10): Promise<Ink> {
  await chart.scrollIntoViewIfNeeded();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await canvasInk(chart);
    if (last.coloured >= minColoured && last.colouredRows >= minRows) return last;
    if (Date.now() > deadline) {
      throw new Error(`the chart's canvas stayed blank (${JSON.stringify(last)})`);
    }
    await chart.page().waitForTimeout(100);
  }
}

/**
 * Offline: abort every request of the page's context that is not for a file: URL (an offline page opened
 * from file://). Returns what the page tried: the URLs it requested (data: and blob: ones are not requests
 * to anyone) and the Content-Security-Policy violations it logged.
 */
export async function blockNetwork(page: Page): Promise<{ attempted: string[]; csp: string[] }> {
  const attempted: string[] = [];
  const csp: string[] = [];
  page.on('request', (r) => {
    if (!/^(file|data|blob):/.test(r.url())) attempted.push(r.url());
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) csp.push(m.text());
  });
  await page.context().route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
  return { attempted, csp };
}

/** Wait for `data-painted="true"` on a chart figure. */
/**
 * Hold the app's code back (the `app-main` chunk) until `release()`: the page then shows only what came
 * before it, e.g. the server's first-screen images, which the app's charts would replace.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/app-main-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function waitForPainted(chart: Locator, timeoutMs = 15_000): Promise<void> {
  await chart.scrollIntoViewIfNeeded({ timeout: timeoutMs });
  await chart.and(chart.page().locator('[data-painted="true"]')).waitFor({ state: 'attached', timeout: timeoutMs });
}

/** `data-x-min` / `data-x-max` of a chart figure, as numbers (NaN when absent). */
export async function xRange(chart: Locator): Promise<{ min: number; max: number }> {
  // Both in one read: two round trips could straddle a redraw and pair one window's min with another's max.
  const [min, max] = await chart.evaluate((el: DomElement) => [el.getAttribute('data-x-min'), el.getAttribute('data-x-max')]);
  return { min: min === null ? NaN : Number(min), max: max === null ? NaN : Number(max) };
}

/** Wait until a chart's x range differs from `before`; returns the new one. */
export async function waitForXRangeChange(
  chart: Locator,
  before: { min: number; max: number },
  timeoutMs = 5000,
): Promise<{ min: number; max: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await xRange(chart);
    if (now.min !== before.min || now.max !== before.max) return now;
    if (Date.now() > deadline) throw new Error(`x range stayed ${JSON.stringify(before)}`);
    await chart.page().waitForTimeout(50);
  }
}

/** The plot area of a chart in page coordinates (the canvas box, less Chart.js's axis margins). */
export async function plotBox(chart: Locator): Promise<{ left: number; right: number; top: number; bottom: number }> {
  const box = await chart.locator('canvas').first().boundingBox();
  if (!box) throw new Error('the chart has no canvas box (not rendered)');
  // The y axis is Y_AXIS_WIDTH px wide (shared/chart/line-config.ts); keep clear of it and of the right
  // padding and x ticks.
  return { left: box.x + Y_AXIS_WIDTH + 6, right: box.x + box.width - 12, top: box.y + 10, bottom: box.y + box.height - 30 };
}

/** Drag across a chart's plot area from fraction `a` to `b` of its width, at mid height. */
export async function dragAcross(page: Page, chart: Locator, a: number, b: number, steps = 8): Promise<void> {
  const p = await plotBox(chart);
  const y = (p.top + p.bottom) / 2;
  const x = (f: number) => p.left + (p.right - p.left) * f;
  await page.mouse.move(x(a), y);
  await page.mouse.down();
  await page.mouse.move(x(b), y, { steps });
  await page.mouse.up();
}

/** Relative luminance (0 black – 1 white) of a CSS colour string `rgb(r, g, b)` / `rgba(…)`. */
export function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** Any CJK ideograph, kana or full-width form: text really is Japanese, not mojibake or English. */
export const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;

/** Characters that betray UTF-8 read as Latin-1/cp1252 (mojibake) or a replacement character. */
export const MOJIBAKE = /[\ufffd]|Ã.|ã[\u0080-\u00bf]|â€|ï¼/;

/** Console errors and uncaught page errors of a page, to quote in a failure. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// The few DOM shapes that page-side callbacks (page.evaluate, locator.evaluate, addInitScript) use. The root
// tsconfig type-checks test/ and bench/ with Node's types only (no DOM lib, so that server code cannot use
// browser globals by mistake); these callbacks run in Chromium and reach the page through
// `globalThis as unknown as DomWindow`. Types only.
// ---------------------------------------------------------------------------------------------------------

export interface DomRect {
  x: number;
  y: number;
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface DomElement {
  tagName: string;
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): DomRect;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

export interface DomFormControl extends DomElement {
  type: string;
  value: string;
  checked?: boolean;
  selectedOptions?: ArrayLike<{ textContent: string | null }>;
}

export interface DomOption extends DomElement {
  value: string;
  text: string;
}

export interface Dom2d {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  drawImage(image: unknown, x: number, y: number): void;
}

export interface DomCanvas extends DomElement {
  width: number;
  height: number;
  getContext(kind: '2d', options?: object): Dom2d | null;
  toDataURL(type?: string): string;
}

export interface DomDocument {
  body: DomElement;
  documentElement: DomElement;
  title: string;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  createElement(tag: 'canvas'): DomCanvas;
}

export interface DomWindow {
  document: DomDocument;
  innerHeight: number;
  innerWidth: number;
  scrollY: number;
  getComputedStyle(el: DomElement): { backgroundColor: string; color: string; getPropertyValue(name: string): string };
  requestAnimationFrame(cb: (t: number) => void): number;
  scrollBy(x: number, y: number): void;
  scrollTo(x: number, y: number): void;
  MutationObserver: new (cb: () => void) => { observe(target: unknown, options: object): void; disconnect(): void };
  Image: new () => { src: string; decode(): Promise<void> };
  /** Flags the tests set or probe (`__pwned`, `__sawProgress` …). */
  [flag: `__${string}`]: unknown;
}
