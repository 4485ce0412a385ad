/**
 * The Findings block in Chromium (docs/ui-contract.md §24) on scenario logs recorded with known load
 * (test/fixtures/scenarios/): found most severe first, choosing one zooms every chart to it with from/to and
 * finding= in the URL and a shaded band on the charts it names (read from the canvas' pixels); a link with
 * finding= opens there; a calm log says nothing was found and what was checked; the offline export shows the
 * block and its choice works there too; the compare page says what is gone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { blockNetwork, chartByKey, waitForPainted, xRange, type DomCanvas, type DomElement } from '../helpers/browser.js';
import { readFixture } from '../helpers/fixtures.js';
import { uploadCsv } from '../helpers/server.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

/** Two CPUs, 8 runnable threads from ~9 s to ~49 s: cpu-saturated (critical), cpu-busy, steady-state. */
const SATURATED = 'scenarios/runqueue.csv';
/** Two idle CPUs: no warning or critical. */
const CALM = 'scenarios/calm.csv';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * Amber pixels (the shaded band's light-theme tint) in the plot's columns at fractions `at` of the x range,
 * each as a share of the plot's height: the band's columns are tinted wherever no series covers them.
 */
async function amberShare(chart: Locator, at: readonly number[]): Promise<number[]> {
  return chart.locator('canvas').first().evaluate((node: DomCanvas, fractions: readonly number[]) => {
    const canvas = node;
    const g = canvas.getContext('2d')!;
    const ratio = canvas.width / Number.parseFloat((canvas as unknown as { style: { width: string } }).style.width);
    // The plot: the y axis' 64 px on the left, 10 px of padding on the right (shared/chart/line-config.ts).
    const left = 64 * ratio;
    const right = canvas.width - 10 * ratio;
    const top = 8 * ratio;
    const bottom = canvas.height - 24 * ratio;
    return fractions.map((f) => {
      const x = Math.round(left + (right - left) * f);
      const data = g.getImageData(x, Math.round(top), 1, Math.round(bottom - top)).data;
      let amber = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, gg, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r > 200 && r - b > 25 && gg > b) amber++;
      }
      return amber / (data.length / 4);
    });
  }, at);
}

/** Where a time falls in a chart's drawn x range, 0–1. */
async function fractionOf(chart: Locator, t: number): Promise<number> {
  const { min, max } = await xRange(chart);
  return (t - min) / (max - min);
}

/** The first shaded window of a chart (`data-shaded`), ms. */
async function shaded(chart: Locator): Promise<{ t0: number; t1: number } | null> {
  const text = await chart.evaluate((el: DomElement) => el.getAttribute('data-shaded'));
  if (!text) return null;
  const [t0, t1] = text.split(',')[0]!.split('-').map(Number);
  return { t0: t0!, t1: t1! };
}

async function expectBand(chart: Locator): Promise<void> {
  await waitForPainted(chart, HOOK_TIMEOUT_MS);
  await expect.poll(() => shaded(chart), { timeout: HOOK_TIMEOUT_MS }).not.toBeNull();
  const band = (await shaded(chart))!;
  const inside = await fractionOf(chart, (band.t0 + band.t1) / 2);
  const before = await fractionOf(chart, band.t0);
  // The margin before the band is a fifth of the window: its middle is well outside the band.
  const [tinted, clear] = await amberShare(chart, [inside, before / 2]);
  // (the running processes' band covers much of the column: the tint shows above it)
  expect(tinted, 'the band is shaded').toBeGreaterThan(0.08);
  expect(clear, 'outside the band is not').toBeLessThan(0.02);
}

