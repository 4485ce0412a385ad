/**
 * Pages and layout: a family total stays drawn when every device is idle, charts use the page's
 * width, the 404 page (HTML for a browser, JSON under /api/), server error codes in Japanese, Japanese
 * statistics headers that leave series names on one line.
 */
import { expect, it } from 'vitest';
import { chartByTitle, CJK, waitForPainted, type DomElement } from '../helpers/browser.js';
import { readFixture } from '../helpers/fixtures.js';
import { BROWSER_TEST_MS, describeBrowser, HOOK_TIMEOUT_MS, openReport, webHarness } from './harness.js';

const ONE_NIC = 'd072_tfvnrl.csv';
const LONG = 'd072_long_tfvnrl.csv';

/** A real log with every value of these groups' columns set to 0 (its only NIC then sent nothing). */
function zeroGroups(csv: string, groups: readonly string[]): string {
  const lines = csv.split('\n');
  const headerAt = lines.findIndex((l) => groups.some((g) => l.includes(`"${g}"`)));
  if (headerAt < 0) throw new Error(`no group ${groups.join(', ')} in the file`);
  const names = lines[headerAt]!.split(',');
  const columns = lines[headerAt + 1]!.split(',');
  const zero = new Set<number>();
  let group = '';
  names.forEach((n, i) => {
    if (n !== '') group = n.replace(/"/g, '');
    if (groups.includes(group) && i < columns.length) zero.add(i);
  });
  return lines
    .map((l, k) => (k <= headerAt + 1 || l.trim() === '' ? l : l.split(',').map((v, i) => (zero.has(i) ? '0.0' : v)).join(',')))
    .join('\n');
}

describeBrowser('pages and layout', () => {
  const h = webHarness();

  it(
    'draws the network chart of a log whose only interface sent nothing, and does not list it as idle',
    () =>
      h.run(async () => {
        const csv = zeroGroups(readFixture(ONE_NIC), ['net/eth0']);
        expect(csv).not.toBe(readFixture(ONE_NIC));
        const page = await h.newPage();
        await openReport(page, h.server.url + (await h.report('d072-idle-nic.csv', csv)));
        const section = page.locator('section.chart-section').filter({ has: page.locator('h2', { hasText: /^Network I\/O/ }) });
        expect(await section.count(), 'a network section').toBe(1);
        const chart = chartByTitle(page, 'Network I/O eth0');
        await waitForPainted(chart, HOOK_TIMEOUT_MS);
        const idle = await page.locator('details[data-idle-devices]').evaluate((el: DomElement) => el.textContent ?? '');
        expect(idle).not.toContain('eth0');
        expect(idle, 'the idle loop devices are still listed').toContain('loop0');
      }),
    BROWSER_TEST_MS,
  );

  it(
    'uses the page width: a lone chart fills its column, cols still applies, a long log two a row and four charts on a 1400 × 900 screen',
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const url = h.server.url + (await h.report(ONE_NIC));
        const widths = async (title: string): Promise<{ figure: number; grid: number; charts: number }> =>
          chartByTitle(page, title).evaluate((el: DomElement & { parentElement: DomElement | null; closest(s: string): DomElement | null }) => ({
            figure: el.getBoundingClientRect().width,
            grid: el.closest('.chart-grid')!.getBoundingClientRect().width,
            charts: el.closest('.charts')!.getBoundingClientRect().width,
          }));
        await openReport(page, url);
        const memory = await widths('Memory usage');
        expect(memory.figure, 'the only chart of its section fills its column').toBeGreaterThan(memory.grid * 0.97);
        expect(memory.charts, 'the charts use the window, not a fixed column').toBeGreaterThan(900);
        expect(memory.grid, 'a section of one chart: one column of two').toBeLessThan(memory.charts * 0.6);
        const cpu = await widths('CPU usage cpu0');
        expect(cpu.figure, 'a short log: two per row').toBeLessThan(cpu.grid * 0.6);

        await openReport(page, `${url}?cols=3`);
        const three = await widths('Memory usage');
        expect(three.figure, 'cols=3: a third of the row').toBeLessThan(three.grid * 0.36);

        await openReport(page, h.server.url + (await h.report(LONG)));
        const long = await widths('CPU usage cpu0');
        expect(long.figure, 'a long log (1 400 rows): two per row').toBeLessThan(long.grid * 0.6);
        await openReport(page, `${h.server.url}${await h.report(LONG)}?cols=1`);
        const wide = await widths('CPU usage cpu0');
        expect(wide.figure, 'cols=1: the whole row').toBeGreaterThan(wide.grid * 0.97);

        // The first screen at 1400 × 900: at least four charts (each at least its caption and the top of its plot in view).
        await page.setViewportSize({ width: 1400, height: 900 });
        await openReport(page, h.server.url + (await h.report(LONG)));
        const inView = await page.locator('figure.chart-panel').evaluateAll((els: DomElement[]) =>
          els.filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.top + 80 <= 900;
          }).length,
        );
        expect(inView, 'charts in the first screen').toBeGreaterThanOrEqual(4);
      }),
    BROWSER_TEST_MS,
  );

  it(
    "answers an unknown page with the app's 404 page, and an unknown /api/ path with JSON",
    () =>
      h.run(async () => {
        const page = await h.newPage();
        const res = await page.goto(`${h.server.url}/nope`);
        expect(res!.status()).toBe(404);
        expect(res!.headers()['content-type']).toMatch(/^text\/html/);
        await expect.poll(() => page.locator('h1').innerText(), { timeout: HOOK_TIMEOUT_MS }).toBe('Page not found');
        expect(await page.getByRole('link', { name: 'Upload a dstat CSV file' }).count()).toBe(1);

        const api = await page.request.get(`${h.server.url}/api/nope`, { headers: { accept: 'text/html' } });
        expect(api.status()).toBe(404);
        expect(api.headers()['content-type']).toMatch(/^application\/json/);
        const body = (await api.json()) as { code: string; message: string };
        expect(body.code).toBe('NOT_FOUND');
        expect(typeof body.message).toBe('string');
      }),
    BROWSER_TEST_MS,
  );

  it(
    "says a server error code in Japanese, keeping the server's English as the detail",
    () =>
      h.run(async () => {
        const page = await h.newPage({ locale: 'ja-JP' });
        await page.goto(`${h.server.url}/`);
        await page.locator('html[lang="ja"]').waitFor({ state: 'attached', timeout: HOOK_TIMEOUT_MS });
        await page.getByLabel('dstat の CSV ファイル').setInputFiles({
          name: 'notes.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('name,value\nalpha,1\nbeta,2\n'),
        });
        await page.getByRole('button', { name: 'アップロード', exact: true }).click();
        const message = page.locator('.notice-message[data-error-code]');
        await message.waitFor({ state: 'visible', timeout: 10_000 });
        expect(await message.getAttribute('data-error-code')).toBe('NOT_DSTAT');
        expect(await message.innerText()).toMatch(CJK);
        const detail = page.locator('[data-error-detail]');
        expect(await detail.getAttribute('lang')).toBe('en');
        expect(await detail.innerText()).toMatch(/line \d+/);
      }),
    BROWSER_TEST_MS,
  );

  it(
    'keeps series names on one line under the Japanese statistics header',
    () =>
      h.run(async () => {
        const page = await h.newPage({ locale: 'ja-JP' });
        await openReport(page, h.server.url + (await h.report(ONE_NIC)));
        const cpu = chartByTitle(page, 'CPU 使用率 cpu0');
        await waitForPainted(cpu, HOOK_TIMEOUT_MS);
        const rows = await cpu.locator('table.chart-stats tbody tr').evaluateAll((trs: DomElement[]) =>
          trs.map((tr) => {
            const th = tr.querySelector('th')!;
            const td = tr.querySelector('td')!;
            return { name: th.textContent ?? '', th: th.getBoundingClientRect().height, td: td.getBoundingClientRect().height };
          }),
        );
        expect(rows.length).toBeGreaterThan(4);
        expect(rows.some((r) => CJK.test(r.name)), 'Japanese series names').toBe(true);
        for (const r of rows) expect(r.th, `"${r.name}" on one line`).toBeLessThanOrEqual(r.td + 1);
        const header = await cpu.locator('table.chart-stats thead').innerText();
        expect(header).toContain('p95');
      }),
    BROWSER_TEST_MS,
  );
});
