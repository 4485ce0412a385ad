/**
 * Time labels never collide (docs/ui-contract.md §1 `data-x-label-boxes`): on a report page at 1, 2 and 3
 * graphs per row, on both axes (the clock, elapsed), whole and zoomed into a short window, and on the compare
 * page at the widths that give it 1, 2 and 3 charts a row, every painted chart's x labels — as the page
 * measured them in the font they are drawn in — leave room between them.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, webHarness } from './harness.js';

/** The least air between two labels, CSS px. */
const GAP_PX = 4;

interface Drawn {
  key: string;
  boxes: [number, number][];
}

/** Every painted chart's label boxes; waits until the first screen has painted. */
async function labelBoxes(page: Page): Promise<Drawn[]> {
  await page.locator('figure[data-painted="true"][data-x-label-boxes]').first().waitFor({ timeout: HOOK_TIMEOUT_MS * 2 });
  // Let the other charts of the first screen paint too.
  await page.waitForTimeout(300);
  return page.locator('figure[data-painted="true"][data-x-label-boxes]').evaluateAll((figs) =>
    figs.map((f) => ({
      key: f.getAttribute('data-chart') ?? '',
      boxes: (f.getAttribute('data-x-label-boxes') ?? '')
        .split(',')
        .filter((s: string) => s !== '')
        .map((s: string) => {
          const m = /^(-?[\d.]+)-(-?[\d.]+)$/.exec(s)!;
          return [Number(m[1]), Number(m[2])] as [number, number];
        }),
    })),
  );
}

/** The collisions of a page's charts, described (empty when none); and how few labels a chart got. */
function collisions(drawn: readonly Drawn[]): string[] {
  const out: string[] = [];
  for (const d of drawn) {
    for (let i = 1; i < d.boxes.length; i++) {
      const [, right] = d.boxes[i - 1]!;
      const [left] = d.boxes[i]!;
      if (left - right < GAP_PX) out.push(`${d.key}: label ${i - 1} ends at ${right}, label ${i} starts at ${left}`);
    }
  }
  return out;
}

describeBrowser('time labels', () => {
  const h = webHarness();

  it(
    'a report page at 1, 2 and 3 graphs per row, clock and elapsed axes, whole and zoomed',
    () =>
      h.run(async () => {
        const report = await h.report('d072_long_tfvnrl.csv');
        const page = await h.newPage({ viewport: { width: 1280, height: 900 } });
        const found: string[] = [];
        // Both axes at three a row, the clock at one and two: whole, a 31 s window, and most of the run.
        const views = [1, 2, 3].flatMap((cols) => (cols === 3 ? ['time', 'elapsed'] : ['time']).map((x) => [cols, x] as const));
        for (const [cols, x] of views) {
          for (const zoom of ['', '&from=100&to=131', '&from=0&to=1500']) {
            await page.goto(`${h.server.url}${report}?cols=${cols}&x=${x}${zoom}`);
            const drawn = await labelBoxes(page);
            expect(drawn.length).toBeGreaterThan(0);
            // A chart keeps at least two labels to read the axis by.
            expect(drawn.every((d) => d.boxes.length >= 2), JSON.stringify(drawn.map((d) => [d.key, d.boxes.length]))).toBe(true);
            found.push(...collisions(drawn).map((c) => `cols=${cols} x=${x}${zoom}: ${c}`));
          }
        }
        expect(found).toEqual([]);
      }),
    BROWSER_TEST_MS * 3,
  );

  it(
    'the compare page at 1, 2 and 3 charts a row',
    () =>
      h.run(async () => {
        const ids = [await h.report('d072_long_tfvnrl.csv'), await h.report('d072_tfvnrl.csv')].map((p) => p.replace(/^\/r\//, ''));
        const found: string[] = [];
        for (const [width, perRow] of [
          [900, 1],
          [1280, 2],
          [1700, 3],
        ] as const) {
          const page = await h.newPage({ viewport: { width, height: 900 } });
          for (const zoom of ['', '&from=10&to=41']) {
            await page.goto(`${h.server.url}/compare?ids=${ids.join(',')}${zoom}`);
            const drawn = await labelBoxes(page);
            // The layout this width was chosen for: so many charts side by side in the first row.
            const tops = await page.locator('.chart-grid > figure').evaluateAll((figs) => figs.slice(0, 4).map((f) => Math.round(f.getBoundingClientRect().top)));
            expect(tops.filter((t) => t === tops[0]).length, `${width} px`).toBe(perRow);
            expect(drawn.every((d) => d.boxes.length >= 2)).toBe(true);
            found.push(...collisions(drawn).map((c) => `${perRow} a row${zoom}: ${c}`));
          }
        }
        expect(found).toEqual([]);
      }),
    BROWSER_TEST_MS * 2,
  );
});
