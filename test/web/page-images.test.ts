/**
 * The server's images of every chart of a report page (docs/ui-contract.md §21): the page scrolls
 * through them before the app has started, each keeping its place while it loads, and the app's charts take
 * over where the reader is.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { FIRST_SCREEN_CHARTS } from '../../shared/view/first-screen.js';
import { chartByKey, holdApp, waitForPainted, type DomWindow } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, pageImageKeys, webHarness } from './harness.js';

/** Sums the page's layout shifts into `__shift` (from the start of the page). */
const LAYOUT_SHIFTS = {
  content:
    'globalThis.__shift = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) globalThis.__shift += e.value; })' +
    ".observe({ type: 'layout-shift', buffered: true });",
};

interface Shown {
  key: string;
  /** Page coordinates (CSS px) of its image. */
  top: number;
  height: number;
  loaded: boolean;
  src: string;
  dark: string[];
}

/** The images of #first-screen: where they are, whether loaded, which file. */
function images(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as DomWindow;
    return Array.from(w.document.querySelectorAll('#first-screen figure[data-first-screen]')).map((f) => {
      const img = f.querySelector('img') as unknown as { complete: boolean; naturalWidth: number; currentSrc: string; getBoundingClientRect(): { top: number; height: number } };
      const r = img.getBoundingClientRect();
      const dark = f.querySelector('source')?.getAttribute('srcset') ?? '';
      return {
        key: f.getAttribute('data-first-screen')!,
        top: Math.round(r.top + w.scrollY),
        height: Math.round(r.height),
        loaded: img.complete && img.naturalWidth > 0,
        src: img.currentSrc ? new URL(img.currentSrc).pathname : '',
        dark: dark.split(', ').map((s) => s.split(' ')[0]!),
      };
    });
  });
}

/** Scroll down a screen at a time to the bottom, waiting at each step for the images on screen to load. */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 50; step++) {
    await page.waitForFunction(() => {
      const w = globalThis as unknown as DomWindow;
      return Array.from(w.document.querySelectorAll('#first-screen img')).every((el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number };
        const r = el.getBoundingClientRect();
        return r.bottom < 0 || r.top > w.innerHeight || (img.complete && img.naturalWidth > 0);
      });
    });
    const moved = await page.evaluate(() => {
      const w = globalThis as unknown as DomWindow;
      const before = w.scrollY;
      w.scrollBy(0, Math.round(w.innerHeight * 0.9));
      return w.scrollY !== before;
    });
    if (!moved) return;
  }
}

