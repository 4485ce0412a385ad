/**
 * The offline compare page (`dstatview compare A.csv B.csv C.csv:1 -o OUT.html`, the real command run in
 * this process) opened from file:// in Chromium with every request that is not file: aborted: every run
 * overlaid in the charts, the Δ table, the baseline it was written with, the controls at work — and no
 * request, no CSP violation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { run as compareCommand } from '../../server/cli/compare.js';
import { blockNetwork, chartByKey, dragAcross, waitForInk, waitForPainted, waitForXRangeChange, xRange } from '../helpers/browser.js';
import { fixturePath } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, webHarness } from './harness.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** `dstatview compare ARGS -o DIR/compare.html`; the file's file:// URL. */
async function compareToFile(...args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dstatview-offline-compare-'));
  dirs.push(dir);
  const out = join(dir, 'compare.html');
  const code = await compareCommand([...args, '-o', out]);
  if (code !== 0) throw new Error(`dstatview compare exited ${code}`);
  return pathToFileURL(out).href;
}

const texts = async (loc: import('playwright-core').Locator) => (await loc.allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());

describeBrowser('offline compare page from file://', () => {
  const h = webHarness();

  it(
    'overlays every run and shows the Δ table with no request; zoom, baseline and language work offline',
    () =>
      h.run(async () => {
        const multi = fixturePath('d072_tfvnrl_appended-2-runs.csv');
        const url = await compareToFile(fixturePath('d072_tfvnrl.csv'), fixturePath('dool134_tfvnrl.csv'), `${multi}:1`, '--baseline', '1');
        const page = await h.newPage();
        const { attempted, csp } = await blockNetwork(page);
        await page.goto(url);

        // The runs, in order, the baseline the file was written with.
        await expect
          .poll(() => texts(page.locator('[data-legend="page"] li')), { timeout: 15_000 })
          .toEqual([
            expect.stringMatching(/^A d072_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\)/),
            expect.stringMatching(/^B dool134_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\).*baseline/),
            expect.stringMatching(/^C d072_tfvnrl_appended-2-runs\.csv run 1 \(vm, 2026-11-29 20:52:12\)/),
          ]);

        // Every run drawn in the charts all three have, with ink on the canvas.
        for (const key of ['cpu:total', 'memory', 'disk:vda', 'net:total']) {
          const chart = chartByKey(page, key);
          if ((await chart.count()) === 0) continue;
          await waitForPainted(chart, HOOK_TIMEOUT_MS);
          expect(await chart.getAttribute('data-runs-drawn'), key).toBe('0,1,2');
          expect(await chart.locator('[data-legend] li[data-run]').count(), key).toBe(3);
          await waitForInk(chart, HOOK_TIMEOUT_MS);
        }
        expect(await page.locator('figure.chart-panel[data-runs-drawn="0,1,2"]').count()).toBeGreaterThan(5);

        // The Δ table: a row per series, each run's figures and the changes against B.
        const row = page.locator('table.delta-table tr[data-series="dsk/vda/writ"]');
        await row.waitFor({ timeout: HOOK_TIMEOUT_MS });
        expect(await page.locator('table.delta-table tbody tr').count()).toBeGreaterThan(20);
        const head = await texts(page.locator('table.delta-table thead th'));
        expect(head.slice(0, 5)).toEqual(['chart', 'series', 'A avg', 'A p95', 'A max']);
        expect(head).toContain('Δavg A');
        expect(head).toContain('Δavg C');
        expect(await row.locator('td').count()).toBe(head.length - 1);

        // Zoom narrows the table, offline; the theme and the language switch.
        const before = await row.innerText();
        const vda = chartByKey(page, 'disk:vda');
        await vda.scrollIntoViewIfNeeded();
        const range = await xRange(vda);
        await dragAcross(page, vda, 0.2, 0.5);
        await waitForXRangeChange(vda, range);
        await expect.poll(() => row.innerText()).not.toBe(before);
        await page.getByRole('combobox', { name: /theme|テーマ/i }).selectOption('dark');
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await page.getByRole('combobox', { name: 'Language / 言語' }).selectOption('ja');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('ランの比較');
        // The Δ table in Japanese: headings, chart titles and series labels as the charts name them.
        await expect.poll(async () => (await texts(page.locator('table.delta-table thead th'))).slice(0, 3)).toEqual(['グラフ', '系列', 'A 平均']);
        expect(await row.locator('th').innerText()).toBe('ディスク I/O vda');

        expect(attempted).toEqual([]);
        expect(csp).toEqual([]);
      }),
    BROWSER_TEST_MS * 2,
  );
});
