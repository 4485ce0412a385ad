/**
 * The compare page in Chromium (docs/ui-contract.md §18): every run drawn in every chart, the legends (run
 * tags, series dashes), the crosshair's values of both runs, zoom narrowing the Δ table and landing in the
 * URL, the URL restoring the view, the table's verdicts and idle count, a shift applied on Enter or blur,
 * and "Copy as Markdown" putting the table and its header on the clipboard.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chartByKey, dragAcross, holdApp, plotBox, waitForPainted, waitForXRangeChange, xRange } from '../helpers/browser.js';
import { COMPARE_FIRST_SCREEN_DRAW_DELAY_MS } from '../../shared/limits.js';
import { fixturePath } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, webHarness } from './harness.js';

const A = 'd072_tfvnrl.csv';
const B = 'dool134_tfvnrl.csv';

describeBrowser('compare page', () => {
  const h = webHarness();

  async function openCompare(page: Page, query: string): Promise<void> {
    await page.goto(`${h.server.url}/compare${query}`);
    await page.locator('figure.chart-panel[data-painted="true"]').first().waitFor({ timeout: 15_000 });
  }

  const idOf = (path: string) => path.replace(/^\/r\//, '');
  /** Texts of the elements, whitespace collapsed (legend items are laid out with flex). */
  const texts = async (loc: import('playwright-core').Locator) => (await loc.allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());

  it(
    'overlays every run in each chart with a legend, and the crosshair reads the values of both runs',
    () =>
      h.run(async () => {
        const [a, b] = [idOf(await h.report(A)), idOf(await h.report(B))];
        const page = await h.newPage();
        await openCompare(page, `?ids=${a},${b}`);
        await expect.poll(() => texts(page.locator('[data-legend="page"] li'))).toEqual([
          expect.stringMatching(/^A d072_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\).*baseline/),
          expect.stringMatching(/^B dool134_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\)/),
        ]);
        // Both files have vda: both drawn. Only the dstat run has loop0.
        const vda = chartByKey(page, 'disk:vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        expect(await vda.getAttribute('data-runs-drawn')).toBe('0,1');
        // Each chart's legend: the runs by tag only (named once, in the run list), then each series' dash.
        expect(await texts(vda.locator('[data-legend] li[data-run]'))).toEqual(['A', 'B']);
        expect(await texts(vda.locator('[data-legend] li[data-dash]'))).toEqual(['read', 'write']);
        expect(await vda.locator('[data-legend] li[data-dash]').evaluateAll((els) => els.map((e) => e.getAttribute('data-dash')))).toEqual(['solid', '6 3']);
        const cpu = chartByKey(page, 'cpu:total');
        await cpu.scrollIntoViewIfNeeded();
        await waitForPainted(cpu, HOOK_TIMEOUT_MS);
        expect(await cpu.getAttribute('data-runs-drawn')).toBe('0,1');

        // Back up the page: a chart far from the screen is a placeholder until it comes near (§18), so wait
        // for it to be drawn again.
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        const box = await plotBox(vda);
        await page.mouse.move(box.left + (box.right - box.left) * 0.4, (box.top + box.bottom) / 2);
        const readout = vda.locator('[data-readout]');
        await readout.waitFor({ state: 'visible', timeout: HOOK_TIMEOUT_MS });
        const rows = await readout.locator('.readout-row:not([hidden])').allInnerTexts();
        expect(rows.some((r) => /^A read/.test(r) && /\d/.test(r))).toBe(true);
        expect(rows.some((r) => /^B read/.test(r) && /\d/.test(r))).toBe(true);
      }),
    BROWSER_TEST_MS,
  );

  it(
    "first screen: the server's images of the overlay charts, then the interactive charts with every run drawn; idle devices listed, not drawn",
    () =>
      h.run(async () => {
        // Uploaded together, as the upload page sends several files: their compare page's images are drawn.
        const form = new FormData();
        for (const name of [A, B]) form.append('file', new Blob([readFileSync(fixturePath(name))], { type: 'text/csv' }), name);
        const created = (await (await fetch(`${h.server.url}/api/reports`, { method: 'POST', body: form })).json()) as { compareUrl: string };
        const path = created.compareUrl;
        for (let i = 0; !(await (await fetch(h.server.url + path)).text()).includes('data-first-screen'); i++) {
          if (i > 300) throw new Error('no first-screen images in 60 s');
          await new Promise((r) => setTimeout(r, 200));
        }
        const page = await h.newPage();
        // The app held back while the images are looked at: its charts would replace them.
        const release = await holdApp(page);
        await page.goto(h.server.url + path);
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        const shown = await page.locator('#first-screen figure[data-first-screen]').evaluateAll((figs) =>
          figs.map((f) => {
            const img = (f as unknown as { querySelector(s: string): { complete: boolean; naturalWidth: number; currentSrc: string } }).querySelector('img');
            return { key: (f as unknown as { getAttribute(n: string): string }).getAttribute('data-first-screen'), drawn: img.complete && img.naturalWidth > 0, src: img.currentSrc };
          }),
        );
        expect(shown.length).toBeGreaterThanOrEqual(4);
        for (const s of shown) {
          expect(s.drawn, s.key).toBe(true);
          // A light 1× screen: the image inside the HTML (server/render/first-screen.ts).
          expect(s.src).toMatch(/^data:image\/png;base64,/);
        }
        const source = await page.evaluate(
          () => (performance.getEntriesByName('dv:first-screen', 'mark')[0] as { detail?: { source?: string } | null } | undefined)?.detail?.source,
        );
        expect(source).toBe('images');
        expect(await page.locator('figure.chart-panel').count()).toBe(0);

        // Then the app: the images go once its charts on screen have painted, in the same order, every run drawn.
        release();
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen-live', 'mark').length > 0);
        const keys = await page.locator('figure.chart-panel').evaluateAll((figs) =>
          figs.map((f) => (f as unknown as { getAttribute(n: string): string }).getAttribute('data-chart')),
        );
        expect(keys.slice(0, shown.length)).toEqual(shown.map((s) => s.key));
        for (const s of shown) {
          const fig = chartByKey(page, s.key!);
          await waitForPainted(fig, HOOK_TIMEOUT_MS);
          // Every run that has the chart has lines in it; a run without it is marked missing.
          const note = fig.locator('[data-missing]');
          const missing = (await note.count()) > 0 ? ((await note.getAttribute('data-missing')) ?? '') : '';
          const expected = ['A', 'B'].flatMap((tag, i) => (missing.split(',').includes(tag) ? [] : [String(i)])).join(',');
          expect(await fig.getAttribute('data-runs-drawn'), s.key!).toBe(expected);
        }
        expect(await chartByKey(page, 'memory').getAttribute('data-runs-drawn')).toBe('0,1');

        // Idle devices (every value 0 in every run that has them) are listed, not drawn, until asked for.
        const idle = page.locator('[data-idle-devices]');
        await expect.poll(() => idle.locator('summary').innerText()).toMatch(/^Idle devices \(\d+\)$/);
        const idleTitles = await idle.locator('li').allTextContents();
        expect(idleTitles).toContain('Disk I/O loop0');
        const titles = await page.locator('figure.chart-panel h3').allInnerTexts();
        for (const title of idleTitles) expect(titles, title).not.toContain(title);
        await idle.locator('summary').click();
        await idle.getByLabel('Draw idle devices').check();
        await expect.poll(() => page.url()).toContain('idle=1');
        await expect.poll(() => page.locator('figure.chart-panel h3').allInnerTexts()).toEqual(expect.arrayContaining(idleTitles));
      }),
    // The images are drawn COMPARE_FIRST_SCREEN_DRAW_DELAY_MS after the upload, then take seconds on a busy machine.
    BROWSER_TEST_MS + COMPARE_FIRST_SCREEN_DRAW_DELAY_MS + 30_000,
  );

  it(
    'zoom narrows the Δ table and goes into the URL; the URL restores the view; Copy as Markdown copies the table',
    () =>
      h.run(async () => {
        const [a, b] = [idOf(await h.report(A)), idOf(await h.report(B))];
        const page = await h.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
        await openCompare(page, `?ids=${a},${b}&baseline=1`);
        const row = page.locator('table.delta-table tr[data-series="dsk/vda/writ"]');
        await row.waitFor();
        const before = await row.innerText();
        // Two logs of the same minutes of one host: nothing significant; idle series left out and counted.
        expect(await page.locator('table.delta-table tr[data-verdict="significant"]').count()).toBe(0);
        expect(Number(await page.locator('[data-idle-series]').getAttribute('data-idle-series'))).toBeGreaterThan(20);
        // Disk I/O's computed total is vda's twin in both (their other disks idle): its row left out, counted.
        expect(await page.locator('table.delta-table tr[data-series^="dsk/total/"]').count()).toBe(0);
        expect(Number(await page.locator('[data-twin-series]').getAttribute('data-twin-series'))).toBeGreaterThanOrEqual(2);
        // Nor is its chart drawn: vda's shows it, as on a report page.
        expect(await page.locator('figure.chart-panel[data-chart="disk:total"], figure.chart-panel[data-chart="iops:total"]').count()).toBe(0);
        const vda = chartByKey(page, 'disk:vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        const range = await xRange(vda);
        await dragAcross(page, vda, 0.2, 0.5);
        await waitForXRangeChange(vda, range);
        await expect.poll(() => row.innerText()).not.toBe(before);
        await expect.poll(() => page.url()).toMatch(/[?&]from=[\d.]+&to=[\d.]+/);
        const url = page.url();
        expect(url).toContain('baseline=1');
        const zoomed = await xRange(vda);

        const again = await h.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
        await openCompare(again, url.slice(url.indexOf('?')));
        const vda2 = chartByKey(again, 'disk:vda');
        await waitForPainted(vda2, HOOK_TIMEOUT_MS);
        const restored = await xRange(vda2);
        expect(restored.min).toBeCloseTo(zoomed.min, -1);
        expect(restored.max).toBeCloseTo(zoomed.max, -1);
        expect(await texts(again.locator('[data-legend="page"] li[data-baseline="true"]'))).toEqual([expect.stringMatching(/^B /)]);
        await expect.poll(() => again.locator('table.delta-table tr[data-series="dsk/vda/writ"]').innerText()).toBe(await row.innerText());

        await again.getByRole('button', { name: 'Copy as Markdown' }).click();
        await again.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
        const md = await again.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
        expect(md).toContain('- **B (baseline)**: dool134_tfvnrl.csv');
        expect(md).toMatch(/^- \*\*window\*\*: Window: /m);
        expect(md).toMatch(/^- \*\*method\*\*: 95 % interval/m);
        expect(md).toMatch(/^\| chart \| series \| A avg \| A p95 \| A max \| B avg/m);
        expect(md).toMatch(/^\| Disk I\/O vda \| write \| [\d.]+ [KMG]iB\/s \|/m);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'align=clock puts a second host’s log where its clock says (its zone honoured); the shift becomes a clock offset, which "Estimate" finds from the network',
    () =>
      h.run(async () => {
        const a = idOf(await h.report(A));
        const db1 = idOf(await h.report('db1.csv', readFileSync(fixturePath('compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv'), 'utf8')));
        const page = await h.newPage();
        await openCompare(page, `?ids=${a},${db1}`);
        const vda = chartByKey(page, 'disk:vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        const elapsed = await xRange(vda);
        await page.getByLabel('Align on').selectOption('clock');
        await expect.poll(() => page.url()).toMatch(/[?&]align=clock(&|$)/);
        await page.getByLabel('Clock offset B (s)').waitFor();
        const clockChart = chartByKey(page, 'disk:vda');
        await waitForPainted(clockChart, HOOK_TIMEOUT_MS);
        // The same run 20 s later on the clock: the axis is 20 s longer.
        await expect.poll(async () => Math.round(((await xRange(clockChart)).max - elapsed.max) / 1000)).toBe(20);
        // The baseline has no estimate of its own; B's, from the network, fills B's offset with the 20 s.
        expect(await page.getByRole('button', { name: 'Estimate clock offset A' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Estimate clock offset B' }).click();
        await expect.poll(() => page.url()).toMatch(/[?&]shift=0,20(&|$)/);
        const note = page.locator('[data-offset-estimate="1"]');
        await expect.poll(() => note.getAttribute('data-found')).toBe('true');
        expect(await note.innerText()).toMatch(/^\+20 s \(network send\/receive correlation 0\.\d+\)$/);
        expect(await page.getByLabel('Clock offset B (s)').inputValue()).toBe('20');
        await waitForPainted(chartByKey(page, 'disk:vda'), HOOK_TIMEOUT_MS);
        await expect.poll(async () => Math.round(((await xRange(chartByKey(page, 'disk:vda'))).max - elapsed.max) / 1000)).toBe(0);
        // An offset typed in applies as a shift does.
        const offset = page.getByLabel('Clock offset B (s)');
        await offset.fill('5');
        await offset.press('Enter');
        await expect.poll(() => page.url()).toMatch(/[?&]shift=0,5(&|$)/);
        await waitForPainted(chartByKey(page, 'disk:vda'), HOOK_TIMEOUT_MS);
        await expect.poll(async () => Math.round(((await xRange(chartByKey(page, 'disk:vda'))).max - elapsed.max) / 1000)).toBe(15);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'a shift applies on Enter as on leaving the field',
    () =>
      h.run(async () => {
        const [a, b] = [idOf(await h.report(A)), idOf(await h.report(B))];
        const page = await h.newPage();
        await openCompare(page, `?ids=${a},${b}`);
        const shift = page.getByLabel('Shift B (s)');
        await shift.fill('7');
        await shift.press('Enter');
        await expect.poll(() => page.url()).toMatch(/[?&]shift=0,7(&|$)/);
        await page.locator('figure.chart-panel[data-painted="true"]').first().waitFor({ timeout: 15_000 });
        const again = page.getByLabel('Shift B (s)');
        await again.fill('3');
        await page.getByLabel('Shift A (s)').focus();
        await expect.poll(() => page.url()).toMatch(/[?&]shift=0,3(&|$)/);
      }),
    BROWSER_TEST_MS,
  );

  it(
    '"Compare with…" on a report page: another report by URL, or two runs of a multi-run file',
    () =>
      h.run(async () => {
        const multi = await h.report('d072_tfvnrl_appended-2-runs.csv');
        const other = await h.report(B);
        const page = await h.newPage();
        await page.goto(`${h.server.url}${multi}`);
        await page.getByText('Compare with…').click();
        await page.getByLabel('Another report (URL or id)').fill(`${h.server.url}${other}`);
        await page.getByRole('button', { name: 'Compare', exact: true }).first().click();
        await expect.poll(() => page.url()).toBe(`${h.server.url}/compare?ids=${idOf(multi)}:2,${idOf(other)}`);
        await page.locator('figure.chart-panel[data-painted="true"]').first().waitFor({ timeout: 15_000 });

        await page.goto(`${h.server.url}${multi}`);
        await page.getByText('Compare with…').click();
        await page.getByLabel('Compare runs of this file 1').selectOption('1');
        await page.getByLabel('Compare runs of this file 2').selectOption('2');
        await page.getByRole('button', { name: 'Compare', exact: true }).nth(1).click();
        await expect.poll(() => page.url()).toBe(`${h.server.url}/compare?ids=${idOf(multi)}:1,${idOf(multi)}:2`);
        await expect.poll(() => texts(page.locator('[data-legend="page"] li'))).toEqual([
          expect.stringMatching(/^A d072_tfvnrl_appended-2-runs\.csv run 1 /),
          expect.stringMatching(/^B d072_tfvnrl_appended-2-runs\.csv run 2 /),
        ]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    '"Compare this window with…" after a drag-zoom opens the compare page with this window and the same length before it, or one edited',
    () =>
      h.run(async () => {
        const a = idOf(await h.report(A));
        const page = await h.newPage();
        await page.goto(`${h.server.url}/r/${a}`);
        const vda = chartByKey(page, 'disk:vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        // Nothing to offer before a window is zoomed.
        expect(await page.locator('[data-compare-window]').count()).toBe(0);
        await dragAcross(page, vda, 0.55, 0.85);
        await expect.poll(() => page.url()).toMatch(/[?&]from=[\d.]+&to=[\d.]+/);
        const url = new URL(page.url());
        const [from, to] = [Math.floor(Number(url.searchParams.get('from'))), Math.ceil(Number(url.searchParams.get('to')))];
        const box = page.locator('[data-compare-window]');
        await box.getByText('Compare this window with…').click();
        expect(await box.getByLabel('with (B)').inputValue()).toBe('before');
        expect(await box.getByLabel('from (s)').inputValue()).toBe(String(from - (to - from)));
        expect(await box.getByLabel('to (s)').inputValue()).toBe(String(from));
        // Edited: the first ten seconds of the run instead.
        await box.getByLabel('from (s)').fill('0');
        await box.getByLabel('to (s)').fill('10');
        await box.getByRole('button', { name: 'Compare', exact: true }).click();
        await expect.poll(() => page.url()).toBe(`${h.server.url}/compare?ids=${a}@${from}-${to},${a}@0-10`);
        await expect.poll(() => texts(page.locator('[data-legend="page"] li'))).toEqual([
          expect.stringMatching(new RegExp(`^A d072_tfvnrl\\.csv @ ${from}–${to} s \\(vm, .*baseline`)),
          expect.stringMatching(/^B d072_tfvnrl\.csv @ 0–10 s \(vm, /),
        ]);
        // Back on the report: "the same length just after" fills the fields with it.
        await page.goBack();
        const again = page.locator('[data-compare-window]');
        await again.getByText('Compare this window with…').click();
        await again.getByLabel('with (B)').selectOption('after');
        expect(await again.getByLabel('from (s)').inputValue()).toBe(String(to));
      }),
    BROWSER_TEST_MS,
  );

  it(
    'two windows of one run (ID@FROM-TO) are each drawn over their window only, both from 0',
    () =>
      h.run(async () => {
        const a = idOf(await h.report(A));
        const page = await h.newPage();
        await openCompare(page, `?ids=${a}@20-40,${a}@50-70`);
        const vda = chartByKey(page, 'disk:vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        expect(await vda.getAttribute('data-runs-drawn')).toBe('0,1');
        // The x axis spans the windows' 20 s, not the whole run shifted back by a window's start.
        const range = await xRange(vda);
        expect(range.min).toBeGreaterThanOrEqual(0);
        expect(range.max).toBeLessThanOrEqual(20_000);
        expect(range.max - range.min).toBeGreaterThanOrEqual(18_000);
      }),
    BROWSER_TEST_MS,
  );

  it(
    '"Compare with…" lists the reports this browser opened, newest first, without this one, each opening the compare page with it',
    () =>
      h.run(async () => {
        const [a, b] = [idOf(await h.report(A)), idOf(await h.report(B))];
        const page = await h.newPage();
        await page.goto(`${h.server.url}/r/${a}`);
        await page.locator('.report-page').waitFor({ timeout: 15_000 });
        await page.goto(`${h.server.url}/r/${b}`);
        await page.getByText('Compare with…').click();
        const items = page.locator('[data-recent-report]');
        await expect.poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-recent-report')))).toEqual([a]);
        expect(await texts(items)).toEqual([expect.stringMatching(/^vm · d072_tfvnrl\.csv · 2026-11-29 20:45:49 · \S/)]);
        // The paste-a-URL field stays.
        expect(await page.getByLabel('Another report (URL or id)').count()).toBe(1);
        await items.getByRole('link').click();
        await expect.poll(() => page.url()).toBe(`${h.server.url}/compare?ids=${b},${a}`);
        await expect.poll(() => texts(page.locator('[data-legend="page"] li'))).toEqual([
          expect.stringMatching(/^A dool134_tfvnrl\.csv /),
          expect.stringMatching(/^B d072_tfvnrl\.csv /),
        ]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'the upload page takes several files and opens their compare page',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(h.server.url + '/');
        await page.getByLabel('dstat CSV file').setInputFiles([
          { name: 'before.csv', mimeType: 'text/csv', buffer: readFileSync(fixturePath(A)) },
          { name: 'after.csv', mimeType: 'text/csv', buffer: readFileSync(fixturePath(B)) },
        ]);
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(/\/compare\?ids=[A-Za-z0-9_-]{22},[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
        await expect.poll(() => texts(page.locator('[data-legend="page"] li'))).toEqual([
          expect.stringMatching(/^A before\.csv /),
          expect.stringMatching(/^B after\.csv /),
        ]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'says which run is wrong',
    () =>
      h.run(async () => {
        const a = idOf(await h.report(A));
        const page = await h.newPage();
        await page.goto(`${h.server.url}/compare?ids=${a}:5`);
        await expect.poll(() => page.locator('[role="alert"]').innerText()).toMatch(/has 1 runs: there is no run 5/);
      }),
    BROWSER_TEST_MS,
  );
});
