/**
 * Every axis reads right and a PNG is ready for a slide, through docs/ui-contract.md's hooks:
 * byte ticks at binary steps, the memory axis at the machine's memory, ≥ 4 time ticks on narrow charts and
 * short windows, the PNG download's size and texts.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { chartByKey, holdApp, waitForPainted } from '../helpers/browser.js';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { BROWSER_TEST_MS, describeBrowser, fetchReport, webHarness } from './harness.js';
import { firstScreenSources } from '../helpers/first-screen-html.js';

const CPUS_192 = 'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv';
const DOOL = 'dool134_tfvnrl.csv';
const MEM_ADV = 'found__realnerdc0re-BSc-e1027075__logs_dstat.csv';

async function numbers(chart: Locator, attr: string): Promise<number[]> {
  const text = (await chart.getAttribute(attr)) ?? '';
  return text === '' ? [] : text.split(',').map(Number);
}

describeBrowser('axes and PNG', () => {
  const h = webHarness();

  it(
    'labels byte axes at multiples of a power-of-two step in one IEC unit (never K for 1000)',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await page.goto(h.server.url + (await h.report(CPUS_192)));
        // The network's first chart: its one busy NIC (the total would be the same picture: not drawn).
        const charts = [page.locator('figure.chart-panel[data-chart^="net:"]').first(), chartByKey(page, 'memory')];
        for (const chart of charts) {
          await chart.scrollIntoViewIfNeeded();
          await waitForPainted(chart);
          const ticks = await numbers(chart, 'data-y-ticks');
          expect(ticks.length).toBeGreaterThanOrEqual(2);
          const step = ticks[1]! - ticks[0]!;
          expect(Number.isInteger(Math.log2(step)), `step ${step} is 2^n bytes`).toBe(true);
          for (const t of ticks) expect(Number.isInteger(t / step)).toBe(true);
          const labels = ((await chart.getAttribute('data-y-labels')) ?? '').split('|');
          expect(labels).toHaveLength(ticks.length);
          const units = new Set(labels.filter((l) => l !== '0').map((l) => l.split(' ')[1]));
          expect(units.size).toBe(1);
          expect([...units][0]).toMatch(/^(B|KiB|MiB|GiB|TiB)$/);
        }
      }),
    BROWSER_TEST_MS,
  );

  for (const fixture of [DOOL, MEM_ADV]) {
    it(
      `draws the memory axis up to the machine's memory (${fixture})`,
      () =>
        h.run(async () => {
          const path = await h.report(fixture);
          const report = await fetchReport(h.server.url, path);
          const run = report.runs.at(-1)!;
          const col = (name: string) =>
            run.series.find((s) => s.kind === 'number' && /memory/.test(s.group) && s.column === name)?.values as
              | (number | null)[]
              | undefined;
          const parts = ['used', 'buff', 'cach', 'free'].map(col).filter((v) => v !== undefined);
          let total = 0;
          for (let i = run.firstRowIsSinceBoot ? 1 : 0; i < run.rows; i++) total = Math.max(total, parts.reduce((s, p) => s + (p[i] ?? 0), 0));
          const page = await h.newPage();
          await page.goto(h.server.url + path);
          const memory = chartByKey(page, 'memory');
          await waitForPainted(memory);
          const top = Number(await memory.getAttribute('data-y-max'));
          expect(Math.abs(top - total) / total).toBeLessThan(0.05);
        }),
      BROWSER_TEST_MS,
    );
  }

  for (const query of ['?cols=4', '?cols=4&x=elapsed', '?cols=3&from=10&to=41']) {
    it(
      `shows at least four time ticks, labelled where there is room (${query})`,
      () =>
        h.run(async () => {
          const page = await h.newPage();
          await page.goto(h.server.url + (await h.report('d072_tfvnrl.csv')) + query);
          const chart = chartByKey(page, 'cpu:total');
          await waitForPainted(chart);
          const ticks = await numbers(chart, 'data-x-ticks');
          expect(ticks.length).toBeGreaterThanOrEqual(4);
          const min = Number(await chart.getAttribute('data-x-min'));
          const max = Number(await chart.getAttribute('data-x-max'));
          for (const t of ticks) expect(t >= min && t <= max).toBe(true);
        }),
      BROWSER_TEST_MS,
    );
  }

  it(
    'downloads a PNG at twice the pixels, at least 1200 px wide, with title, host, file, time range and unit',
    () =>
      h.run(async () => {
        const path = await h.report('d072_tfvnrl.csv');
        const page = await h.newPage({ acceptDownloads: true });
        await page.goto(h.server.url + path);
        const chart = chartByKey(page, 'disk:vda');
        await chart.scrollIntoViewIfNeeded();
        await waitForPainted(chart);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          chart.getByRole('button', { name: /Download PNG/ }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('disk_vda.png');
        const png = await readFile((await download.path())!);
        const width = png.readUInt32BE(16);
        const height = png.readUInt32BE(20);
        expect(width).toBeGreaterThanOrEqual(1200);
        expect(width).toBe(1600);
        expect(height).toBeGreaterThan(400);

        // The texts the image was drawn with (docs/ui-contract.md §9).
        const texts = (await page.evaluate(() => (performance.getEntriesByName('dv:png:disk:vda', 'mark')[0] as { detail?: unknown } | undefined)?.detail)) as {
          title: string;
          subtitle: string[];
          unit: string;
        };
        expect(texts.title).toBe('Disk I/O vda');
        const sub = texts.subtitle.join('\n');
        expect(sub).toContain('d072_tfvnrl.csv');
        expect(sub).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} – \d{2}:\d{2}:\d{2}/);
        const report = await fetchReport(h.server.url, path);
        expect(sub).toContain(report.runs.at(-1)!.meta.host);
        expect(texts.unit).toBe('bytes per second');

        // And they are drawn: ink in the title band above the plot, in the PNG itself.
        const img = await loadImage(png);
        const canvas = createCanvas(img.width, img.height);
        const g = canvas.getContext('2d');
        g.drawImage(img, 0, 0);
        const band = g.getImageData(0, 0, img.width, 100).data;
        let ink = 0;
        for (let i = 0; i < band.length; i += 4) if (band[i]! < 200 || band[i + 1]! < 200 || band[i + 2]! < 200) ink++;
        expect(ink).toBeGreaterThan(500);
      }),
    BROWSER_TEST_MS,
  );
});

describeBrowser('first screen as server-drawn images (docs/ui-contract.md §11)', () => {
  const h = webHarness();

  it(
    'serves the first charts as images in the page and replaces them with the interactive charts',
    () =>
      h.run(async () => {
        const path = await h.report('d072_tfvnrl.csv');
        let html = '';
        for (let i = 0; i < 300 && !html.includes('data-first-screen'); i++) {
          html = await (await fetch(h.server.url + path)).text();
          if (!html.includes('data-first-screen')) await new Promise((r) => setTimeout(r, 200));
        }
        const keys = [...html.matchAll(/<figure data-first-screen="([^"]+)"/g)].map((m) => m[1]!);
        expect(keys.length).toBeGreaterThanOrEqual(4);

        const page = await h.newPage();
        await page.goto(h.server.url + path);
        // The app's charts take over: the images go, the same charts are canvases, painted.
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        for (const key of keys.slice(0, 2)) {
          const chart = chartByKey(page, key);
          await waitForPainted(chart);
          expect(await chart.locator('canvas').count()).toBe(1);
        }
        const marks = await page.evaluate(() =>
          ['dv:first-screen', 'dv:first-screen-live'].map((n) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? NaN),
        );
        expect(marks[0]).toBeLessThanOrEqual(marks[1]!);
      }),
    BROWSER_TEST_MS,
  );

  /** The report's page once its first-screen images are drawn (≤ 60 s), and its HTML. */
  async function pageWithImages(fixture: string): Promise<{ path: string; html: string }> {
    const path = await h.report(fixture);
    let html = '';
    for (let i = 0; i < 300 && !html.includes('data-first-screen'); i++) {
      html = await (await fetch(h.server.url + path)).text();
      if (!html.includes('data-first-screen')) await new Promise((r) => setTimeout(r, 200));
    }
    expect(html).toContain('data-first-screen');
    return { path, html };
  }

  it(
    'fetches only the image of the theme and pixel ratio it shows',
    () =>
      h.run(async () => {
        const { path } = await pageWithImages('d072_tfvnrl.csv');
        // (the page may carry more charts than the HTML fetched above: every chart's once asked for, §21)
        for (const [options, theme, ratio] of [
          [{ colorScheme: 'light', deviceScaleFactor: 1 }, 'light', '1x'],
          [{ colorScheme: 'dark', deviceScaleFactor: 2 }, 'dark', '2x'],
        ] as const) {
          const page = await h.newPage(options);
          const asked: string[] = [];
          // The images asked for (the first screen's other file, its early charts' data `.cols`, is no image).
          page.on('request', (r) => {
            if (r.url().includes('/first-screen/') && r.url().endsWith('.png')) asked.push(new URL(r.url()).pathname);
          });
          // The app held back while the images are looked at: its charts would replace them.
          const release = await holdApp(page);
          await page.goto(h.server.url + path);
          await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
          // Each figure loaded shows the image of its theme and ratio (the ones below the first screen load
          // when scrolled near, §21), and no other file was fetched: the light 1× ones of the first screen
          // are inside the HTML (no request at all).
          const markup = await page.locator('#first-screen').evaluate((el) => el.outerHTML);
          const expected = firstScreenSources(markup).map((f) => f[theme][ratio]!);
          const shown = await page
            .locator('#first-screen img')
            .evaluateAll((imgs) => imgs.map((img) => (img as unknown as { currentSrc: string }).currentSrc));
          expect(expected).toHaveLength(shown.length);
          const pathOf = (src: string): string => (src.startsWith('data:') ? src : new URL(src).pathname);
          const loaded = shown.map((src, i) => [src ? pathOf(src) : '', expected[i]!] as const).filter(([src]) => src !== '');
          expect(loaded.length).toBeGreaterThanOrEqual(4);
          for (const [src, want] of loaded) expect(src).toBe(want);
          const files = loaded.map(([src]) => src).filter((src) => !src.startsWith('data:'));
          expect(new Set(asked)).toEqual(new Set(files));
          if (theme === 'light') expect(loaded.slice(0, 4).every(([src]) => src.startsWith('data:image/png;base64,'))).toBe(true);
          else expect(files.length).toBe(loaded.length);
          release();
          await page.context().close();
        }
      }),
    BROWSER_TEST_MS,
  );

  it(
    'shows the app instead of broken images when the server no longer has them',
    () =>
      h.run(async () => {
        const { path } = await pageWithImages('d072_tfvnrl.csv');
        // A 2× screen: its images are all files (only the light 1× ones of the first screen are in the HTML).
        const page = await h.newPage({ deviceScaleFactor: 2 });
        // As a server whose cache let them go: 404 (JSON), as routes/first-screen.ts answers.
        await page.route('**/first-screen/*.png', (route) =>
          route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND","message":"gone"}' }),
        );
        await page.goto(h.server.url + path);
        await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
        await waitForPainted(page.locator('figure.chart-panel').first());
        await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0);
        // No first screen from images that never painted: the mark is the app's charts'.
        const detail = await page.evaluate(
          () => (performance.getEntriesByName('dv:first-screen', 'mark')[0] as { detail?: { source?: string } | null } | undefined)?.detail ?? null,
        );
        expect(detail?.source).not.toBe('images');
      }),
    BROWSER_TEST_MS,
  );

  it(
    "draws free memory stacked on used, buffers and cached up to the machine's memory; hiding free fits the axis to the rest",
    () =>
      h.run(async () => {
        const path = await h.report('d072_tfvnrl.csv');
        const report = await fetchReport(h.server.url, path);
        const run = report.runs.at(-1)!;
        const col = (name: string) => run.series.find((s) => s.group === 'memory usage' && s.column === name)!.values as (number | null)[];
        const [used, buff, cach, free] = ['used', 'buff', 'cach', 'free'].map(col);
        let total = 0;
        let inUse = 0;
        for (let i = run.firstRowIsSinceBoot ? 1 : 0; i < run.rows; i++) {
          const u = (used![i] ?? 0) + (buff![i] ?? 0) + (cach![i] ?? 0);
          inUse = Math.max(inUse, u);
          total = Math.max(total, u + (free![i] ?? 0));
        }
        expect(inUse).toBeLessThan(total / 4); // under 4 GiB in use on a 23 GiB host
        const page = await h.newPage();
        await page.goto(h.server.url + path);
        const memory = chartByKey(page, 'memory');
        await waitForPainted(memory);
        expect(Math.abs(Number(await memory.getAttribute('data-y-max')) - total) / total).toBeLessThan(0.05);
        // free is drawn — a band of the stack, with its legend toggle — not only listed in the table.
        const toggle = memory.getByRole('button', { name: 'free in Memory usage', exact: true });
        expect(await toggle.getAttribute('aria-pressed')).toBe('true');
        await toggle.click();
        await expect.poll(async () => Number(await memory.getAttribute('data-y-max'))).toBeLessThan(total / 2);
        expect(Number(await memory.getAttribute('data-y-max'))).toBeGreaterThanOrEqual(inUse);
      }),
    BROWSER_TEST_MS,
  );
});
