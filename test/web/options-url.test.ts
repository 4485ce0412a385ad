/**
 * View options in the URL query (docs/ui-contract.md §5): opening a link restores the same view, and the page
 * keeps the query as it was given.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chartByTitle, waitForPainted, xRange, type DomCanvas, type DomElement, type DomFormControl } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, fetchReport, HOOK_TIMEOUT_MS, openReport, timeOrigins, webHarness } from './harness.js';

const FIXTURE = 'd072_tfvnrl.csv';

describeBrowser('view options in the URL', () => {
  const h = webHarness();

  it(
    'an offset beyond the run: a visible message, the whole run shown, and the offset gone from the URL (other options kept)',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, `${h.server.url}${await h.report('d072_tfvnrl.csv')}?offset=99999&height=250`);
        const notice = page.locator('[data-offset-ignored]');
        await expect.poll(() => notice.innerText()).toMatch(/^Nothing is left after an offset of 1 d 3 h: .*whole run/);
        await expect.poll(() => new URL(page.url()).search).toBe('?height=250');
        expect(await notice.isVisible()).toBe(true);
      }),
    BROWSER_TEST_MS,
  );

  async function paintedRanges(page: Page): Promise<{ chart: string; min: number; max: number }[]> {
    return page.locator('figure.chart-panel[data-painted="true"]').evaluateAll((els: DomElement[]) =>
      els.map((e) => ({
        chart: e.getAttribute('data-chart') ?? '?',
        min: Number(e.getAttribute('data-x-min')),
        max: Number(e.getAttribute('data-x-max')),
      })),
    );
  }

  /** Values shown by the page's form controls (inputs, selects, checked radios/boxes). */
  async function controlValues(page: Page): Promise<{ tag: string; type: string; name: string; value: string; text: string }[]> {
    return page.locator('input, select').evaluateAll((els: DomFormControl[]) =>
      els
        .filter((e) => !(e.tagName === 'INPUT' && (e.type === 'radio' || e.type === 'checkbox') && !e.checked))
        .filter((e) => !(e.tagName === 'INPUT' && e.type === 'file'))
        .map((e) => ({
          tag: e.tagName.toLowerCase(),
          type: e.type ?? '',
          name: e.getAttribute('name') ?? e.getAttribute('aria-label') ?? e.id,
          value: e.value,
          text: e.tagName === 'SELECT' ? (e.selectedOptions?.[0]?.textContent ?? '') : '',
        })),
    );
  }

  it(
    'from/to in a link open every chart on that window (seconds from the first sample)',
    () =>
      h.run(async () => {
        const path = await h.report(FIXTURE);
        const run = (await fetchReport(h.server.url, path)).runs[0]!;
        const page = await h.newPage();
        await openReport(page, `${h.server.url}${path}?from=10&to=40`);
        const ranges = await paintedRanges(page);
        expect(ranges.length).toBeGreaterThan(0);
        const { min, max } = ranges[0]!;
        const origin = timeOrigins(run).find((o) => Math.abs(o + 10_000 - min) <= 1 && Math.abs(o + 40_000 - max) <= 1);
        expect(
          origin,
          `data-x-min/max ${min}/${max} = first sample + 10 s / + 40 s (first sample ${timeOrigins(run).join(' or ')})`,
        ).toBeDefined();
        for (const r of ranges) expect({ min: r.min, max: r.max }, r.chart).toEqual({ min, max });
        const q = new URL(page.url()).searchParams;
        expect([q.get('from'), q.get('to')]).toEqual(['10', '40']);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'a link with height, diskMax, x=elapsed, from and to restores all of them',
    () =>
      h.run(async () => {
        const path = await h.report(FIXTURE);
        const run = (await fetchReport(h.server.url, path)).runs[0]!;

        const plain = await h.newPage();
        await openReport(plain, `${h.server.url}${path}`);
        const plainChart = chartByTitle(plain, 'Disk I/O vda');
        await waitForPainted(plainChart, HOOK_TIMEOUT_MS);
        const defaultHeight = (await plainChart.locator('canvas').first().boundingBox())?.height ?? 0;

        const query = '?height=300&diskMax=1048576&x=elapsed&from=10&to=40';
        const page = await h.newPage();
        await openReport(page, `${h.server.url}${path}${query}`);
        const disk = chartByTitle(page, 'Disk I/O vda');
        await waitForPainted(disk, HOOK_TIMEOUT_MS);

        // height: px per graph. Whether that is the plot box or the whole canvas (axes included) the contract
        // leaves open: the canvas is 300 px, or a little more for the time axis.
        const height = (await disk.locator('canvas').first().boundingBox())?.height ?? 0;
        expect(height, `canvas height with height=300 (default ${defaultHeight})`).toBeGreaterThanOrEqual(295);
        expect(height, `canvas height with height=300 (default ${defaultHeight})`).toBeLessThanOrEqual(370);
        expect(Math.abs(height - defaultHeight), `height=300 changes the default height ${defaultHeight}`).toBeGreaterThan(20);

        // x range: the same window; on an elapsed axis the scale may count seconds (or ms) from the start.
        const x = await xRange(disk);
        const wallClock = timeOrigins(run).some((o) => Math.abs(o + 10_000 - x.min) <= 1 && Math.abs(o + 40_000 - x.max) <= 1);
        const elapsed = (Math.abs(x.min - 10) <= 0.001 && Math.abs(x.max - 40) <= 0.001) ||
          (Math.abs(x.min - 10_000) <= 1 && Math.abs(x.max - 40_000) <= 1);
        expect(wallClock || elapsed, `x range ${JSON.stringify(x)} is 10 s – 40 s`).toBe(true);

        // The option controls show the values of the link.
        const controls = await controlValues(page);
        const shown = JSON.stringify(controls);
        expect(controls.some((c) => c.value === '300'), `a control shows height 300: ${shown}`).toBe(true);
        expect(
          controls.some((c) => c.value === '1048576' || /^\s*1(\.0+)?\s*Mi?B?(\/s)?\s*$/i.test(c.text) || /^\s*1(\.0+)?\s*Mi?B?(\/s)?\s*$/i.test(c.value)),
          `a control shows diskMax 1 MiB/s: ${shown}`,
        ).toBe(true);
        expect(controls.some((c) => c.value === 'elapsed'), `a control shows x=elapsed: ${shown}`).toBe(true);

        // The page keeps the link's query.
        const q = new URL(page.url()).searchParams;
        for (const [k, v] of new URLSearchParams(query)) expect(q.get(k), `${k} kept in the URL`).toBe(v);
      }),
    BROWSER_TEST_MS,
  );
});

