/**
 * The report page's Download links carry its language (ExportQuery's `lang`) besides its view, so that the
 * exports' images and offline page are in the language the page is read in: Japanese for a Japanese
 * browser, English once the reader picks English; the ZIP fetched from the link opens in that language.
 */
import { expect, it } from 'vitest';
import { readZip } from '../helpers/zip.js';
import { BROWSER_TEST_MS, describeBrowser, openReport, webHarness } from './harness.js';

describeBrowser('exports in the page\'s language', () => {
  const h = webHarness();

  it(
    'passes the page\'s language and view to the exports',
    () =>
      h.run(async () => {
        const page = await h.newPage({ locale: 'ja-JP' });
        await openReport(page, `${h.server.url}${await h.report('d072_tfvnrl.csv')}?height=150`);
        const menu = page.locator('[data-download-menu]');
        await menu.locator('summary').click();
        const href = async (key: string): Promise<URL> => new URL((await menu.locator(`[data-download="${key}"]`).getAttribute('href'))!, h.server.url);
        for (const key of ['html', 'zip']) {
          const url = await href(key);
          expect(url.searchParams.get('lang'), key).toBe('ja');
          expect(url.searchParams.get('height'), key).toBe('150');
        }
        const zip = await readZip(Buffer.from(await (await fetch(await href('zip'))).arrayBuffer()));
        expect(zip.get('index.html')!.toString()).toMatch(/<html lang="ja" data-lang="ja">/);

        await page.getByRole('combobox', { name: 'Language / 言語' }).selectOption('en');
        // The language picked since.
        await expect.poll(async () => (await href('zip')).searchParams.get('lang')).toBe('en');
      }),
    BROWSER_TEST_MS,
  );
});
