/**
 * The server's chart images (docs/ui-contract.md §21): `#first-screen` covers the page with its charts drawn
 * as images (the first screen's, then the ones below it, loaded as they are scrolled near), so a report
 * shows, and scrolls, before the app has loaded. Part of the small entry chunk (main.tsx). Once the images
 * on screen are decoded and painted, `dv:first-screen` is marked; when the app's interactive charts on
 * screen have painted (coordinator: CHARTS_PAINTED_EVENT), `#first-screen` is removed, but each chart of the
 * app not painted yet keeps its image, moved into its plot box as a stand-in (`[data-first-screen-stand-in]`),
 * until its own canvas has painted (`data-painted="true"`): no chart that had an image is ever blank. Images
 * in the wrong theme (the user picked one unlike the system's, before or after the app came), or one that
 * fails to load (the server keeps them for a while only), go at once.
 */
import { THEME_STORAGE_KEY } from './theme/theme-key.js';

export const CHARTS_PAINTED_EVENT = 'dv:charts-painted';

/** The app starts at the latest this long (ms) after the entry, images painted or not. */
const APP_START_LATEST_MS = 1500;
/** How long (ms) after the frame that shows the decoded images their Element Timing entries may still come. */
const PAINT_TIMING_WAIT_MS = 250;
/** The `elementtiming` name of the first-screen images (server/render/first-screen.ts writes it). */
const ELEMENT_TIMING_NAME = 'dv-first-screen';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Element Timing's entry (not in TypeScript's DOM library). */
interface ElementTiming extends PerformanceEntry {
  readonly identifier: string;
  readonly element: Element | null;
  /** When the element was painted (ms); 0 where the browser withholds it. */
  readonly renderTime: number;
  readonly loadTime: number;
}

/**
 * When every one of `images` (carrying `elementtiming`) had been painted, from the browser's Element Timing
 * entries (buffered: also those painted before this ran); never resolves where the browser has no Element
 * Timing or leaves an image out.
 */
