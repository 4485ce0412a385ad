/**
 * Keyboard and zoom (what axe-core cannot see): no focused control under the sticky toolbar, the
 * Options panel within reach at 200 % zoom with Escape and a focus trap, zoom announced in a polite live
 * region, and per-chart buttons named after their chart.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForPainted, chartByTitle, type DomElement, type DomRect } from '../helpers/browser.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const MULTI_DISK = 'd072_tfvnrl.csv';

interface Focused {
  tag: string;
  text: string;
  rect: DomRect | null;
  inToolbar: boolean;
  toolbar: DomRect;
  viewportHeight: number;
}

/** The focused element, its box, and the toolbar's. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { activeElement: (DomElement & { closest(s: string): DomElement | null; outerHTML: string }) | null; querySelector(s: string): DomElement } }).document;
    const el = d.activeElement;
    const toolbar = d.querySelector('.toolbar').getBoundingClientRect();
    const viewportHeight = (globalThis as unknown as { innerHeight: number }).innerHeight;
    if (!el || el.tagName === 'BODY') return { tag: 'BODY', text: '', rect: null, inToolbar: false, toolbar, viewportHeight };
    return {
      tag: el.tagName,
      text: (el.textContent ?? '').trim().slice(0, 40) || el.outerHTML.slice(0, 80),
      rect: el.getBoundingClientRect(),
      inToolbar: el.closest('.toolbar') !== null,
      toolbar,
      viewportHeight,
    };
  });
}

describeBrowser('keyboard and zoom', () => {
  const h = webHarness();

  it(
    'never leaves a control focused with Shift+Tab under the sticky toolbar (1280×900)',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        await page.keyboard.press('End');
        // Focus the last control of the page, then walk backwards through every one.
        await page.locator('figure.chart-panel').last().locator('button, [tabindex="0"]').last().focus();
        const hidden: string[] = [];
        let checked = 0;
        for (let i = 0; i < 150; i++) {
          await page.keyboard.press('Shift+Tab');
          const f = await focused(page);
          if (f.tag === 'BODY' || !f.rect) break;
          if (f.rect.top < 0 && f.rect.bottom < 0) continue; // the site bar at the very top: scrolled to, not under the toolbar
          const beside = f.rect.right <= f.toolbar.left || f.rect.left >= f.toolbar.right; // the sidebar
          if (f.inToolbar || beside) continue;
          checked++;
          const under = f.toolbar.bottom > 0 && f.rect.top < f.toolbar.bottom - 0.5 && f.rect.bottom > f.toolbar.top;
          const below = f.rect.bottom > f.viewportHeight + 0.5;
          if (under || below) hidden.push(`${f.tag} "${f.text}" at ${Math.round(f.rect.top)}–${Math.round(f.rect.bottom)} (toolbar ends at ${Math.round(f.toolbar.bottom)})`);
        }
        expect(checked, 'controls walked through').toBeGreaterThan(30);
        expect(hidden).toEqual([]);
      }),
    BROWSER_TEST_MS * 2,
  );

  it(
    'keeps every option in reach at 200 % zoom (640×450), traps the focus while open, and closes on Escape',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport: { width: 640, height: 450 } });
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const menu = page.locator('details.options-menu');
        const summary = menu.locator('summary');
        await summary.scrollIntoViewIfNeeded();
        await summary.click();
        const panel = menu.locator('.options-panel');
        await panel.waitFor({ state: 'visible' });
        const box = (await panel.boundingBox())!;
        expect(box.y + box.height, 'the panel ends within the viewport').toBeLessThanOrEqual(450 + 0.5);
        for (const name of ['Offset (s)', 'Duration (s, 0 = to the end)']) {
          const field = panel.getByLabel(name, { exact: true });
          await field.scrollIntoViewIfNeeded();
          const r = (await field.boundingBox())!;
          expect(r.y >= 0 && r.y + r.height <= 450, `${name} reachable`).toBe(true);
        }
        const reset = panel.getByRole('button', { name: 'Reset options' });
        await reset.scrollIntoViewIfNeeded();
        const rr = (await reset.boundingBox())!;
        expect(rr.y + rr.height, 'Reset options reachable').toBeLessThanOrEqual(450);
        await reset.click(); // reachable by the pointer too (trial would throw if covered)

        // The focus stays inside while open, forwards and backwards.
        await summary.focus();
        const inside = (): Promise<boolean> => menu.evaluate((el: DomElement & { contains(n: unknown): boolean }) => el.contains((globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement));
        for (let i = 0; i < 25; i++) {
          await page.keyboard.press('Tab');
          expect(await inside(), `Tab ${i + 1} stays in the Options panel`).toBe(true);
        }
        for (let i = 0; i < 25; i++) {
          await page.keyboard.press('Shift+Tab');
          expect(await inside(), `Shift+Tab ${i + 1} stays in the Options panel`).toBe(true);
        }
        await panel.getByLabel('Graph height (px)').focus();
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('open'), 'Escape closes the panel').toBeNull();
        expect(await summary.evaluate((el: DomElement) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement), 'focus back on Options').toBe(true);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'announces zoom and pan in a polite live region on the "Showing:" line',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const label = page.locator('[data-window-label]');
        expect(await label.getAttribute('aria-live')).toBe('polite');
        const before = await label.innerText();
        expect(before).toMatch(/^Showing:/);
        await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
        await expect.poll(() => label.innerText(), { timeout: HOOK_TIMEOUT_MS }).not.toBe(before);
        const zoomed = await label.innerText();
        await page.getByRole('button', { name: 'Pan left', exact: true }).click();
        await expect.poll(() => label.innerText(), { timeout: HOOK_TIMEOUT_MS }).not.toBe(zoomed);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'names each chart button after its chart',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const vda = chartByTitle(page, 'Disk I/O vda');
        await waitForPainted(vda, HOOK_TIMEOUT_MS);
        expect(await page.getByRole('button', { name: 'Download PNG of Disk I/O vda', exact: true }).count()).toBe(1);
        expect(await vda.getByRole('button', { name: 'Download PNG of Disk I/O vda', exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'read in Disk I/O vda', exact: true }).count()).toBe(1);
        expect(await page.getByRole('button', { name: 'user in CPU usage cpu0', exact: true }).count()).toBe(1);
        // No two chart buttons share a name.
        const names = await page
          .locator('figure.chart-panel button')
          .evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
        expect(names.length).toBeGreaterThan(20);
        expect(new Set(names).size).toBe(names.length);
      }),
    BROWSER_TEST_MS,
  );
});
