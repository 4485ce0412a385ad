/**
 * The compare page's window=steady in Chromium (docs/ui-contract.md §18): each run without a window of its
 * own cut to its steady state — scenarios/ramp.csv's after its ramp, as GET /api/compare cuts it — and a run
 * without one (d072_tfvnrl.csv) said to be compared whole, in the run list and the window line; the "Compare"
 * select sets it and writes it to the URL.
 */
import { expect, it } from 'vitest';
import type { CompareJson } from '../../shared/api/schemas.js';
import { BROWSER_TEST_MS, describeBrowser, webHarness } from './harness.js';

describeBrowser('compare page, window=steady', () => {
  const h = webHarness();
  const idOf = (path: string) => path.replace(/^\/r\//, '');

  it(
    "cuts each run to its steady state as the API does, and says which run has none",
    () =>
      h.run(async () => {
        const a = idOf(await h.report('d072_tfvnrl.csv'));
        const ramp = idOf(await h.report('scenarios/ramp.csv'));
        const api = (await (await fetch(`${h.server.url}/api/compare?ids=${a},${ramp}&window=steady`)).json()) as CompareJson;
        const w = api.runs[1]!.window!;
        const page = await h.newPage();
        await page.goto(`${h.server.url}/compare?ids=${a},${ramp}`);
        await page.locator('figure.chart-panel[data-painted="true"]').first().waitFor({ timeout: 15_000 });
        expect(await page.locator('[data-steady]').count()).toBe(0);

        await page.locator('select[data-window-select]').selectOption('steady');
        await expect.poll(() => new URL(page.url()).searchParams.get('window')).toBe('steady');
        const items = page.locator('[data-legend="page"] li');
        await expect.poll(() => items.nth(0).locator('[data-steady]').getAttribute('data-steady')).toBe('none');
        expect(await items.nth(1).locator('[data-steady]').getAttribute('data-steady')).toBe(`${w.from}-${w.to}`);
        expect(await page.locator('[data-window]').innerText()).toBe("each run's steady-state window; A: no steady state found, whole run");
      }),
    BROWSER_TEST_MS,
  );
});