describeBrowser('Findings', () => {
  const h = webHarness();
  const viewport = { width: 1400, height: 900 };

  async function chooseFirst(page: Page): Promise<string> {
    const first = page.locator('[data-findings] li[data-finding]').first();
    const ref = (await first.getAttribute('data-finding'))!;
    await first.locator('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('finding')).toBe(ref);
    return ref;
  }

  it(
    'lists the findings most severe first above the charts, folded to one line',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport });
        await openReport(page, h.server.url + (await h.report(SATURATED)));
        const block = page.locator('section[data-findings]');
        await block.waitFor();
        expect(await block.getAttribute('data-findings-state')).toBe('found');
        const items = block.locator('li[data-finding]');
        expect(await items.first().getAttribute('data-rule')).toBe('cpu-saturated');
        expect(await items.first().innerText()).toMatch(/run queue [\d.]+ on 2 CPUs/);
        expect(await items.first().locator('[data-finding-window]').innerText()).toMatch(/^\d+–\d+ s \(\d\d:\d\d:\d\d–\d\d:\d\d:\d\d\)$/);
        // Folded it is one line, so the first screen keeps its charts (page-images.test.ts counts them).
        const box = (await block.boundingBox())!;
        expect(box.height).toBeLessThanOrEqual(48);
        expect(await items.count()).toBe(1);
        await block.locator('[data-findings-toggle]').click();
        // Unfolded: every finding, most severe first.
        const severities = await items.evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-severity')));
        expect(severities).toEqual(['critical', 'warning', 'info']);
        const firstChart = (await page.locator('figure.chart-panel').first().boundingBox())!;
        expect(firstChart.y).toBeGreaterThan(box.y);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'choosing one zooms every chart to it (from/to and finding= in the URL) and shades its window on the charts it names',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport, colorScheme: 'light' });
        await openReport(page, h.server.url + (await h.report(SATURATED)));
        const procs = chartByKey(page, 'procs');
        await waitForPainted(procs, HOOK_TIMEOUT_MS);
        const whole = await xRange(procs);
        expect(await shaded(procs)).toBeNull();
        await chooseFirst(page);
        await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
        const url = new URL(page.url());
        const [from, to] = [Number(url.searchParams.get('from')), Number(url.searchParams.get('to'))];
        expect(to - from).toBeLessThan((whole.max - whole.min) / 1000);
        // Every chart shows the window; the ones the finding names shade it, the others do not.
        const cpu = chartByKey(page, 'cpu:total');
        await expect.poll(async () => (await xRange(procs)).max - (await xRange(procs)).min).toBeCloseTo((to - from) * 1000, -2);
        await waitForPainted(cpu, HOOK_TIMEOUT_MS);
        const zoomed = await xRange(procs);
        await expect.poll(() => xRange(cpu), { timeout: HOOK_TIMEOUT_MS }).toEqual(zoomed);
        await expectBand(procs);
        // CPU usage is a stack at 100 % there: the band is over it (no white left to tint), said by data-shaded.
        await expect.poll(() => shaded(cpu), { timeout: HOOK_TIMEOUT_MS }).toEqual(await shaded(procs));
        const disk = page.locator('figure.chart-panel[data-chart^="disk:"]').first();
        await waitForPainted(disk, HOOK_TIMEOUT_MS);
        expect(await shaded(disk)).toBeNull();
        expect(await page.locator('li[data-finding][data-selected="true"]').count()).toBe(1);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'a link with finding= and no from/to opens at the finding, shaded, and writes the window into the URL',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport, colorScheme: 'light' });
        await openReport(page, `${h.server.url}${await h.report(SATURATED)}?finding=cpu-saturated`);
        await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
        const procs = chartByKey(page, 'procs');
        await expectBand(procs);
        expect(await page.locator('li[data-finding="cpu-saturated"]').getAttribute('data-selected')).toBe('true');
      }),
    BROWSER_TEST_MS,
  );

  it(
    'a calm log: says nothing was found, lists the checks that ran and the ones that could not with why',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport });
        await openReport(page, h.server.url + (await h.report(CALM)));
        const block = page.locator('section[data-findings]');
        await block.waitFor();
        expect(await block.getAttribute('data-findings-state')).toBe('nothing');
        await expect.poll(() => block.locator('[data-findings-none]').isVisible()).toBe(true);
        await block.locator('[data-findings-toggle]').click();
        const checked = block.locator('[data-findings-checked]');
        await checked.locator('summary').click();
        const rules = await checked.locator('li[data-check]').evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-check')));
        expect(rules).toEqual(expect.arrayContaining(['cpu-saturated', 'cpu-busy', 'swapping', 'sampling-gaps']));
        const skipped = block.locator('[data-findings-skipped]');
        await skipped.locator('summary').click();
        expect(await skipped.locator('li[data-check="net-near-link"]').innerText()).toMatch(/link speed/);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'with link= the block shows the findings the server made with those link speeds: net-near-link checked',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport });
        await openReport(page, `${h.server.url}${await h.report(CALM)}?link=eth0:1G`);
        const block = page.locator('section[data-findings]');
        await block.locator('.findings-note').waitFor({ timeout: HOOK_TIMEOUT_MS });
        expect(await block.locator('.findings-note').innerText()).toBe('Link speeds given: eth0:1G');
        await block.locator('[data-findings-toggle]').click();
        await block.locator('[data-findings-checked] summary').click();
        await block.locator('[data-findings-checked] li[data-check="net-near-link"]').waitFor();
        expect(await block.locator('[data-findings-skipped] li[data-check="net-near-link"]').count()).toBe(0);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'speaks Japanese: the finding\'s own sentence and the block\'s words',
    () =>
      h.run(async () => {
        const page = await h.newPage({ viewport, locale: 'ja-JP' });
        await openReport(page, h.server.url + (await h.report(SATURATED)));
        const block = page.locator('section[data-findings]');
        await block.waitFor();
        expect(await block.locator('[data-findings-toggle]').innerText()).toContain('検出事項');
        expect(await block.locator('li[data-finding]').first().innerText()).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'the offline export shows the block from file://, with no request, and choosing a finding zooms and shades there too',
    () =>
      h.run(async () => {
        const { id } = await uploadCsv(h.server, readFixture(SATURATED), 'runqueue.csv');
        const res = await fetch(`${h.server.url}/api/reports/${id}/export.html`);
        expect(res.status).toBe(200);
        const dir = await mkdtemp(join(tmpdir(), 'dstatview-findings-'));
        dirs.push(dir);
        const path = join(dir, 'report.html');
        await writeFile(path, Buffer.from(await res.arrayBuffer()));
        const page = await h.newPage({ viewport, colorScheme: 'light' });
        const { attempted } = await blockNetwork(page);
        await page.goto(pathToFileURL(path).href);
        const block = page.locator('section[data-findings]');
        await block.waitFor({ timeout: 15_000 });
        expect(await block.getAttribute('data-findings-state')).toBe('found');
        const procs = chartByKey(page, 'procs');
        await waitForPainted(procs, HOOK_TIMEOUT_MS);
        const before = await xRange(procs);
        await block.locator('li[data-finding="cpu-saturated"] button').click();
        await expect.poll(async () => (await xRange(procs)).max).toBeLessThan(before.max);
        await expectBand(procs);
        expect(attempted).toEqual([]);
      }),
    BROWSER_TEST_MS * 2,
  );

  it(
    'the compare page says which findings are gone and which are new between the runs',
    () =>
      h.run(async () => {
        const idOf = (p: string) => p.replace(/^\/r\//, '');
        const [a, b] = [idOf(await h.report(SATURATED)), idOf(await h.report(CALM))];
        const page = await h.newPage({ viewport });
        await page.goto(`${h.server.url}/compare?ids=${a},${b}`);
        const block = page.locator('[data-compare-findings]');
        await block.waitFor({ timeout: 15_000 });
        await block.locator('tr[data-change="gone"][data-rule="cpu-saturated"]').waitFor();
        expect(await block.locator('tr[data-change="new"]').count()).toBe(0);
        await page.goto(`${h.server.url}/compare?ids=${b},${a}`);
        await page.locator('[data-compare-findings] tr[data-change="new"][data-rule="cpu-saturated"]').waitFor({ timeout: 15_000 });
      }),
    BROWSER_TEST_MS,
  );
});
