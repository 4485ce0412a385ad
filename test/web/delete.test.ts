/**
 * Delete, in a real browser against the real built server: the browser that uploaded a report offers
 * "Delete this report" (it holds the delete token), asks first, deletes, and opens the upload page; the
 * link is then 404. Another browser (no token) is not offered the button.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { REPORT_PATH } from '../helpers/browser.js';
import { fixturePath } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, webHarness } from './harness.js';

const FIXTURE = 'd072_tfvnrl.csv';

describeBrowser('deleting a report', () => {
  const h = webHarness();

  it(
    'is offered to the uploading browser only, asks first, and leaves the link 404',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(`${h.server.url}/`);
        await page.getByLabel('dstat CSV file').setInputFiles({
          name: FIXTURE,
          mimeType: 'text/csv',
          buffer: readFileSync(fixturePath(FIXTURE)),
        });
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(REPORT_PATH, { timeout: 15_000 });
        const reportUrl = page.url();
        const apiUrl = reportUrl.replace('/r/', '/api/reports/').replace(/\?.*$/, '');
        const button = page.getByRole('button', { name: 'Delete this report' });
        await button.waitFor({ state: 'visible', timeout: 15_000 });

        // Another browser, with the link only: no Delete.
        const other = await h.newPage();
        await other.goto(reportUrl);
        await other.locator('figure.chart-panel').first().waitFor({ timeout: 15_000 });
        expect(await other.getByRole('button', { name: 'Delete this report' }).count()).toBe(0);

        // Dismissing the question deletes nothing.
        page.once('dialog', (d) => void d.dismiss());
        await button.click();
        expect((await fetch(apiUrl)).status).toBe(200);

        page.once('dialog', (d) => {
          expect(d.message()).toMatch(/cannot be undone/);
          void d.accept();
        });
        await button.click();
        await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
        expect((await fetch(apiUrl)).status).toBe(404);
        expect(await page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('dstatview:delete:'))")).toEqual([]);
        expect((await fetch(reportUrl, { headers: { accept: 'text/html' } })).status).toBe(404);
        // Its link, opened again in this browser: "deleted", not "check that the link is complete".
        await page.goto(reportUrl);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe('Report deleted');
        expect(await page.locator('main').innerText()).toContain('This report was deleted from this browser');
        expect(await page.locator('main').innerText()).not.toMatch(/link is complete/);
        // Another browser: not found, as any unknown link.
        await other.goto(reportUrl);
        await expect.poll(() => other.getByRole('heading', { level: 1 }).first().innerText()).toBe('Report not found');
      }),
    BROWSER_TEST_MS + 15_000,
  );
});