describeBrowser('images of every chart before the app (docs/ui-contract.md §21)', () => {
  const h = webHarness();

  /** The report's page once the images of its charts are drawn (≤ 60 s), and its chart keys from the HTML. */
  async function pageWithImages(fixture: string): Promise<{ path: string; keys: string[] }> {
    const path = await h.report(fixture);
    const keys = await pageImageKeys(h.server.url, path);
    expect(keys.length).toBeGreaterThan(FIRST_SCREEN_CHARTS);
    return { path, keys };
  }

  it(
    'scrolls through every chart as an image with no layout shift, then the app takes over at the same chart',
    () =>
      h.run(async () => {
        const { path, keys } = await pageWithImages('d072_tfvnrl.csv');
        const page = await h.newPage({ viewport: { width: 1400, height: 900 } });
        await page.context().addInitScript(LAYOUT_SHIFTS);
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        const before = await images(page);
        expect(before.map((s) => s.key)).toEqual(keys);
        // The ones below the first screen wait until they are scrolled near.
        expect(before.filter((s) => !s.loaded).length).toBeGreaterThan(0);

        await scrollThrough(page);
        const after = await images(page);
        expect(after.every((s) => s.loaded)).toBe(true);
        // Each kept its place (its size is in the markup): nothing moved while they loaded.
        expect(after.map((s) => [s.top, s.height])).toEqual(before.map((s) => [s.top, s.height]));
        expect(await page.evaluate(() => (globalThis as unknown as DomWindow).__shift)).toBe(0);

        // The reader is at a chart below the first screen when the app's charts come: it stays at the top.
        const key = keys[FIRST_SCREEN_CHARTS + 2]!;
        await page.locator(`#first-screen figure[data-first-screen="${key}"]`).evaluate((f) => f.scrollIntoView());
        expect(await page.evaluate(() => (globalThis as unknown as DomWindow).scrollY)).toBeGreaterThan(0);
        release();
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        const top = await chartByKey(page, key).evaluate((f) => Math.round(f.getBoundingClientRect().top));
        // (within a line: the app's page settles a little after its first charts, e.g. its fonts)
        expect(Math.abs(top)).toBeLessThanOrEqual(24);
        // The app draws the same charts, in the same order, and every one of them paints.
        expect(await page.locator('figure.chart-panel').evaluateAll((fs) => fs.map((f) => f.getAttribute('data-chart')))).toEqual(keys);
        for (const k of keys) await waitForPainted(chartByKey(page, k));
      }),
    BROWSER_TEST_MS,
  );

  it(
    'marks dv:first-screen at the time the browser painted the images on screen (Element Timing), before the app',
    () =>
      h.run(async () => {
        const { path } = await pageWithImages('d072_tfvnrl.csv');
        const page = await h.newPage({ viewport: { width: 1400, height: 900 } });
        // Every image's paint as the browser reports it, from the page's start (before any of its scripts).
        await page.context().addInitScript({
          content:
            'globalThis.__painted = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) ' +
            "globalThis.__painted.push({ key: e.element?.closest('figure')?.getAttribute('data-first-screen'), visible: e.intersectionRect.height > 0, " +
            "at: e.renderTime, name: e.identifier }); }).observe({ type: 'element', buffered: true });",
        });
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        const { mark, painted, onScreen } = await page.evaluate(() => {
          const w = globalThis as unknown as DomWindow & { __painted: { key: string; visible: boolean; at: number; name: string }[] };
          const m = performance.getEntriesByName('dv:first-screen', 'mark')[0] as unknown as { startTime: number; detail: unknown };
          const shown = Array.from(w.document.querySelectorAll('#first-screen img')).filter((img) => img.getBoundingClientRect().top < w.innerHeight);
          return { mark: { at: m.startTime, detail: m.detail as { source?: string } }, painted: w.__painted, onScreen: shown.length };
        });
        expect(mark.detail.source).toBe('images');
        const first = painted.filter((p) => p.name === 'dv-first-screen' && p.visible);
        // Each image on screen is reported once, and the mark is the last of those paints, not a later frame.
        expect(onScreen).toBeGreaterThanOrEqual(4);
        expect(first).toHaveLength(onScreen);
        expect(mark.at).toBe(Math.max(...first.map((p) => p.at)));
        // The app was held back: the first screen did not wait for it.
        expect(await page.locator('figure.chart-panel').count()).toBe(0);
        release();
      }),
    BROWSER_TEST_MS,
  );

  it(
    'shows the dark images below the first screen too on a dark system',
    () =>
      h.run(async () => {
        const { path } = await pageWithImages('d072_tfvnrl.csv');
        const page = await h.newPage({ colorScheme: 'dark' });
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        await scrollThrough(page);
        const shown = await images(page);
        expect(shown.every((s) => s.loaded)).toBe(true);
        for (const s of shown) expect(s.dark, s.key).toContain(s.src);
        release();
      }),
    BROWSER_TEST_MS,
  );

  it(
    'gives way to the app when an image below the first screen is gone from the server',
    () =>
      h.run(async () => {
        const { path } = await pageWithImages('d072_tfvnrl.csv');
        const page = await h.newPage();
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        // As a server whose cache let them go (routes/first-screen.ts answers 404), from now on.
        await page.route('**/first-screen/*.png', (route) =>
          route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND","message":"gone"}' }),
        );
        await page.evaluate(() => (globalThis as unknown as DomWindow).scrollTo(0, 100_000));
        // No broken image: they all go, and the app shows its charts.
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        release();
        await waitForPainted(page.locator('figure.chart-panel').last());
      }),
    BROWSER_TEST_MS,
  );
});
