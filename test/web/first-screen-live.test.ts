/**
 * The first screen answers the pointer before the app has loaded (docs/ui-contract.md §21, web/src/first-screen-live.ts):
 * with the app's code held back, the server's images on screen become drawn charts that show the crosshair
 * and readout on hover and zoom on a drag (into the URL), and the app, once it comes, opens at that zoom.
 */
import { expect, it } from 'vitest';
import { canvasInk, chartByKey, holdApp, waitForPainted, xRange, type DomWindow } from '../helpers/browser.js';
import { BROWSER_TEST_MS, HOOK_TIMEOUT_MS, describeBrowser, pageImageKeys, webHarness } from './harness.js';

const markSeen = (name: string): boolean => performance.getEntriesByName(name, 'mark').length > 0;

describeBrowser('first screen interactive before the app (docs/ui-contract.md §21)', () => {
  const h = webHarness();

  it(
    'draws the first screen charts on screen, which answer hover and drag-zoom before the app has mounted; the app opens at that zoom',
    () =>
      h.run(async () => {
        const path = await h.report('d072_tfvnrl.csv');
        const keys = await pageImageKeys(h.server.url, path);
        expect(keys.length).toBeGreaterThan(2);

        const page = await h.newPage({ viewport: { width: 1400, height: 900 } });
        const release = await holdApp(page);
        // Each request with when it was seen (epoch ms: the page's performance.timeOrigin is on the same clock).
        const requests: { url: string; at: number }[] = [];
        page.on('request', (r) => requests.push({ url: r.url(), at: Date.now() }));
        await page.goto(h.server.url + path);
        await page.waitForFunction(markSeen, 'dv:first-screen-live', { timeout: HOOK_TIMEOUT_MS });
        // Drawn from the first screen's own small data (`data-columns`, preloaded): the report's data is asked
        // for only once the early charts are drawn (it loads in a worker, for the app).
        const columns = await page.locator('#first-screen').getAttribute('data-columns');
        expect(requests.map((r) => new URL(r.url).pathname)).toContain(columns);
        const live = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('dv:first-screen-live', 'mark')[0]!.startTime);
        await expect.poll(() => requests.filter((r) => r.url.endsWith('/lod')).length).toBeGreaterThan(0);
        for (const r of requests.filter((q) => q.url.endsWith('/lod'))) expect(r.at).toBeGreaterThanOrEqual(live - 5);
        // The app has not run: no chart of its own, no app-start mark.
        expect(await page.locator('figure.chart-panel').count()).toBe(0);
        expect(await page.evaluate(markSeen, 'dv:app-start')).toBe(false);

        // Every first-screen figure on screen is a drawn chart now.
        const onScreen = await page.evaluate(() => {
          const w = globalThis as unknown as DomWindow;
          return Array.from(w.document.querySelectorAll('#first-screen figure[data-first-screen]'))
            .filter((f) => f.getBoundingClientRect().top < w.innerHeight)
            .map((f) => f.getAttribute('data-first-screen')!);
        });
        expect(onScreen.length).toBeGreaterThan(1);
        const figure = (key: string) => page.locator(`#first-screen figure[data-first-screen="${key}"]`);
        for (const key of onScreen) {
          expect(await figure(key).getAttribute('data-painted'), `${key} painted`).toBe('true');
          expect((await canvasInk(figure(key))).coloured, `${key} has ink`).toBeGreaterThan(50);
        }

        // Hover: the crosshair at the same time in every early chart, the readout in the hovered one only.
        const first = figure(onScreen[0]!);
        const box = (await first.locator('canvas').boundingBox())!;
        const y = box.y + box.height / 2;
        const x = (f: number) => box.x + 60 + (box.width - 80) * f;
        await page.mouse.move(x(0.5), y);
        const cross = first.locator('[data-crosshair]');
        await cross.waitFor({ state: 'visible', timeout: 3000 });
        const t = await cross.getAttribute('data-time');
        expect(t).toMatch(/^\d+(\.\d+)?$/);
        for (const key of onScreen.slice(1)) {
          expect(await figure(key).locator('[data-crosshair]').getAttribute('data-time'), `crosshair of ${key}`).toBe(t);
          expect(await figure(key).locator('[data-readout]').isVisible(), `no readout in ${key}`).toBe(false);
        }
        await expect.poll(() => first.locator('[data-readout]').isVisible()).toBe(true);

        // Drag-zoom: every early chart narrows, the URL says so.
        const before = await xRange(first);
        await page.mouse.move(x(0.3), y);
        await page.mouse.down();
        await page.mouse.move(x(0.6), y, { steps: 6 });
        await page.mouse.up();
        await expect.poll(async () => (await xRange(first)).min).toBeGreaterThan(before.min);
        const zoomed = await xRange(first);
        expect(zoomed.max).toBeLessThan(before.max);
        const last = await xRange(figure(onScreen[onScreen.length - 1]!));
        expect(last).toEqual(zoomed);
        await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
        expect(await page.locator('figure.chart-panel').count()).toBe(0);

        // The app comes and opens at the same window.
        release();
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        const app = chartByKey(page, onScreen[0]!);
        await waitForPainted(app);
        const appRange = await xRange(app);
        expect(appRange.min).toBeCloseTo(zoomed.min, -1);
        expect(appRange.max).toBeCloseTo(zoomed.max, -1);
      }),
    BROWSER_TEST_MS,
  );
});
