/**
 * The interactive report viewer, through the hooks of docs/ui-contract.md: chart titles and idle
 * devices, synchronised zoom and crosshair, statistics of the visible window, the per-CPU heatmap, the
 * performance marks the benchmark relies on.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  canvasInk,
  chartByTitle,
  dragAcross,
  plotBox,
  waitForPainted,
  waitForXRangeChange,
  xRange,
  type DomElement,
} from '../helpers/browser.js';
import type { ReportJson } from '../../shared/api/schemas.js';
import { readFixture } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, expectHook, fetchReport, HOOK_TIMEOUT_MS, openReport, timeOrigins, webHarness } from './harness.js';

const MULTI_DISK = 'd072_tfvnrl.csv';
const CPUS_192 = 'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv';

/** Exact chart titles d072_tfvnrl.csv (-tfvnrl, 2 CPUs, vda + idle loop0..7 and zram0, eth0) must get. */
const TITLES = [
  'Processes running, blocked',
  'Memory usage',
  'Disk I/O vda',
  'Disk IOPS vda',
  'Interrupts',
  'Context switches',
  'CPU usage cpu0',
  'CPU usage cpu1',
  'Network I/O eth0',
  'Load average',
];

/**
 * The computed totals: the contract writes "CPU usage" / "Disk I/O"; "CPU usage total" and
 * "Disk I/O (total)" are accepted too. Exactly one chart each.
 */
const TOTALS = [/^CPU usage( \(?total\)?)?$/];
/** Totals that are the same picture as vda, the only busy disk (twins): not drawn, "Disk I/O vda" is. */
const TWINS = [/^Disk I\/O( \(?total\)?)?$/, /^Disk IOPS( \(?total\)?)?$/];

const IDLE = ['loop0', 'loop1', 'loop2', 'loop3', 'loop4', 'loop5', 'loop6', 'loop7', 'zram0'];

