/**
 * Hosts with many devices: the busiest devices drawn by default under a disk heatmap (every busy disk, busiest
 * first), a sidebar that searches and sorts them, "show more" on 1 699 disks adding SHOW_MORE disks at a time
 * (never every disk at once) with a bounded number of live charts (placeholders of the right height
 * elsewhere, docs/ui-contract.md §1) and a page that still answers input, and the per-CPU table sorted by
 * any column. Structure only: no timings here (bench/ measures speed).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DomElement } from '../helpers/browser.js';
import { waitForPainted, xRange } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, fetchReport, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const DISKS_1699 = 'pcp-archive_dstat-diskfarm_1699disks_tfd.csv';
const CPUS_192 = 'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv';
/** view/busiest.ts BUSIEST_DEVICES and SHOW_MORE_DEVICES. */
const BUSIEST = 24;
const SHOW_MORE = 96;
/** Live charts (canvases) allowed on a page of 1 700 charts: the viewport's neighbourhood, not the section. */
const LIVE_CANVAS_BOUND = 160;

function diskSection(page: Page) {
  return page.locator('section.chart-section').filter({ has: page.locator('h2', { hasText: /^Disk I\/O/ }) }).first();
}

/**
 * From the report's statistics: the disks that are not idle (idle ones are listed apart, ui-contract §7) and
 * their load, the sum of the read and write averages, busiest first (ties in file order).
 */
async function disksByLoad(serverUrl: string, path: string): Promise<string[]> {
  const report = await fetchReport(serverUrl, path);
  const run = report.runs[report.runs.length - 1]!;
  const load = new Map<string, number>();
  const busy = new Set<string>();
  for (const s of run.series) {
    const m = /^dsk\/(.+)$/.exec(s.group);
    if (!m || m[1] === 'total' || s.kind !== 'number') continue;
    load.set(m[1]!, (load.get(m[1]!) ?? 0) + (s.stats?.avg ?? 0));
    if (s.stats && (s.stats.max !== 0 || s.stats.min !== 0)) busy.add(m[1]!);
  }
  return [...load.entries()]
    .filter(([dev]) => busy.has(dev))
    .map(([dev, l], i) => ({ dev, l, i }))
    .sort((a, b) => b.l - a.l || a.i - b.i)
    .map((x) => x.dev);
}

