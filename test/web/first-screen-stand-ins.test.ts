/**
 * The hand-over from the server's images to the app's charts (docs/ui-contract.md §21, web/src/first-screen.ts):
 * when the app's charts on screen have painted, the others keep their image (`[data-first-screen-stand-in]` in
 * their plot box) until their own canvas has painted, so no chart that had an image is ever blank.
 */
import { expect, it } from 'vitest';
import { FIRST_SCREEN_CHARTS } from '../../shared/view/first-screen.js';
import { chartByKey, holdApp, waitForPainted, type DomWindow } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, pageImageKeys, webHarness } from './harness.js';

/**
 * Installed before the page's scripts: while `#first-screen` is there, every chart key whose image has loaded
 * goes into `__hadImage`; once it is gone, at every DOM change and every frame, each of those charts whose app
 * figure is neither painted (`data-painted="true"`) nor showing its loaded stand-in image goes into `__blank`.
 * `__standIns`: the most stand-ins seen at once.
 */
const WATCH_HAND_OVER = {
  content: `(() => {
    const g = globalThis;
    g.__hadImage = new Set(); g.__blank = []; g.__standIns = 0; g.__handedOver = false;
    const loaded = (img) => img && img.complete && img.naturalWidth > 0;
    const look = () => {
      const screen = document.getElementById('first-screen');
      if (screen) {
        for (const f of screen.querySelectorAll('figure[data-first-screen]')) {
          if (loaded(f.querySelector('img'))) g.__hadImage.add(f.getAttribute('data-first-screen'));
        }
        return;
      }
      if (g.__hadImage.size === 0) return;
      g.__handedOver = true;
      g.__standIns = Math.max(g.__standIns, document.querySelectorAll('[data-first-screen-stand-in]').length);
      for (const key of g.__hadImage) {
        const fig = document.querySelector('figure.chart-panel[data-chart="' + CSS.escape(key) + '"]');
        if (!fig) { g.__blank.push(key + ' (no figure)'); continue; }
        if (fig.getAttribute('data-painted') === 'true') continue;
        if (!loaded(fig.querySelector('[data-first-screen-stand-in] img'))) g.__blank.push(key);
      }
    };
    const frame = () => { look(); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    document.addEventListener('load', look, true);
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-painted'] });
  })();`,
};

describeBrowser('hand-over from the server images to the app charts (docs/ui-contract.md §21)', () => {
  const h = webHarness();

  it(
    'keeps each chart image in place until that chart canvas has painted: no chart that had an image goes blank',
    () =>
      h.run(async () => {
        const path = await h.report('d072_tfvnrl.csv');
        const keys = await pageImageKeys(h.server.url, path);
        expect(keys.length).toBeGreaterThan(FIRST_SCREEN_CHARTS);

        const page = await h.newPage({ viewport: { width: 1400, height: 900 } });
        await page.context().addInitScript(WATCH_HAND_OVER);
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        // The reader scrolls through the images (each loads as it comes near), then back to the top.
        for (const key of keys) {
          const img = page.locator(`#first-screen figure[data-first-screen="${key}"] img`);
          await img.scrollIntoViewIfNeeded();
          await page.waitForFunction((el) => {
            const i = el as unknown as { complete: boolean; naturalWidth: number };
            return i.complete && i.naturalWidth > 0;
          }, await img.elementHandle());
        }
        await page.evaluate(() => (globalThis as unknown as DomWindow).scrollTo(0, 0));
        await page.waitForFunction((n) => (globalThis as unknown as { __hadImage: Set<string> }).__hadImage.size === n, keys.length);

        release();
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        // Every chart paints (those below the first screen when they come near or ahead of the scroll).
        for (const k of keys) await waitForPainted(chartByKey(page, k));
        const seen = await page.evaluate(() => {
          const g = globalThis as unknown as { __blank: string[]; __standIns: number; __handedOver: boolean };
          return { blank: [...new Set(g.__blank)], standIns: g.__standIns, handedOver: g.__handedOver };
        });
        expect(seen.handedOver).toBe(true);
        expect(seen.blank).toEqual([]);
        // The charts below the first screen were not painted yet when the images went: they kept theirs.
        expect(seen.standIns).toBeGreaterThan(0);
        // Each stand-in went when its chart painted.
        expect(await page.locator('[data-first-screen-stand-in]').count()).toBe(0);
      }),
    BROWSER_TEST_MS,
  );
});
