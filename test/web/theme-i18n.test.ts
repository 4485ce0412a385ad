/**
 * Theme and language (docs/ui-contract.md §6): dark follows prefers-color-scheme, Japanese follows
 * navigator.language, and a language picked by hand persists.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { canvasInk, CJK, luminance, MOJIBAKE, waitForPainted, type DomOption, type DomWindow } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, expectHook, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const FIXTURE = 'd072_tfvnrl.csv';

describeBrowser('theme and language', () => {
  const h = webHarness();

  /** The colour behind the content: body's, or html's when body is transparent. */
  async function pageBackground(page: Page): Promise<string> {
    return page.evaluate(() => {
      const w = globalThis as unknown as DomWindow;
      const clear = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
      const body = w.getComputedStyle(w.document.body).backgroundColor;
      return clear(body) ? w.getComputedStyle(w.document.documentElement).backgroundColor : body;
    });
  }

  async function firstPaintedInk(page: Page) {
    const chart = page.locator('figure.chart-panel[data-painted="true"]').first();
    await waitForPainted(chart, HOOK_TIMEOUT_MS);
    return canvasInk(chart);
  }

  it(
    'is dark with a dark system preference, and light with a light one',
    () =>
      h.run(async () => {
        const path = await h.report(FIXTURE);
        const dark = await h.newPage({ colorScheme: 'dark' });
        await openReport(dark, h.server.url + path);
        await expectHook(
          'html[data-theme="dark"]',
          dark.locator('html[data-theme="dark"]').waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS }),
        );
        const bg = await pageBackground(dark);
        expect(luminance(bg), `dark page background (${bg})`).toBeLessThan(0.1);
        const fg = await dark.evaluate(() => {
          const w = globalThis as unknown as DomWindow;
          return w.getComputedStyle(w.document.body).color;
        });
        expect(luminance(fg), `light text on the dark page (${fg})`).toBeGreaterThan(0.3);
        const ink = await firstPaintedInk(dark);
        expect(ink.coloured, 'data drawn on the dark theme').toBeGreaterThan(200);

        const light = await h.newPage({ colorScheme: 'light' });
        await openReport(light, h.server.url + path);
        await expectHook(
          'html[data-theme="light"]',
          light.locator('html[data-theme="light"]').waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS }),
        );
        expect(luminance(await pageBackground(light)), 'light page background').toBeGreaterThan(0.7);
        expect((await firstPaintedInk(light)).coloured).toBeGreaterThan(200);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'speaks Japanese to a ja-JP browser: lang=ja, Japanese headings and buttons, no mojibake',
    () =>
      h.run(async () => {
        const page = await h.newPage({ locale: 'ja-JP' });
        await openReport(page, h.server.url + (await h.report(FIXTURE)));
        await expectHook('html[lang="ja"]', page.locator('html[lang="ja"]').waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS }));
        const heads = (await page.locator('h2, h3').allInnerTexts()).map((t) => t.trim());
        const cpu = heads.filter((t) => t.includes('CPU') && CJK.test(t));
        expect(cpu, `a heading with "CPU" in Japanese among ${JSON.stringify(heads.slice(0, 12))}`).not.toEqual([]);
        await page.getByRole('button', { name: 'ズームをリセット' }).first().waitFor({ state: 'attached', timeout: 3000 });
        const text = await page.locator('body').innerText();
        expect(text.match(new RegExp(CJK.source, 'g'))?.length ?? 0, 'Japanese text on the page').toBeGreaterThan(20);
        expect(text, 'no mojibake').not.toMatch(MOJIBAKE);
        expect((await firstPaintedInk(page)).coloured).toBeGreaterThan(200);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'keeps a language picked by hand across a reload (localStorage)',
    () =>
      h.run(async () => {
        const page = await h.newPage({ locale: 'en-US' });
        await openReport(page, h.server.url + (await h.report(FIXTURE)));
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        const select = page.getByRole('combobox', { name: 'Language / 言語' });
        await expectHook('<select aria-label="Language / 言語">', select.waitFor({ timeout: 3000 }));
        const ja = await select.locator('option').evaluateAll(
          (opts: DomOption[]) => opts.find((o) => /^ja/i.test(o.value) || /日本語/.test(o.text))?.value ?? null,
        );
        expect(ja, 'a Japanese option').not.toBeNull();
        await select.selectOption(ja!);
        await page.locator('html[lang="ja"]').waitFor({ state: 'attached', timeout: 3000 });
        await page.reload();
        await page.locator('figure.chart-panel').first().waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('ja');
      }),
    BROWSER_TEST_MS,
  );
});