describeBrowser('smooth=N: lines drawn as a centred moving average, statistics of the samples', () => {
  const h = webHarness();

  async function pixels(page: Page, title: string): Promise<string> {
    const chart = chartByTitle(page, title);
    await waitForPainted(chart, HOOK_TIMEOUT_MS);
    return chart.locator('canvas').first().evaluate((c: DomCanvas) => c.toDataURL('image/png'));
  }

  it(
    'a link with smooth=9 draws other lines than the samples, keeps the statistics, and the Options field sets it',
    () =>
      h.run(async () => {
        const path = await h.report(FIXTURE);
        const plain = await h.newPage();
        await openReport(plain, `${h.server.url}${path}`);
        const smooth = await h.newPage();
        await openReport(smooth, `${h.server.url}${path}?smooth=9`);
        const title = 'Disk I/O vda';
        expect(await pixels(smooth, title)).not.toBe(await pixels(plain, title));
        const stats = (p: Page) => chartByTitle(p, title).locator('table.chart-stats').innerText();
        expect(await stats(smooth)).toBe(await stats(plain));
        expect(new URL(smooth.url()).searchParams.get('smooth')).toBe('9');

        await plain.locator('details.options-menu > summary').click();
        await plain.locator('input[data-option="smooth"]').fill('5');
        await plain.locator('input[data-option="smooth"]').press('Enter');
        await expect.poll(() => new URL(plain.url()).searchParams.get('smooth'), { timeout: HOOK_TIMEOUT_MS }).toBe('5');
      }),
    BROWSER_TEST_MS,
  );
});
