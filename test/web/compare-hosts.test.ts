/**
 * The compare page's hosts layout in Chromium (docs/ui-contract.md §18, layout=hosts): two logs of different
 * hosts recorded over the same minutes (d072 and its copy made db1's, an hour ahead in +0100 and 20 s later)
 * opened on the clock, each chart once per host stacked one above the other, the same x range, a hover on
 * one showing the crosshair at the same time on the other, and the table with each host's figures side by
 * side (no Δ). The layout select switches the page back to the overlay. The upload page's choice for several
 * files: "same test, several hosts" opens this layout on the clock, "before / after" the overlay.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { plotBox, waitForPainted, xRange } from '../helpers/browser.js';
import { fixturePath, readFixture } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, webHarness } from './harness.js';

const A = 'd072_tfvnrl.csv';
const DB1 = 'compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv';

describeBrowser('compare page, layout=hosts', () => {
  const h = webHarness();
  const idOf = (path: string) => path.replace(/^\/r\//, '');

  async function open(page: Page, query: string): Promise<void> {
    await page.goto(`${h.server.url}/compare${query}`);
    await page.locator('figure.chart-panel[data-painted="true"]').first().waitFor({ timeout: 15_000 });
  }

  const stack = (page: Page, key: string): Locator => page.locator(`[data-chart-stack="${key}"]`);

  it(
    "stacks each chart once per host on one time axis, syncs the crosshair, and the table shows each host's figures",
    () =>
      h.run(async () => {
        const a = idOf(await h.report(A));
        const db1 = idOf(await h.report('db1.csv', readFixture(DB1)));
        const page = await h.newPage({ viewport: { width: 1280, height: 1400 } });
        await open(page, `?ids=${a},${db1}&align=clock&layout=hosts`);

        const cpu = stack(page, 'cpu:total');
        const panels = cpu.locator('figure.chart-panel');
        await expect.poll(() => panels.count()).toBe(2);
        const [top, bottom] = [panels.nth(0), panels.nth(1)];
        await waitForPainted(top, HOOK_TIMEOUT_MS);
        await waitForPainted(bottom, HOOK_TIMEOUT_MS);
        // Each panel draws its own run alone and names its host.
        expect(await top.getAttribute('data-runs-drawn')).toBe('0');
        expect(await bottom.getAttribute('data-runs-drawn')).toBe('1');
        expect((await top.locator('[data-host]').innerText()).replace(/\s+/g, ' ')).toMatch(/^A vm · d072_tfvnrl\.csv$/);
        expect((await bottom.locator('[data-host]').innerText()).replace(/\s+/g, ' ')).toMatch(/^B db1 · db1\.csv$/);
        // One above the other, the same width.
        const [tb, bb] = [(await top.boundingBox())!, (await bottom.boundingBox())!];
        expect(bb.y).toBeGreaterThanOrEqual(tb.y + tb.height - 1);
        expect(Math.abs(bb.x - tb.x)).toBeLessThan(1);
        // The same x range, on the clock: db1 starts 20 s after vm, so the axis runs from vm's start to 20 s
        // after vm's end.
        const range = await xRange(top);
        expect(await xRange(bottom)).toEqual(range);
        expect(range.max - range.min).toBeGreaterThan(20_000);

        // Hover on the top panel: the crosshair at the same time on the bottom one.
        const box = await plotBox(top);
        await page.mouse.move(box.left + (box.right - box.left) * 0.6, (box.top + box.bottom) / 2, { steps: 3 });
        const own = top.locator('[data-crosshair]').first();
        await own.waitFor({ state: 'visible', timeout: 3000 });
        const t = await own.getAttribute('data-time');
        const other = bottom.locator('[data-crosshair]').first();
        await other.waitFor({ state: 'visible', timeout: 3000 });
        expect(await other.getAttribute('data-time')).toBe(t);

        // The table: each host's min/avg/p95/max side by side, no change, no verdict.
        const section = page.locator('section.delta-section[data-layout="hosts"]');
        await section.waitFor({ timeout: 15_000 });
        const head = await section.locator('thead th').allInnerTexts();
        expect(head.slice(2)).toEqual(['A min', 'A avg', 'A p95', 'A max', 'B min', 'B avg', 'B p95', 'B max']);
        expect(await section.locator('tr[data-verdict]').count()).toBe(0);
        expect(await section.locator('tbody tr').count()).toBeGreaterThan(10);

        // The layout select: back to the overlay, in the URL too.
        await page.locator('select[data-layout-select]').selectOption('overlay');
        await expect.poll(() => page.locator('[data-chart-stack]').count()).toBe(0);
        expect(new URL(page.url()).searchParams.get('layout')).toBeNull();
        await expect.poll(() => page.locator('figure.chart-panel[data-chart="cpu:total"]').getAttribute('data-runs-drawn')).toBe('0,1');
        await page.locator('select[data-layout-select]').selectOption('hosts');
        expect(new URL(page.url()).searchParams.get('layout')).toBe('hosts');
      }),
    BROWSER_TEST_MS,
  );

  it(
    'two hosts recorded at once (compare/two-hosts/, the db\'s clock 20 s ahead): stacked on the clock, then lined up by the estimated offset',
    () =>
      h.run(async () => {
        const client = idOf(await h.report('client.csv', readFixture('compare/two-hosts/client.csv')));
        const db = idOf(await h.report('db.csv', readFixture('compare/two-hosts/db.csv')));
        const page = await h.newPage({ viewport: { width: 1280, height: 1400 } });
        await open(page, `?ids=${client},${db}&align=clock&layout=hosts`);
        const panels = stack(page, 'cpu:total').locator('figure.chart-panel');
        await expect.poll(() => panels.count()).toBe(2);
        await waitForPainted(panels.nth(1), HOOK_TIMEOUT_MS);
        expect((await panels.nth(1).locator('[data-host]').innerText()).replace(/\s+/g, ' ')).toMatch(/^B db · db\.csv$/);
        // As their clocks say: the db's 90 s start ~20 s after the client's (its zone, CET, read as such).
        const before = await xRange(panels.nth(0));
        expect(Math.round((before.max - before.min) / 1000)).toBeGreaterThanOrEqual(105);
        // The estimate from their traffic: +20 s for B, and the runs then cover the same 90 s.
        await page.getByRole('button', { name: 'Estimate clock offset B' }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('shift')).toMatch(/^0,(19|20|21)$/);
        const note = page.locator('[data-offset-estimate="1"]');
        await expect.poll(() => note.getAttribute('data-found')).toBe('true');
        await waitForPainted(stack(page, 'cpu:total').locator('figure.chart-panel').nth(0), HOOK_TIMEOUT_MS);
        await expect
          .poll(async () => {
            const r = await xRange(stack(page, 'cpu:total').locator('figure.chart-panel').nth(0));
            return Math.round((r.max - r.min) / 1000);
          })
          .toBeLessThanOrEqual(92);
        expect(await xRange(stack(page, 'cpu:total').locator('figure.chart-panel').nth(1))).toEqual(await xRange(stack(page, 'cpu:total').locator('figure.chart-panel').nth(0)));
      }),
    BROWSER_TEST_MS,
  );

  it(
    'uploading several files offers "before / after" (the overlay) or "same test, several hosts" (on the clock, stacked)',
    () =>
      h.run(async () => {
        const files = [
          { name: 'web.csv', mimeType: 'text/csv', buffer: readFileSync(fixturePath(A)) },
          { name: 'db.csv', mimeType: 'text/csv', buffer: readFileSync(fixturePath(DB1)) },
        ];
        const page = await h.newPage();
        await page.goto(h.server.url + '/');
        // One file: no choice to make.
        await page.getByLabel('dstat CSV file').setInputFiles([files[0]!]);
        expect(await page.locator('[data-several]').count()).toBe(0);
        await page.getByLabel('dstat CSV file').setInputFiles(files);
        const before = page.getByRole('radio', { name: /^before \/ after/ });
        const hosts = page.getByRole('radio', { name: /^same test, several hosts/ });
        expect(await before.isChecked()).toBe(true);
        await hosts.check();
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(/\/compare\?ids=[A-Za-z0-9_-]{22},[A-Za-z0-9_-]{22}&align=clock&layout=hosts$/, { timeout: 15_000 });
        await expect.poll(() => stack(page, 'cpu:total').locator('figure.chart-panel').count(), { timeout: 15_000 }).toBe(2);

        // The default, before / after: the overlay, as before.
        await page.goto(h.server.url + '/');
        await page.getByLabel('dstat CSV file').setInputFiles(files);
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(/\/compare\?ids=[A-Za-z0-9_-]{22},[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
      }),
    BROWSER_TEST_MS,
  );
});