describeBrowser('many devices', () => {
  const h = webHarness();

  it(
    'draws the total, the disk heatmap and the busiest disks by default, then more disks a page at a time, answering input',
    () =>
      h.run(async () => {
        const path = await h.report(DISKS_1699);
        const page = await h.newPage();
        await openReport(page, h.server.url + path);
        const section = diskSection(page);
        const figures = section.locator('figure.chart-panel');
        await expect.poll(() => figures.count()).toBe(BUSIEST + 2);
        const keys = await figures.evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-chart')));
        expect(keys.slice(0, 2), 'the total first, then the heatmap').toEqual(['disk:total', 'disk-heatmap']);
        const disks = await disksByLoad(h.server.url, path);
        expect(disks.length, 'busy disks in the file').toBeGreaterThan(1000);
        expect(keys.slice(2), 'the busiest disks by average, busiest first').toEqual(disks.slice(0, BUSIEST).map((d) => `disk:${d}`));
        expect(await section.locator('.section-note').innerText()).toContain(`${BUSIEST} busiest of ${disks.length}`);

        // The heatmap: one row per busy disk, busiest first (its statistics table lists them in its order).
        const heatmap = section.locator('figure[data-chart="disk-heatmap"]');
        await waitForPainted(heatmap, HOOK_TIMEOUT_MS);
        expect(await heatmap.locator('h3').innerText()).toBe(`Disk I/O heatmap (${disks.length} disks)`);
        const rows = await heatmap.locator('table.chart-stats tbody tr').evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-series')));
        expect(rows.slice(0, BUSIEST * 2)).toEqual(disks.slice(0, BUSIEST * 2).map((d) => `disk:${d}`));
        expect(rows).toHaveLength(disks.length);

        await section.getByRole('button', { name: new RegExp(`^Show ${SHOW_MORE} more Disk I/O charts`) }).click();
        await expect.poll(() => figures.count(), { timeout: HOOK_TIMEOUT_MS }).toBe(BUSIEST + SHOW_MORE + 2);
        const more = await figures.evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-chart')));
        expect(more.slice(2), 'the next busiest').toEqual(disks.slice(0, BUSIEST + SHOW_MORE).map((d) => `disk:${d}`));
        expect(await section.locator('.section-note').innerText()).toContain(`${BUSIEST + SHOW_MORE} busiest of ${disks.length}`);
        const live = (): Promise<number> => page.locator('figure.chart-panel canvas').count();
        expect(await live(), 'live canvases after "show more"').toBeLessThanOrEqual(LIVE_CANVAS_BOUND);

        // The page answers: a zoom button redraws the charts on screen.
        const total = page.locator('figure.chart-panel[data-chart="disk:total"]');
        await waitForPainted(total, HOOK_TIMEOUT_MS);
        const before = await xRange(total);
        await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
        await expect.poll(async () => (await xRange(total)).max - (await xRange(total)).min, { timeout: HOOK_TIMEOUT_MS }).toBeLessThan(before.max - before.min);

        // Far down the section: charts there become live and paint, and the count of live ones stays bounded.
        for (const index of [60, BUSIEST + SHOW_MORE + 1]) {
          // By key: the placeholder is replaced by the chart as it comes near.
          const key = (await figures.nth(index).getAttribute('data-chart'))!;
          await figures.nth(index).evaluate((el: DomElement & { scrollIntoView(o?: unknown): void }) => el.scrollIntoView({ block: 'center' }));
          await page
            .locator(`figure.chart-panel[data-chart="${key}"][data-painted="true"]`)
            .waitFor({ state: 'visible', timeout: HOOK_TIMEOUT_MS });
          expect(await live(), `live canvases at chart ${index}`).toBeLessThanOrEqual(LIVE_CANVAS_BOUND);
        }
        expect(await figures.count(), 'every disk shown so far still has its figure (placeholder or chart)').toBe(BUSIEST + SHOW_MORE + 2);
      }),
    BROWSER_TEST_MS * 2,
  );

  it(
    'searches and sorts the devices in the sidebar, and goes to a disk that is not drawn yet',
    () =>
      h.run(async () => {
        const path = await h.report(DISKS_1699);
        const page = await h.newPage();
        await openReport(page, h.server.url + path);
        const list = page.locator('nav.sidebar details[data-device-list]').first();
        await list.locator('summary').click();
        const entries = list.locator('ul.toc-charts > li');
        expect(await entries.count(), 'a bounded list (and the heatmap)').toBeLessThanOrEqual(101);
        const all = await disksByLoad(h.server.url, path);
        const expected = all.slice(0, BUSIEST);
        const listed = (await entries.allInnerTexts()).map((s) => s.trim());
        expect(listed.slice(0, 2), 'the total first, then the heatmap').toEqual(['Disk I/O', 'Disk I/O heatmap']);
        expect(listed.slice(2, 5), 'then the busiest first by default').toEqual(expected.slice(0, 3));

        await list.getByRole('combobox', { name: /Sort Disk I\/O devices/ }).selectOption('name');
        const byName = (await entries.allInnerTexts()).map((s) => s.trim());
        const natural = new Intl.Collator('en', { numeric: true });
        expect(byName.slice(0, 5)).toEqual(['Disk I/O', 'Disk I/O heatmap', ...[...all].sort(natural.compare).slice(0, 3)]);

        // A disk far from the busiest, whose name no other disk's contains: the search finds it alone.
        const quiet = all.slice(BUSIEST * 10).find((d) => all.filter((o) => o.includes(d)).length === 1)!;
        await list.getByRole('searchbox', { name: /Search Disk I\/O devices/ }).fill(quiet);
        await expect.poll(async () => (await entries.allInnerTexts()).map((s) => s.trim())).toEqual([quiet]);

        // It is not drawn yet: following its link draws the section down to it and goes there.
        expect(await page.locator(`figure.chart-panel[data-chart="disk:${quiet}"]`).count()).toBe(0);
        await entries.first().getByRole('link').click();
        // Not scrolled by the test: the page went there itself (the placeholder there becomes the chart).
        const target = page.locator(`figure.chart-panel[data-chart="disk:${quiet}"][data-painted="true"]`);
        await target.waitFor({ state: 'visible', timeout: HOOK_TIMEOUT_MS });
        const box = (await target.boundingBox())!;
        expect(box.y, 'scrolled to the disk').toBeLessThan(900);
        expect(box.y + box.height).toBeGreaterThan(0);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'sorts the per-CPU statistics of the heatmap by any column',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(CPUS_192)));
        const heatmap = page.locator('figure[data-chart="cpu-heatmap"]');
        await heatmap.scrollIntoViewIfNeeded();
        const table = heatmap.locator('table.chart-stats');
        await expect.poll(() => table.locator('td[data-stat="p95"][data-value]').count(), { timeout: HOOK_TIMEOUT_MS }).toBeGreaterThan(100);
        const column = async (stat: string): Promise<number[]> =>
          (await table.locator(`tbody td[data-stat="${stat}"]`).evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-value'))))
            .filter((v): v is string => v !== null)
            .map(Number);
        for (const stat of ['p95', 'max', 'avg', 'min']) {
          const header = table.locator('thead th').filter({ hasText: new RegExp(`^${stat}`) });
          await header.getByRole('button').click();
          expect(await header.getAttribute('aria-sort'), `${stat} sorted`).toBe('descending');
          const values = await column(stat);
          expect(values, `${stat} largest first`).toEqual([...values].sort((a, b) => b - a));
          await header.getByRole('button').click();
          expect(await header.getAttribute('aria-sort')).toBe('ascending');
          const up = await column(stat);
          expect(up, `${stat} smallest first`).toEqual([...up].sort((a, b) => a - b));
        }
        const names = table.locator('thead th').first();
        await names.getByRole('button').click();
        const cpus = (await table.locator('tbody th[scope="row"]').allInnerTexts()).map((s) => s.trim());
        expect(cpus.slice(0, 3)).toEqual(['cpu0', 'cpu1', 'cpu2']);
        expect(cpus.indexOf('cpu10')).toBeGreaterThan(cpus.indexOf('cpu9'));
      }),
    BROWSER_TEST_MS,
  );
});