function elementsPainted(images: readonly HTMLImageElement[]): Promise<number> {
  if (images.length === 0 || !PerformanceObserver.supportedEntryTypes?.includes('element')) return new Promise(() => undefined);
  return new Promise((resolve) => {
    const pending = new Set<Element>(images);
    let last = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ElementTiming[]) {
        if (entry.identifier !== ELEMENT_TIMING_NAME || !entry.element || entry.renderTime === 0) continue;
        if (pending.delete(entry.element)) last = Math.max(last, entry.renderTime);
      }
      if (pending.size === 0) {
        observer.disconnect();
        resolve(last);
      }
    });
    observer.observe({ type: 'element', buffered: true });
  });
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The attribute (its value the chart's key) of an image standing in for an app's chart not painted yet. */
export const STAND_IN_ATTRIBUTE = 'data-first-screen-stand-in';

/** Drop every stand-in (a theme unlike theirs, or the server no longer keeps the images). */
function dropStandIns(): void {
  for (const el of Array.from(document.querySelectorAll(`[${STAND_IN_ATTRIBUTE}]`))) el.remove();
}

/**
 * Move each image whose app chart (`figure.chart-panel[data-chart=KEY]`) has not painted yet into that
 * chart's plot box, over its blank canvas (the pointer passes through to the chart), and remove it when the
 * chart's `data-painted` turns "true" — each chart on its own, whenever it is drawn (near the viewport, or
 * ahead of the scroll). A chart with no plot box (a placeholder) or already painted lets its image go.
 */
function keepUntilPainted(screen: HTMLElement): void {
  const waiting = new Map<Element, Element>();
  for (const f of Array.from(screen.querySelectorAll<HTMLElement>('figure[data-first-screen]'))) {
    const key = f.dataset['firstScreen'] ?? '';
    const picture = f.querySelector('picture');
    const figure = document.querySelector<HTMLElement>(`figure.chart-panel[data-chart="${CSS.escape(key)}"]`);
    const box = figure?.querySelector<HTMLElement>('.chart-box');
    if (!picture || !figure || !box || figure.dataset['painted'] === 'true') continue;
    picture.setAttribute(STAND_IN_ATTRIBUTE, key);
    picture.setAttribute('aria-hidden', 'true');
    picture.style.cssText = 'position:absolute;inset:0;z-index:1;pointer-events:none;display:block;overflow:hidden';
    // (An image failing to load later drops every stand-in: showFirstScreen's error listeners.)
    const img = picture.querySelector('img');
    if (img) img.style.cssText = 'display:block;width:100%;height:100%;object-fit:contain;object-position:left top';
    box.append(picture);
    waiting.set(figure, picture);
  }
  if (waiting.size === 0) return;
  const theme = document.documentElement.dataset['theme'];
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target as HTMLElement;
      if (el === document.documentElement) {
        if (el.dataset['theme'] !== theme) {
          dropStandIns();
          waiting.clear();
        }
      } else if (el.dataset['painted'] === 'true') {
        waiting.get(el)?.remove();
        waiting.delete(el);
      }
    }
    if (waiting.size === 0) observer.disconnect();
  });
  for (const figure of waiting.keys()) observer.observe(figure, { attributes: true, attributeFilter: ['data-painted'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}

/**
 * Remove the images (`keep`: those of the app's charts not painted yet stay as their stand-ins). The page may
 * have been scrolled through them (they reach below the first screen, §21): the chart at the top of the
 * viewport then stays where it was, as the app's figure of the same chart.
 */
function replaceKeepingPlace(screen: HTMLElement, keep: boolean): void {
  if (!screen.isConnected) return;
  const figures = scrollY > 0 ? Array.from(screen.querySelectorAll<HTMLElement>('figure[data-first-screen]')) : [];
  const top = figures.find((f) => f.getBoundingClientRect().bottom > 0);
  const key = top?.dataset['firstScreen'];
  const offset = top?.getBoundingClientRect().top ?? 0;
  if (keep) keepUntilPainted(screen);
  screen.remove();
  if (key === undefined) return;
  const figure = document.querySelector(`figure.chart-panel[data-chart="${CSS.escape(key)}"]`);
  if (figure) scrollBy(0, figure.getBoundingClientRect().top - offset);
}

/**
 * Watch the first-screen images; resolves once those on screen are painted (at once without images), so the
 * entry can start the app only then: its evaluation (hundreds of ms) would otherwise delay that frame.
 */
export function showFirstScreen(): Promise<void> {
  const screen = document.getElementById('first-screen');
  if (!screen) return Promise.resolve();
  // Wrong or broken images go at once, stand-ins too; the app's charts having painted keeps the others.
  const remove = (): void => {
    replaceKeepingPlace(screen, false);
    dropStandIns();
  };
  window.addEventListener(CHARTS_PAINTED_EVENT, () => replaceKeepingPlace(screen, true), { once: true });
  const system = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const chosen = storedTheme();
  if ((chosen === 'light' || chosen === 'dark') && chosen !== system) {
    remove();
    return Promise.resolve();
  }
  const images = Array.from(screen.querySelectorAll('img'));
  // An image the server no longer keeps (404) would show broken: the app's own charts come instead.
  const broken = (img: HTMLImageElement): boolean => img.complete && img.naturalWidth === 0;
  if (images.some(broken)) {
    remove();
    return Promise.resolve();
  }
  for (const img of images) img.addEventListener('error', remove, { once: true });
  const onScreen = images.filter((img) => img.getBoundingClientRect().top < innerHeight);
  const mark = (startTime: number): void => {
    if (screen.isConnected && performance.getEntriesByName('dv:first-screen', 'mark').length === 0) {
      performance.mark('dv:first-screen', { startTime, detail: { source: 'images' } });
    }
  };
  // The browser's own paint times where it reports them (Element Timing); else the frame after the images
  // are decoded, which comes at or after their paint.
  const timed = elementsPainted(onScreen);
  const framed = Promise.all(onScreen.map((img) => img.decode())).then(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
  );
  const painted = Promise.race([timed, framed.then((frame) => Promise.race([timed, delay(PAINT_TIMING_WAIT_MS).then(() => frame)]))]).then(
    mark,
    remove,
  );
  // A tab opened in the background gets no frames: the app starts anyway (timers run there, if slowly).
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, APP_START_LATEST_MS))]);
}
