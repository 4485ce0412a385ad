/**
 * A big report in Chromium (docs/ui-contract.md §1, §4, §22): the page loads the reduced level of detail
 * (GET /api/reports/:id/lod) and not the full report; the whole run's statistics are the exact ones of the
 * raw samples; a zoom asks for the full report, the tables say their figures are loading until it is there
 * (it is held back here until checked), then show the exact figures of the zoom window. A zoom made while the
 * full report is on its way is the window shown once it has arrived (the swap keeps the view).
 */
import { expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { makeLog } from '../../bench/make-log.js';
import { LOD_MIN_ROWS } from '../../shared/limits.js';
import { toColumnar } from '../../shared/report/columnar.js';
import { toRunData } from '../../shared/report/run-data.js';
import { windowStats } from '../../shared/series/window-stats.js';
import { rowsInWindow } from '../../shared/series/window.js';
import { chartByKey, waitForPainted, waitForXRangeChange, xRange } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, fetchReport, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const h = webHarness({ env: { MAX_UPLOAD_BYTES: '64MiB' } });
const BIG = makeLog(undefined, { rows: LOD_MIN_ROWS + 3000 });
const STATS = ['min', 'avg', 'p95', 'max'] as const;

describeBrowser('a big report', () => {
  it(
    'loads its level of detail, shows exact statistics, and the full report on zoom',
    async () => {
      await h.run(async () => {
        const path = await h.report('big.csv', BIG);
        const id = path.replace(/^\/r\//, '');
        const full = await fetchReport(h.server.url, path);
        const run = toRunData(toColumnar(full).runs[0]!);

        const page = await h.newPage();
        const requested: string[] = [];
        page.context().on('request', (r) => requested.push(new URL(r.url()).pathname));
        // The full report waits until the test has seen the tables say they are loading.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.context().route(`**/api/reports/${id}`, async (route: Route) => {
          await held;
          await route.continue();
        });

        await openReport(page, h.server.url + path);
        const chart = chartByKey(page, 'load');
        await waitForPainted(chart);
        expect(requested).toContain(`/api/reports/${id}/lod`);
        expect(requested).not.toContain(`/api/reports/${id}`);

        // The whole run: the raw samples' figures, exactly (as GET /api/reports/:id has them).
        const series = full.runs[0]!.series.find((s) => s.id === 'load avg/1m');
        if (series?.kind !== 'number' || !series.stats) throw new Error('the log has no load average');
        const row = chart.locator('tr[data-series="load avg/1m"]');
        await expect.poll(() => row.locator('td[data-stat="max"]').getAttribute('data-value'), { timeout: HOOK_TIMEOUT_MS }).toBe(String(series.stats.max));
        for (const k of STATS) expect(Number(await row.locator(`td[data-stat="${k}"]`).getAttribute('data-value'))).toBe(series.stats[k]);

        // Zoom in: the window's figures need the raw samples; until they are there, the table says so.
        const before = await xRange(chart);
        await page.getByRole('button', { name: 'Zoom in', exact: true }).first().click();
        const first = await waitForXRangeChange(chart, before);
        const table = chart.locator('table.chart-stats');
        await expect.poll(() => table.getAttribute('data-stats-pending'), { timeout: HOOK_TIMEOUT_MS }).toBe('true');
        expect(await table.getAttribute('aria-busy')).toBe('true');
        await expect.poll(() => requested.includes(`/api/reports/${id}`), { timeout: HOOK_TIMEOUT_MS }).toBe(true);
        expect(await row.locator('td[data-stat="max"]').textContent()).toBe('…');

        // Zoomed again while the full report is on its way.
        await page.getByRole('button', { name: 'Zoom in', exact: true }).first().click();
        const zoomed = await waitForXRangeChange(chart, first);
        expect(zoomed.max - zoomed.min).toBeLessThan(first.max - first.min);

        // The full report arrives: the last zoom stays, with the exact figures of its window.
        release();
        await page.waitForFunction(() => performance.getEntriesByName('dv:full-loaded').length > 0, null, { timeout: 20_000 });
        await expect.poll(() => table.getAttribute('data-stats-pending'), { timeout: HOOK_TIMEOUT_MS }).toBe(null);
        expect(await xRange(chart)).toEqual(zoomed);
        const rows = rowsInWindow(run.time, { t0: zoomed.min, t1: zoomed.max }, run.firstRow);
        const expected = windowStats(run.columns.get('load avg/1m')!.values, rows.from, rows.to)!;
        for (const k of STATS) {
          await expect.poll(async () => Number(await row.locator(`td[data-stat="${k}"]`).getAttribute('data-value'))).toBe(expected[k]);
        }
        expect(requested.filter((p) => p === `/api/reports/${id}`)).toHaveLength(1);
      });
    },
    BROWSER_TEST_MS * 2,
  );
});
