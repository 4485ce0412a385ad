/**
 * Foundation, in a real browser against the real built server: upload a dstat CSV through the page, land on
 * the permanent report URL, see drawn charts; the URL survives a reload and a server restart. Files that are
 * not dstat logs, files over the limit and unknown report ids get a clear message, never a blank page.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPORT_PATH, waitForInk, type DomWindow, type Ink } from '../helpers/browser.js';
import { fixturePath, readFixture } from '../helpers/fixtures.js';
import { startServer } from '../helpers/server.js';
import { BROWSER_TEST_MS, describeBrowser, webHarness } from './harness.js';

const FIXTURE = 'd072_tfvnrl.csv';

/** Headings of the charts the foundation needs drawn (the contract's "…", or "… total"). */
const MUST_DRAW: readonly RegExp[] = [/^CPU usage( \(?total\)?)?$/, /^Disk I\/O vda$/, /^Network I\/O eth0$/];

/** The smallest valid PNG (1×1), bytes as a browser would upload them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A CSV that another tool wrote (sar -o … | sadf -d): plausible, but not dstat. */
const SAR_CSV =
  '# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle\n' +
  'vm;1;2026-11-29 20:45:49 UTC;-1;37.05;0.00;10.00;2.99;0.00;49.83\n' +
  'vm;1;2026-11-29 20:45:50 UTC;-1;48.58;0.00;8.12;1.87;0.00;40.58\n';

