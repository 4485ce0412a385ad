/**
 * The offline report (GET /api/reports/:id/export.html) opened from file:// in Chromium with every request
 * that is not file: aborted: its first screen painted from the images inside it, every chart drawn, no request
 * attempted, untrusted text inert, and the viewer's controls (options, theme, language, zoom) at work.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { blockNetwork, dragAcross, waitForInk, waitForPainted, waitForXRangeChange, xRange, type DomWindow } from '../helpers/browser.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readFixture } from '../helpers/fixtures.js';
import { uploadCsv } from '../helpers/server.js';
import { readZip } from '../helpers/zip.js';
import { BROWSER_TEST_MS, describeBrowser, webHarness } from './harness.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Save the export of a freshly uploaded CSV as a file; its file:// URL. */
async function exportToFile(serverUrl: string, csv: string, fileName: string, query = ''): Promise<string> {
  const { id } = await uploadCsv({ url: serverUrl }, csv, fileName);
  const res = await fetch(`${serverUrl}/api/reports/${id}/export.html${query}`);
  if (res.status !== 200) throw new Error(`export.html → ${res.status}: ${await res.text()}`);
  const dir = await mkdtemp(join(tmpdir(), 'dstatview-offline-'));
  dirs.push(dir);
  const path = join(dir, 'report.html');
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return pathToFileURL(path).href;
}