describeBrowser('report viewer (docs/ui-contract.md)', () => {
  const h = webHarness();

  it(
    'a log with one sample (cut short) says so plainly instead of showing empty charts without a word',
    () =>
      h.run(async () => {
        // d072: 7 header lines, the since-boot row (line 8), one sample (line 9), and line 10 cut mid-row.
        const lines = readFixture(MULTI_DISK).split('\n');
        const csv = [...lines.slice(0, 9), lines[9]!.slice(0, 40)].join('\n');
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report('one-sample.csv', csv)));
        const notice = page.locator('[data-one-sample]');
        await expect.poll(() => notice.innerText()).toMatch(/^This run has one sample only: the charts need two to draw a line\./);
        expect(await notice.isVisible()).toBe(true);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'the Download menu sits inside the header card, with the CSV and upload links; its menu opens inside the page',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const head = page.locator('header.report-head');
        expect(await head.locator('[data-download-menu]').count()).toBe(1);
        const card = (await head.boundingBox())!;
        const menu = page.locator('[data-download-menu]');
        const summary = (await menu.locator('summary').boundingBox())!;
        expect(summary.x).toBeGreaterThanOrEqual(card.x);
        expect(summary.x + summary.width).toBeLessThanOrEqual(card.x + card.width);
        expect(summary.y + summary.height).toBeLessThanOrEqual(card.y + card.height);
        await menu.locator('summary').click();
        const list = (await menu.locator('ul').boundingBox())!;
        expect(list.x).toBeGreaterThanOrEqual(0);
        expect(list.x + list.width).toBeLessThanOrEqual(1280);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'copied statistics say what they are: a header (title, host, file, run, window, units), idle rows left out and counted',
    () =>
      h.run(async () => {
        const page = await h.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const clipboard = () => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
        const summary = page.locator('[data-stats-summary]');
        await summary.locator('[data-copy="markdown"]').click();
        await expect.poll(() => summary.getByRole('status').innerText()).toBe('Copied');
        const md = await clipboard();
        const lines = md.split('\n');
        expect(lines[0]).toBe('**Statistics of every chart**');
        expect(lines).toContain('- Host: vm');
        expect(lines).toContain('- File: d072\\_tfvnrl.csv'); // the file's text escaped: no Markdown from a name
        expect(lines).toContain('- Run: 1');
        expect(md).toMatch(/^- Window: 2026-11-29 20:45:50 – 2026-11-29 20:47:27 \(1 min 37 s\) UTC$/m);
        expect(md).toMatch(/^- Units: /m);
        // 9 idle disks × (I/O read, write + IOPS read, write) = 36 series of zeros, not copied but counted.
        expect(lines).toContain('- 36 series of idle devices (every value 0) left out');
        expect(md).not.toMatch(/loop\d|zram0/);
        expect(md).toMatch(/^\| Disk I\/O vda: read \|/m);

        await summary.locator('[data-copy="tsv"]').click();
        await expect.poll(clipboard).toMatch(/^Statistics of every chart\nHost\tvm\nFile\td072_tfvnrl\.csv\nRun\t1\nWindow\t/);

        const vda = page.locator('figure.chart-panel[data-chart="disk:vda"]');
        await vda.locator('[data-copy="markdown"]').click();
        await expect.poll(clipboard).toMatch(/^\*\*Disk I\/O vda\*\*\n\n- Host: vm\n/);
        expect(await clipboard()).toMatch(/^\| read \|/m);
      }),
    BROWSER_TEST_MS,
  );

  async function headings(page: Page): Promise<string[]> {
    return (await page.locator('figure.chart-panel h3').allInnerTexts()).map((t) => t.trim());
  }

  it(
    'draws the expected charts for a -tfvnrl multi-disk log and lists the idle devices instead of drawing them',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const titles = await headings(page);
        for (const t of TITLES) expect(titles, `a chart titled "${t}"`).toContain(t);
        for (const re of TOTALS) expect(titles.filter((t) => re.test(t)), `one chart titled ${re}`).toHaveLength(1);
        for (const re of TWINS) expect(titles.filter((t) => re.test(t)), `no twin of vda titled ${re}`).toEqual([]);
        expect(await page.locator('figure.chart-panel[data-chart="disk:total"], figure.chart-panel[data-chart="iops:total"]').count()).toBe(0);
        const idleDrawn = titles.filter((t) => /^(Disk I\/O|Disk IOPS|Network I\/O) (loop\d|zram0)$/.test(t));
        expect(idleDrawn, 'idle devices are not drawn by default').toEqual([]);

        const keys = await page.locator('figure.chart-panel').evaluateAll((els: DomElement[]) => els.map((e) => e.getAttribute('data-chart')));
        expect(keys.every((k) => typeof k === 'string' && k !== ''), 'every figure has data-chart').toBe(true);
        expect(new Set(keys).size, 'data-chart keys are unique').toBe(keys.length);

        const idle = page.locator('details[data-idle-devices]');
        await expectHook('details[data-idle-devices]', idle.waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS }));
        const summary = (await idle.locator('summary').innerText()).trim();
        expect(summary).toMatch(/^Idle devices \(\d+\)$/);
        const idleText = await idle.evaluate((el: DomElement) => el.textContent ?? '');
        for (const dev of IDLE) expect(idleText, `${dev} listed as idle`).toContain(dev);
        expect(idleText).not.toMatch(/\bvda\b|\beth0\b/);

        // idle=1 draws them.
        await openReport(page, `${h.server.url}${await h.report(MULTI_DISK)}?idle=1`);
        const all = await headings(page);
        for (const dev of IDLE) expect(all, `idle=1 draws Disk I/O ${dev}`).toContain(`Disk I/O ${dev}`);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'marks dv:report-loaded, dv:first-screen and dv:painted:KEY for the charts painted',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        await expectHook(
          'performance marks dv:report-loaded and dv:first-screen',
          page.waitForFunction(
            () =>
              ['dv:report-loaded', 'dv:first-screen', 'dv:first-screen-live'].every(
                (n) => performance.getEntriesByName(n, 'mark').length > 0,
              ),
            undefined,
            { timeout: HOOK_TIMEOUT_MS },
          ),
        );
        // Marks and painted figures read at the same moment (charts near the screen keep painting).
        const { marks, painted, liveSource, dataDecoded } = await page.evaluate(() => {
          const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<DomElement> } }).document;
          const live = performance.getEntriesByName('dv:first-screen-live', 'mark')[0] as { detail?: unknown } | undefined;
          const load = performance.getEntriesByName('dv:load', 'measure')[0];
          return {
            marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, t: m.startTime })),
            painted: Array.from(doc.querySelectorAll('figure.chart-panel[data-painted="true"]')).map((e) => e.getAttribute('data-chart')),
            liveSource: (live?.detail as { source?: string } | null | undefined)?.source ?? 'app',
            dataDecoded: load ? load.startTime + load.duration : NaN,
          };
        });
        const at = (n: string) => marks.find((m) => m.name === n)?.t ?? NaN;
        // The interactive charts need the data: the early charts (§21) its first decode, the app's `dv:report-loaded`.
        // The first screen may be the server's images, before either.
        if (liveSource === 'first-screen') expect(at('dv:first-screen-live')).toBeGreaterThanOrEqual(dataDecoded);
        else expect(at('dv:first-screen-live')).toBeGreaterThanOrEqual(at('dv:report-loaded'));
        expect(at('dv:first-screen')).toBeLessThanOrEqual(at('dv:first-screen-live'));
        expect(painted.length).toBeGreaterThan(0);
        for (const key of painted) expect(marks.map((m) => m.name), `mark for ${key}`).toContain(`dv:painted:${key}`);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'zooms every chart to the range dragged across one, writes from/to into the URL, and "Reset zoom" restores it',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const path = await h.report(MULTI_DISK);
        await openReport(page, h.server.url + path);
        const run = (await fetchReport(h.server.url, path)).runs[0]!;
        const a = chartByTitle(page, 'Memory usage');
        const b = chartByTitle(page, 'Load average');
        await waitForPainted(a, HOOK_TIMEOUT_MS);
        const full = await xRange(a);
        expect(Number.isFinite(full.min) && Number.isFinite(full.max), 'data-x-min/max on a painted chart').toBe(true);
        expect(full.min).toBeGreaterThanOrEqual(run.time[0]!);
        expect(full.max).toBeLessThanOrEqual(run.time[run.time.length - 1]! + run.intervalMs);

        await dragAcross(page, a, 0.3, 0.6);
        const zoomed = await waitForXRangeChange(a, full);
        expect(zoomed.min).toBeGreaterThan(full.min);
        expect(zoomed.max).toBeLessThan(full.max);
        // About the dragged 30 % of the range (the plot box is estimated, so loosely).
        const span = (zoomed.max - zoomed.min) / (full.max - full.min);
        expect(span).toBeGreaterThan(0.15);
        expect(span).toBeLessThan(0.45);

        await waitForPainted(b, HOOK_TIMEOUT_MS);
        await expect.poll(() => xRange(b), { timeout: 5000 }).toEqual(zoomed);

        const url = new URL(page.url());
        const from = Number(url.searchParams.get('from'));
        const to = Number(url.searchParams.get('to'));
        expect(url.searchParams.has('from') && url.searchParams.has('to'), `from/to in ${url.search}`).toBe(true);
        const close = timeOrigins(run).some(
          (o) => Math.abs(o + from * 1000 - zoomed.min) <= 1.5 && Math.abs(o + to * 1000 - zoomed.max) <= 1.5,
        );
        expect(close, `URL from=${from}&to=${to} matches the x range ${JSON.stringify(zoomed)}`).toBe(true);

        await page.getByRole('button', { name: 'Reset zoom', exact: true }).first().click();
        await expect.poll(() => xRange(b), { timeout: 5000 }).toEqual(full);
        await a.scrollIntoViewIfNeeded();
        await expect.poll(() => xRange(a), { timeout: 5000 }).toEqual(full);
        const after = new URL(page.url()).searchParams;
        expect(after.has('from') || after.has('to'), `no zoom window in the URL after a reset (${page.url()})`).toBe(false);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'hovering one chart shows the crosshair at the same time in every painted chart, the readout beside the pointer only in that chart, and leaving hides them',
    () =>
      h.run(async () => {
        // A tall window: several charts painted and on screen at once.
        const page = await h.newPage({ viewport: { width: 1280, height: 1600 } });
        await openReport(page, h.server.url + (await h.report(MULTI_DISK)));
        const a = chartByTitle(page, 'CPU usage cpu0');
        await waitForPainted(a, HOOK_TIMEOUT_MS);
        await a.scrollIntoViewIfNeeded();
        const box = await plotBox(a);
        const pointer = { x: box.left + (box.right - box.left) * 0.4, y: (box.top + box.bottom) / 2 };
        await page.mouse.move(pointer.x, pointer.y, { steps: 3 });

        const own = a.locator('[data-crosshair]');
        await expectHook('[data-crosshair] in the hovered chart', own.first().waitFor({ state: 'visible', timeout: 3000 }));
        const t = await own.first().getAttribute('data-time');
        expect(t, 'data-time of the crosshair').toMatch(/^\d+(\.\d+)?$/);

        // The readout of the hovered chart: visible, with values, and beside the pointer (its nearest corner
        // within 12 px + a pixel of rounding, horizontally and vertically).
        const ownReadout = a.locator('[data-readout]').first();
        expect(await ownReadout.isVisible(), 'readout visible in the hovered chart').toBe(true);
        expect(await ownReadout.innerText(), 'readout has values').toMatch(/\d/);
        const r = (await ownReadout.boundingBox())!;
        const dx = Math.min(Math.abs(r.x - pointer.x), Math.abs(r.x + r.width - pointer.x));
        const dy = Math.min(Math.abs(r.y - pointer.y), Math.abs(r.y + r.height - pointer.y));
        expect(dx, `readout ${JSON.stringify(r)} beside the pointer ${JSON.stringify(pointer)} (x)`).toBeLessThanOrEqual(14);
        expect(dy, `readout ${JSON.stringify(r)} beside the pointer ${JSON.stringify(pointer)} (y)`).toBeLessThanOrEqual(14);
        // Moving down the same chart moves the readout with the pointer.
        const low = box.bottom - 4;
        await page.mouse.move(pointer.x, low, { steps: 2 });
        // Low in the plot: the readout sits above the pointer, its bottom edge 12 px over it.
        await expect
          .poll(async () => Math.round(low - (await ownReadout.boundingBox())!.y - (await ownReadout.boundingBox())!.height), { timeout: 3000 })
          .toBeGreaterThanOrEqual(10);
        const lowBox = (await ownReadout.boundingBox())!;
        expect(low - (lowBox.y + lowBox.height), 'readout just above the pointer').toBeLessThanOrEqual(14);

        const others = await visiblePaintedCharts(page);
        expect(others.length, 'other painted charts on screen').toBeGreaterThan(1);
        for (const chart of others) {
          const name = await chart.locator('h3').innerText();
          const cross = chart.locator('[data-crosshair]');
          await cross.first().waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
          expect(await cross.first().isVisible(), `crosshair visible in "${name}"`).toBe(true);
          expect(await cross.first().getAttribute('data-time'), `crosshair time in "${name}"`).toBe(t);
          if (name.trim() === 'CPU usage cpu0') continue;
          const readout = chart.locator('[data-readout]:visible');
          expect(await readout.count(), `no readout box over the peaks of "${name}"`).toBe(0);
        }

        await page.mouse.move(2, 2);
        await expect.poll(() => page.locator('[data-crosshair]:visible').count(), { timeout: 3000 }).toBe(0);
      }),
    BROWSER_TEST_MS,
  );

  it(
    "recomputes a chart's statistics for the zoomed window",
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const path = await h.report(MULTI_DISK);
        await openReport(page, h.server.url + path);
        const run = (await fetchReport(h.server.url, path)).runs[0]!;
        const chart = chartByTitle(page, 'Disk I/O vda');
        await waitForPainted(chart, HOOK_TIMEOUT_MS);
        const series = 'dsk/vda/read';
        const max = chart.locator(`table.chart-stats tr[data-series="${series}"] td[data-stat="max"]`);
        const avg = chart.locator(`table.chart-stats tr[data-series="${series}"] td[data-stat="avg"]`);
        await expectHook(`table.chart-stats tr[data-series="${series}"] td[data-stat="max"]`, max.waitFor({ timeout: 3000 }));
        const before = { max: await max.innerText(), avg: await avg.innerText(), x: await xRange(chart) };

        // vda's read peak (464 MiB/s) is at 30 s of 98; the last ~40 % of the run does not hold it.
        await dragAcross(page, chart, 0.55, 0.97);
        const x = await waitForXRangeChange(chart, before.x);
        const whole = windowStats(run, series, before.x.min, before.x.max);
        const part = windowStats(run, series, x.min, x.max);
        expect(part.max, 'precondition: the zoomed window leaves out the peak').toBeLessThan(whole.max);

        await expect.poll(() => max.innerText(), { timeout: 3000 }).not.toBe(before.max);
        expect(await avg.innerText()).not.toBe(before.avg);
        const shown = parseBytesPerSecond(await max.innerText());
        if (shown !== null) {
          expect(Math.abs(shown - part.max) / part.max, `max ${await max.innerText()} ≈ ${part.max} B/s`).toBeLessThan(0.01);
        }
      }),
    BROWSER_TEST_MS,
  );

  it(
    'draws one heatmap instead of 192 per-CPU charts, and heatmap=0 brings them back',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const path = await h.report(CPUS_192);
        await openReport(page, h.server.url + path);
        const heatmap = page.locator('figure[data-chart="cpu-heatmap"]');
        await expectHook('figure[data-chart="cpu-heatmap"]', heatmap.waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS }));
        expect(await heatmap.count()).toBe(1);
        await waitForPainted(heatmap, HOOK_TIMEOUT_MS);
        if ((await heatmap.locator('canvas').count()) > 0) {
          expect((await canvasInk(heatmap)).inked, 'heatmap pixels').toBeGreaterThan(1000);
        }
        const perCpu = (await headings(page)).filter((t) => /^CPU usage cpu\d+$/.test(t));
        expect(perCpu, 'no per-CPU charts beside the heatmap').toEqual([]);
        expect(await page.locator('figure.chart-panel').count()).toBeLessThan(40);

        await openReport(page, `${h.server.url}${path}?heatmap=0`);
        expect(await page.locator('figure[data-chart="cpu-heatmap"]').count()).toBe(0);
        const back = (await headings(page)).filter((t) => /^CPU usage cpu\d+$/.test(t));
        expect(back.length, 'per-CPU charts with heatmap=0').toBeGreaterThanOrEqual(16);
      }),
    BROWSER_TEST_MS,
  );
});