describeBrowser('upload and report page (foundation)', () => {
  const h = webHarness();

  async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = 'text/csv'): Promise<void> {
    await page.getByLabel('dstat CSV file').setInputFiles({ name, mimeType, buffer });
  }

  /** The alert region's text once it says something (the region itself is there from the start). */
  async function alertText(page: Page): Promise<string> {
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.first().waitFor({ state: 'visible', timeout: 10_000 });
    return (await alert.allInnerTexts()).join('\n');
  }

  /** Every chart of MUST_DRAW shows data (coloured pixels) on its canvas. */
  async function expectChartsDrawn(page: Page): Promise<void> {
    await page.locator('figure.chart-panel').first().waitFor({ timeout: 15_000 });
    const inks: Record<string, Ink> = {};
    for (const heading of MUST_DRAW) {
      const chart = page.locator('figure.chart-panel').filter({ has: page.locator('h3', { hasText: heading }) });
      expect(await chart.count(), `one chart titled ${heading}`).toBe(1);
      inks[heading.source] = await waitForInk(chart, 15_000);
    }
    for (const [heading, ink] of Object.entries(inks)) {
      expect(ink.coloured, `${heading}: data pixels on the canvas`).toBeGreaterThan(200);
    }
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 5000 })
      .toMatch(/\bvm\b/);
  }

  it(
    'uploads a dstat CSV through the page, shows drawn charts, and the URL survives a reload and a server restart',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        // Note every progress bar that appears, however briefly (a local upload of 30 KB is quick).
        await page.addInitScript(() => {
          const w = globalThis as unknown as DomWindow;
          new w.MutationObserver(() => {
            if (w.document.querySelector('progress, [role="progressbar"]')) w.__sawProgress = true;
          }).observe(w.document, { childList: true, subtree: true });
        });
        await page.goto(`${h.server.url}/`);
        await chooseFile(page, FIXTURE, readFileSync(fixturePath(FIXTURE)));
        const upload = page.getByRole('button', { name: 'Upload', exact: true });
        await upload.waitFor({ state: 'visible' });
        expect(await upload.isEnabled(), 'Upload is enabled once a file is chosen').toBe(true);
        await upload.click();
        await page.waitForURL(REPORT_PATH, { timeout: 15_000 });
        const sawProgress = await page.evaluate(() => (globalThis as unknown as DomWindow).__sawProgress === true);
        expect(sawProgress, 'a progress bar showed while uploading').toBe(true);
        const reportUrl = page.url();
        expect(new URL(reportUrl).pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{22}$/);
        await expectChartsDrawn(page);

        await page.reload();
        expect(page.url()).toBe(reportUrl);
        await expectChartsDrawn(page);

        await h.server.restart();
        const fresh = await h.newPage();
        const res = await fresh.goto(reportUrl);
        expect(res?.status(), 'the report page after a restart').toBe(200);
        await expectChartsDrawn(fresh);
      }),
    BROWSER_TEST_MS + 15_000,
  );

  it(
    'shows a progress bar while the upload is on its way',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        // Hold the POST for a moment so the progress is on screen long enough to look at.
        await page.route('**/api/reports', async (route) => {
          if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1500));
          await route.continue();
        });
        await page.goto(`${h.server.url}/`);
        await chooseFile(page, FIXTURE, readFileSync(fixturePath(FIXTURE)));
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        const bar = page.getByRole('progressbar');
        await bar.first().waitFor({ state: 'visible', timeout: 5000 });
        await page.waitForURL(REPORT_PATH, { timeout: 15_000 });
      }),
    BROWSER_TEST_MS,
  );

  it(
    'says what is wrong with a PNG (where, and that it is not text) and stays on the upload page',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(`${h.server.url}/`);
        await chooseFile(page, 'chart.png', PNG, 'image/png');
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        const text = await alertText(page);
        // The server names the first NUL byte's line ("line 3: not a text file: NUL byte at byte 9 …").
        expect(text).toMatch(/line \d+\b/);
        expect(text).toMatch(/not a text file|binary|image|PNG/i);
        expect(text).toContain('chart.png');
        expect(new URL(page.url()).pathname).toBe('/');
      }),
    BROWSER_TEST_MS,
  );

  it(
    "says what is wrong with another tool's CSV (line 1 …) and stays on the upload page",
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(`${h.server.url}/`);
        await chooseFile(page, 'sar.csv', Buffer.from(SAR_CSV));
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        const text = await alertText(page);
        expect(text).toMatch(/line 1\b/);
        expect(text).toContain('sar.csv');
        expect(new URL(page.url()).pathname).toBe('/');
      }),
    BROWSER_TEST_MS,
  );

  it(
    'draws a log whose preamble was cut off, with the host "unknown" and the dialect report saying why',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(`${h.server.url}/`);
        // d072_tfvnrl.csv from its group-name row on (as `tail -n +6` leaves it): no title, Host:, Cmdline:, Date:
        const cut = readFixture(FIXTURE).split('\n').slice(5).join('\n');
        expect(cut.startsWith('"system","procs"')).toBe(true);
        await chooseFile(page, 'table-only.csv', Buffer.from(cut));
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(REPORT_PATH, { timeout: 15_000 });
        await page.locator('figure.chart-panel').first().waitFor({ timeout: 15_000 });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 5000 }).toBe('unknown');
        const host = page.locator('.report-head .facts div').filter({ has: page.locator('dt', { hasText: /^Host$/ }) });
        expect(await host.locator('dd').innerText()).toBe('unknown');
        expect(await page.locator('details.dialect').textContent()).toContain('no preamble: host, producer and time zone unknown');
      }),
    BROWSER_TEST_MS,
  );

  it(
    'refuses a file over MAX_UPLOAD_BYTES with a message about its size (before and after sending it)',
    async () => {
      const small = await startServer({ env: { MAX_UPLOAD_BYTES: '20000' } });
      try {
        await h.run(async () => {
          const big = readFileSync(fixturePath(FIXTURE)); // 30 733 bytes
          expect(big.length).toBeGreaterThan(20_000);

          // The page knows the limit from /api/config and says so before sending a byte.
          const page = await h.newPage();
          await page.goto(`${small.url}/`);
          await page.getByText(/19\.5 KiB/).first().waitFor({ timeout: 5000 });
          await chooseFile(page, FIXTURE, big);
          const text = await alertText(page);
          expect(text).toMatch(/too large|larger than|limit/i);
          expect(text).toMatch(/19\.5 KiB|20,?000 bytes/);
          expect(new URL(page.url()).pathname).toBe('/');

          // A page that believes in a larger limit (an older tab, a changed config): the server's 413 is worded too.
          const stale = await h.newPage();
          await stale.route('**/api/config', (route) =>
            route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ maxUploadBytes: 4 << 20 }) }),
          );
          await stale.goto(`${small.url}/`);
          await chooseFile(stale, FIXTURE, big);
          await stale.getByRole('button', { name: 'Upload', exact: true }).click();
          const refused = await alertText(stale);
          expect(refused).toMatch(/too large|larger than|limit/i);
          expect(new URL(stale.url()).pathname).toBe('/');
        });
      } catch (err) {
        if (err instanceof Error) err.message += `\n--- small-limit server output ---\n${small.output().slice(-2000)}`;
        throw err;
      } finally {
        await small.stop();
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'says "not found" for an unknown or malformed report id (not a blank page)',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        for (const path of ['/r/AAAAAAAAAAAAAAAAAAAAAA', '/r/not-an-id', '/r/AAAAAAAAAAAAAAAAAAAAAA?from=1&to=2']) {
          const res = await page.goto(`${h.server.url}${path}`);
          expect(res?.status(), path).toBe(404);
          const alert = page.getByRole('alert').filter({ hasText: /not found/i });
          await alert.first().waitFor({ state: 'visible', timeout: 10_000 });
          expect(await page.locator('figure.chart-panel').count()).toBe(0);
        }
      }),
    BROWSER_TEST_MS,
  );

  it(
    'shows untrusted text from the file (host, file name, column group) as text, never as markup',
    () =>
      h.run(async () => {
        const host = '<img src=x onerror="window.__pwned=1">';
        const group = '<img src=y onerror="window.__pwned=3">';
        const fileName = '<img src=z onerror=window.__pwned=2>.csv';
        const csv = withUntrustedText(readFixture(FIXTURE), host, group);
        const page = await h.newPage();
        await page.goto(`${h.server.url}/`);
        await chooseFile(page, fileName, Buffer.from(csv));
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page.waitForURL(REPORT_PATH, { timeout: 15_000 });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toContain(host);
        await expect.poll(() => page.locator('body').innerText(), { timeout: 5000 }).toContain(fileName);
        // The plugin group becomes a generic chart titled with its name: scroll it into view so it is drawn.
        const chart = page.locator('figure.chart-panel').filter({ has: page.locator('h3', { hasText: group }) });
        await chart.first().scrollIntoViewIfNeeded({ timeout: 10_000 });
        await page.waitForTimeout(300);
        expect(await page.locator('img[src="x"], img[src="y"], img[src="z"]').count()).toBe(0);
        expect(await page.evaluate(() => (globalThis as unknown as DomWindow).__pwned)).toBeUndefined();
        expect(await page.title()).toContain(host);
      }),
    BROWSER_TEST_MS,
  );
});

/**
 * The fixture with `Host:` set to `host` (CSV-quoted) and one more column in a plugin group named `group`,
 * with a value in every data row.
 */
function withUntrustedText(csv: string, host: string, group: string): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = csv.split('\n');
  const groupsAt = lines.findIndex((l) => l.startsWith('"system","procs"'));
  if (groupsAt < 0) throw new Error('fixture layout changed: no group header row');
  return lines
    .map((line, i) => {
      if (line.startsWith('"Host:"')) return line.replace('"Host:","vm"', `"Host:",${q(host)}`);
      if (i === groupsAt) return `${line},${q(group)}`;
      if (i === groupsAt + 1) return `${line},"x"`;
      if (i > groupsAt + 1 && line !== '') return `${line},${(i % 7) + 1}`;
      return line;
    })
    .join('\n');
}
