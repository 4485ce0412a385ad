/**
 * Zoom on a log denser than the plot's pixel columns (docs/ui-contract.md §1, §3), where the charts draw a
 * device pixel column at a time with one-pixel outlines (shared/chart/line-data.ts, step-fill.ts): the
 * window's highest sample is still drawn at its height (no peak lost, none invented), and a chart far below
 * shows the zoomed window once it is scrolled to.
 */
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { makeLog } from '../../bench/make-log.js';
import { toColumnar } from '../../shared/report/columnar.js';
import { toRunData } from '../../shared/report/run-data.js';
import { rowsInWindow } from '../../shared/series/window.js';
import { chartByKey, dragAcross, plotBox, waitForPainted, waitForXRangeChange, xRange, type DomCanvas } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, fetchReport, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const h = webHarness();
/** ~6 000 one-second rows: 40 % of them is ~2 400 rows over a plot ~1 200 px wide, two per pixel column. */
const DENSE = makeLog(undefined, { rows: 6000 });

/** The topmost canvas row (device px, dpr 1) holding a saturated pixel between x0 and x1: the data's top. */
async function topOfData(chart: Locator, x0: number, x1: number): Promise<number> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((c: DomCanvas, [a, b]: number[]) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let y = 0; y < c.height; y++) {
        for (let x = Math.ceil(a!); x < Math.floor(b!); x++) {
          const i = (y * c.width + x) * 4;
          const [r, g, bl, al] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (al >= 64 && Math.max(r, g, bl) - Math.min(r, g, bl) > 48) return y;
        }
      }
      return -1;
    }, [x0, x1]);
}

describeBrowser('zoom on a dense log', () => {
  it(
    'draws the zoom window\'s peak at its height, and a chart far below shows the window when scrolled to',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const path = await h.report('dense.csv', DENSE);
        const run = toRunData(toColumnar(await fetchReport(h.server.url, path)).runs[0]!);
        await openReport(page, h.server.url + path);
        const chart = chartByKey(page, 'procs-new');
        await waitForPainted(chart, HOOK_TIMEOUT_MS);
        const whole = await xRange(chart);

        await dragAcross(page, chart, 0.3, 0.7);
        const zoomed = await waitForXRangeChange(chart, whole);
        const rows = rowsInWindow(run.time, { t0: zoomed.min, t1: zoomed.max }, run.firstRow);
        const plotPx = (await plotBox(chart)).right - (await plotBox(chart)).left;
        expect(rows.to - rows.from, 'a window denser than the plot').toBeGreaterThan(plotPx);

        // The window's highest sample; the row after the window is drawn up to its end too (a step ends at its row).
        const values = run.columns.get('procs/new')?.values;
        if (!values) throw new Error(`no procs/new column (${[...run.columns.keys()].join(', ')})`);
        let peak = 0;
        for (let i = rows.from; i <= Math.min(rows.to, values.length - 1); i++) peak = Math.max(peak, values[i]!);
        expect(peak).toBeGreaterThan(0);

        // The plot area in the canvas: the crosshair spans it (its box is Chart.js' chartArea).
        const box = await chart.locator('canvas').first().boundingBox();
        await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
        const crosshair = chart.locator('[data-crosshair]');
        await crosshair.waitFor({ state: 'visible', timeout: HOOK_TIMEOUT_MS });
        const area = await crosshair.evaluate((el: { style: { top: string; height: string } }) => ({
          top: parseFloat(el.style.top),
          height: parseFloat(el.style.height),
        }));
        await page.mouse.move(1, 1);
        const yMax = Number(await chart.getAttribute('data-y-max'));
        const expected = area.top + area.height * (1 - peak / yMax);
        const top = await topOfData(chart, 80, box!.width - 20);
        expect(Math.abs(top - expected), `data's top at ${top} px, the peak ${peak} of ${yMax} at ${expected.toFixed(1)} px`).toBeLessThanOrEqual(2);

        // The last chart of the page, far below: the zoomed window once it has come near.
        const last = page.locator('figure.chart-panel').last();
        await last.scrollIntoViewIfNeeded();
        await waitForPainted(last, HOOK_TIMEOUT_MS);
        await expect.poll(() => xRange(last), { timeout: HOOK_TIMEOUT_MS }).toEqual(zoomed);
      }),
    BROWSER_TEST_MS,
  );
});