describeBrowser('offline report from file://', () => {
  const h = webHarness();

  it(
    'draws every chart with no request, and shows the options it was exported with',
    () =>
      h.run(async () => {
        const url = await exportToFile(h.server.url, readFixture('d072_tfvnrl.csv'), 'd072.csv', '?height=260&cols=2');
        const page = await h.newPage();
        const { attempted, csp } = await blockNetwork(page);
        await page.goto(url);
        const figures = page.locator('figure.chart-panel');
        await figures.first().waitFor({ timeout: 15_000 });
        const count = await figures.count();
        expect(count).toBeGreaterThan(5);
        for (let i = 0; i < count; i++) await waitForPainted(figures.nth(i));
        await waitForInk(page.locator('figure.chart-panel[data-chart="cpu:total"]'));
        expect(await page.locator('[data-cols="2"]').count()).toBe(1);
        const box = await page.locator('figure.chart-panel[data-chart="cpu:total"] canvas').first().boundingBox();
        expect(Math.round(box!.height)).toBeGreaterThanOrEqual(250);
        expect(attempted).toEqual([]);
        expect(csp).toEqual([]);
        // No Download menu in a file that has no server to download from.
        expect(await page.getByText('Download', { exact: true }).count()).toBe(0);
      }),
    BROWSER_TEST_MS * 2,
  );

  it(
    'paints its first screen from the images inside it (either theme), with no request, then the interactive charts',
    () =>
      h.run(async () => {
        const url = await exportToFile(h.server.url, readFixture('d072_tfvnrl.csv'), 'd072.csv');
        for (const colorScheme of ['light', 'dark'] as const) {
          const page = await h.newPage({ colorScheme });
          // What the first screen shows at the moment it is marked painted (before the app can replace it).
          await page.addInitScript(`{
            const mark = performance.mark.bind(performance);
            performance.mark = (name, options) => {
              if (name === 'dv:first-screen') {
                globalThis.__shown = Array.from(document.querySelectorAll('#first-screen img'), (img) => ({
                  src: img.currentSrc,
                  light: img.getAttribute('src'),
                  // One source per theme, at 1x: "URL 1x".
                  dark: img.parentElement?.querySelector('source')?.getAttribute('srcset')?.replace(/ 1x$/, '') ?? null,
                  width: img.naturalWidth,
                }));
                globalThis.__appStarted = document.querySelector('figure.chart-panel') !== null;
              }
              return mark(name, options);
            };
          }`);
          const { attempted, csp } = await blockNetwork(page);
          await page.goto(url);
          await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
          const detail = await page.evaluate("performance.getEntriesByName('dv:first-screen', 'mark')[0].detail");
          expect(detail).toEqual({ source: 'images' });
          const shown = (await page.evaluate(() => (globalThis as unknown as { __shown: unknown }).__shown)) as {
            src: string;
            light: string;
            dark: string | null;
            width: number;
          }[];
          expect(shown.length, colorScheme).toBeGreaterThanOrEqual(4);
          for (const img of shown) {
            // (Compared as booleans: a failure would print two data: URLs of 10 KB each.)
            expect(img.src === (colorScheme === 'dark' ? img.dark : img.light), colorScheme).toBe(true);
            expect(img.src).toMatch(/^data:image\/webp;base64,/);
            expect(img.light).not.toBe(img.dark);
            expect(img.width).toBe(640);
          }
          expect(await page.evaluate(() => (globalThis as unknown as { __appStarted: boolean }).__appStarted)).toBe(false);
          // Then the app's own charts, and the images are gone.
          await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
          await waitForPainted(page.locator('figure.chart-panel[data-chart="cpu:total"]'));
          expect(attempted).toEqual([]);
          expect(csp).toEqual([]);
        }
      }),
    BROWSER_TEST_MS * 2,
  );

  it(
    'zooms, switches to the dark theme and to Japanese, offline',
    () =>
      h.run(async () => {
        const url = await exportToFile(h.server.url, readFixture('d072_tfvnrl.csv'), 'd072.csv');
        const page = await h.newPage();
        const { attempted } = await blockNetwork(page);
        await page.goto(url);
        const cpu = page.locator('figure.chart-panel[data-chart="cpu:total"]');
        await waitForPainted(cpu);
        const before = await xRange(cpu);
        await dragAcross(page, cpu, 0.3, 0.6);
        const after = await waitForXRangeChange(cpu, before);
        expect(after.max - after.min).toBeLessThan((before.max - before.min) * 0.5);
        await page.getByRole('combobox', { name: /theme|テーマ/i }).selectOption('dark');
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await page.getByRole('combobox', { name: 'Language / 言語' }).selectOption('ja');
        expect(await page.locator('html').getAttribute('lang')).toBe('ja');
        await page.getByRole('button', { name: 'ズームをリセット' }).click();
        expect(attempted).toEqual([]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'keeps untrusted text (host, command line, file name) inert, even text that closes a script element',
    () =>
      h.run(async () => {
        const host = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
        const cmdline = 'dstat <!--<script>window.__pwned=3</script>--> \u2028 --output x.csv';
        // No '/' (the server keeps the base name): the host and the command line carry '</script>'.
        const fileName = '<!--<script><img src=z onerror=window.__pwned=4>.csv';
        const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
        const csv = readFixture('d072_tfvnrl.csv')
          .replace('"Host:","vm"', `"Host:",${q(host)}`)
          .replace(/"Cmdline:","[^"]*"/, `"Cmdline:",${q(cmdline)}`);
        const url = await exportToFile(h.server.url, csv, fileName);
        const page = await h.newPage();
        const { attempted } = await blockNetwork(page);
        await page.goto(url);
        await waitForPainted(page.locator('figure.chart-panel').first());
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe(host);
        await expect.poll(() => page.locator('body').innerText()).toContain(fileName);
        expect(await page.locator('.cmdline code').innerText()).toContain('<!--<script>window.__pwned=3</script>-->');
        expect(await page.locator('img[src="x"], img[src="z"]').count()).toBe(0);
        // The data, the loader and the app's code it unpacked (the packed copy is gone): no script from the CSV.
        const scripts = await page.locator('body script').evaluateAll((els) => els.map((e) => e.id || e.getAttribute('type')));
        // (The first one, without id or type, is the first-screen watcher after its images.)
        expect(scripts).toEqual([null, 'dv-embedded-report', 'module', 'module']);
        expect(await page.evaluate(() => (globalThis as unknown as DomWindow).__pwned)).toBeUndefined();
        expect(attempted).toEqual([]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'has no dead link: a lone export.html says it does not carry the CSV and links the live report; no upload, no compare',
    () =>
      h.run(async () => {
        const { id } = await uploadCsv({ url: h.server.url }, readFixture('d072_tfvnrl.csv'), 'd072.csv');
        const res = await fetch(`${h.server.url}/api/reports/${id}/export.html?height=260`);
        const dir = await mkdtemp(join(tmpdir(), 'dstatview-offline-'));
        dirs.push(dir);
        await writeFile(join(dir, 'report.html'), Buffer.from(await res.arrayBuffer()));
        const page = await h.newPage();
        const { attempted } = await blockNetwork(page);
        await page.goto(pathToFileURL(join(dir, 'report.html')).href);
        await waitForPainted(page.locator('figure.chart-panel').first());
        const head = page.locator('.head-actions');
        await expect.poll(() => head.innerText()).toContain('This offline file does not carry the CSV.');
        expect(await page.getByRole('link', { name: 'Download the CSV' }).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Upload another file' }).count()).toBe(0);
        expect(await page.getByText('Compare with…').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Open the live report' }).getAttribute('href')).toBe(`${h.server.url}/r/${id}?height=260`);
        expect(attempted).toEqual([]);
      }),
    BROWSER_TEST_MS,
  );

  it(
    "the ZIP's index.html links the CSV beside it, and the live report; nothing that needs a server",
    () =>
      h.run(async () => {
        const { id } = await uploadCsv({ url: h.server.url }, readFixture('d072_tfvnrl.csv'), 'd072 log.csv');
        const res = await fetch(`${h.server.url}/api/reports/${id}/export.zip`);
        const entries = await readZip(Buffer.from(await res.arrayBuffer()));
        const dir = await mkdtemp(join(tmpdir(), 'dstatview-offline-zip-'));
        dirs.push(dir);
        for (const [name, data] of entries) await writeFile(join(dir, name), data);
        expect(entries.has('d072_log.csv')).toBe(true); // the upload's name made a safe entry name
        const page = await h.newPage();
        const { attempted } = await blockNetwork(page);
        await page.goto(pathToFileURL(join(dir, 'index.html')).href);
        await waitForPainted(page.locator('figure.chart-panel').first());
        const csv = page.getByRole('link', { name: 'Download the CSV' });
        const href = await csv.evaluate((a) => (a as unknown as { href: string }).href);
        expect(href).toBe(pathToFileURL(join(dir, 'd072_log.csv')).href);
        expect(existsSync(fileURLToPath(href))).toBe(true);
        expect(await page.getByRole('link', { name: 'Upload another file' }).count()).toBe(0);
        expect(await page.getByText('Compare with…').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Open the live report' }).getAttribute('href')).toBe(`${h.server.url}/r/${id}`);
        expect(attempted).toEqual([]);
      }),
    BROWSER_TEST_MS,
  );
});