/** Painted charts whose plot is on screen now. */
async function visiblePaintedCharts(page: Page): Promise<Locator[]> {
  const all = page.locator('figure.chart-panel[data-painted="true"]');
  const n = await all.count();
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const out: Locator[] = [];
  for (let i = 0; i < n; i++) {
    const box = await all.nth(i).locator('canvas').first().boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= viewport.height) out.push(all.nth(i));
  }
  return out;
}

/** Statistics of a series over the rows whose time is in [t0, t1], the since-boot row left out. */
function windowStats(run: ReportJson['runs'][number], id: string, t0: number, t1: number): { max: number; avg: number } {
  const s = run.series.find((x) => x.id === id);
  if (!s || s.kind !== 'number') throw new Error(`no numeric series ${id} in the report`);
  const first = run.firstRowIsSinceBoot ? 1 : 0;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (let i = first; i < run.time.length; i++) {
    const v = s.values[i];
    if (run.time[i]! < t0 || run.time[i]! > t1 || v === null || v === undefined) continue;
    max = Math.max(max, v);
    sum += v;
    n++;
  }
  return { max, avg: sum / n };
}

/** `464 MiB/s`, `1.5 KiB/s`, `512 B/s` → bytes/s; null for a format not understood. */
function parseBytesPerSecond(text: string): number | null {
  const m = /^\s*([\d,.]+)\s*(B|KiB|MiB|GiB|TiB)\/s\s*$/.exec(text);
  if (!m) return null;
  const k = ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(m[2]!);
  return Number(m[1]!.replace(/,/g, '')) * 1024 ** k;
}
