/**
 * A live report, end to end, with the real built server, the real compiled CLI and Chromium: a writer
 * appends a real log's rows at 1 row/s (each row in two halves: a partial last line) for over 30 s, then
 * an appended second run; `dstatview live` follows it. During the run the API's rows grow and the page's
 * chart draws more (two screenshots 5 s apart differ, no reload) and a zoomed page keeps its zoom; the CLI is killed and started again, and
 * the server restarted, mid-run. Afterwards the stored CSV is the file byte for byte and the report is the
 * one an upload of the file makes. A second test cuts the file short and writes it again (truncation).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { LiveOpened, LiveStatusJson } from '../../shared/api/live-json.js';
import type { ReportJson } from '../../shared/api/schemas.js';
import { BIN, cliTempDir } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { uploadCsv } from '../helpers/server.js';
import { describeBrowser, webHarness } from './harness.js';

const FIXTURE = 'd072_tfvnrl_appended-2-runs.csv';
const DIR = cliTempDir('dstatview-live-');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Cli {
  child: ChildProcess;
  firstLine: Promise<string>;
  exited: Promise<number | null>;
  stderr(): string;
}

function startCli(file: string, server: string, stateHome: string): Cli {
  const child = spawn(process.execPath, [BIN, 'live', file, '--server', server, '--idle', '4'], {
    env: { ...process.env, XDG_STATE_HOME: stateHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', () => reject(new Error(`the CLI ended before its first line: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exited, stderr: () => err };
}

const withoutIdentity = ({ id: _id, createdAt: _c, fileName: _f, ...rest }: ReportJson) => rest;

async function liveStatus(base: string, id: string): Promise<LiveStatusJson | null> {
  try {
    const res = await fetch(`${base}/api/live/${id}`);
    return res.ok ? ((await res.json()) as LiveStatusJson) : null;
  } catch {
    return null;
  }
}

describeBrowser('a live report', () => {
  const h = webHarness();

  it(
    'grows in the API and on the page while the log is written, survives a killed CLI and a restarted server, and ends as the upload of the file',
    () =>
      h.run(async () => {
        const dir = mkdtempSync(join(DIR, 'a-'));
        const file = join(dir, 'run.csv');
        const lines = readFileSync(fixturePath(FIXTURE), 'utf8').split(/(?<=\n)/);
        const firstRow = lines.findIndex((l) => /^\d/.test(l));
        const secondRun = lines.findIndex((l, i) => i > firstRow && l.startsWith('"'));
        writeFileSync(file, lines.slice(0, firstRow).join(''));
        let cli = startCli(file, h.server.url, dir);
        const url = await cli.firstLine;
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/r\/[\w-]{22}$/);
        const id = url.slice(url.lastIndexOf('/') + 1);

        // The writer: one row a second, each in two halves 0.4 s apart (a partial last line), then the
        // appended second run's header and rows.
        let writing = true;
        const writer = (async () => {
          for (let i = firstRow; i < secondRun; i++) {
            const row = lines[i]!;
            appendFileSync(file, row.slice(0, 20));
            await sleep(400);
            appendFileSync(file, row.slice(20));
            await sleep(600);
          }
          for (let i = secondRun; i < lines.length; i++) {
            appendFileSync(file, lines[i]!);
            await sleep(100);
          }
          writing = false;
        })();

        const page = await h.newPage();
        await sleep(3000);
        await page.goto(url);
        await page.evaluate('window.__noReload = true');
        const badge = page.locator('[data-live]');
        await badge.waitFor({ timeout: 15_000 });
        const chart = page.locator('figure.chart-panel[data-painted="true"] canvas').first();
        await chart.waitFor({ timeout: 15_000 });

        const rowsSeen: number[] = [];
        const seen = async () => rowsSeen.push((await liveStatus(h.server.url, id))?.rows ?? -1);
        await seen();
        const before = await chart.screenshot();
        const pageRowsBefore = Number(await badge.getAttribute('data-live-rows'));
        const figureOf = page.locator('figure.chart-panel[data-painted="true"]').first();
        const xMaxBefore = Number(await figureOf.getAttribute('data-x-max'));
        await sleep(5000);
        await seen();
        const after = await chart.screenshot();
        const pageRowsAfter = Number(await badge.getAttribute('data-live-rows'));
        expect(pageRowsAfter).toBeGreaterThan(pageRowsBefore);
        // Not zoomed: the charts' x range follows the run as it grows.
        expect(Number(await figureOf.getAttribute('data-x-max'))).toBeGreaterThan(xMaxBefore);
        expect(Buffer.compare(before, after)).not.toBe(0);
        expect(await page.evaluate('window.__noReload')).toBe(true);

        // A reader's zoom stays while the report grows.
        const zoomed = await h.newPage();
        await zoomed.goto(`${url}?from=2&to=6`);
        const zbadge = zoomed.locator('[data-live]');
        await zbadge.waitFor({ timeout: 15_000 });
        const figure = zoomed.locator('figure.chart-panel[data-painted="true"]').first();
        await figure.waitFor({ timeout: 15_000 });
        const range = async () => [await figure.getAttribute('data-x-min'), await figure.getAttribute('data-x-max')];
        const zoomRange = await range();
        const zrows = Number(await zbadge.getAttribute('data-live-rows'));
        await expect.poll(async () => Number(await zbadge.getAttribute('data-live-rows')), { timeout: 10_000 }).toBeGreaterThan(zrows);
        expect(await range()).toEqual(zoomRange);
        await zoomed.close();

        // Kill the CLI (no goodbye) and start it again: the same report carries on.
        cli.child.kill('SIGKILL');
        await cli.exited;
        await sleep(1500);
        cli = startCli(file, h.server.url, dir);
        expect(await cli.firstLine).toBe(url);
        await sleep(3000);
        await seen();

        // Restart the server: it keeps what it acknowledged, the CLI and the page carry on.
        await h.server.restart();
        const beforeRestart = rowsSeen[rowsSeen.length - 1]!;
        await expect.poll(async () => (await liveStatus(h.server.url, id))?.rows ?? -1, { timeout: 20_000 }).toBeGreaterThan(beforeRestart);
        await seen();
        expect(rowsSeen.every((n, i) => i === 0 || n > rowsSeen[i - 1]!), rowsSeen.join(',')).toBe(true);
        // The page carries on too: more rows, or (the run over meanwhile) the finished report.
        const pageRows = Number(await badge.getAttribute('data-live-rows'));
        const pageState = `(() => { const b = document.querySelector('[data-live]'); return b ? Number(b.getAttribute('data-live-rows')) : Infinity; })()`;
        await expect.poll(async () => (await page.evaluate(pageState)) as number, { timeout: 15_000 }).toBeGreaterThan(pageRows);

        await writer;
        expect(writing).toBe(false);
        expect(await cli.exited, cli.stderr()).toBe(0);

        const bytes = readFileSync(file);
        const csv = Buffer.from(await (await fetch(`${h.server.url}/api/reports/${id}/csv`)).arrayBuffer());
        expect(csv.equals(bytes)).toBe(true);
        const live = (await (await fetch(`${h.server.url}/api/reports/${id}`)).json()) as ReportJson;
        const { id: uploadedId } = await uploadCsv(h.server, bytes, 'run.csv');
        const uploaded = (await (await fetch(`${h.server.url}/api/reports/${uploadedId}`)).json()) as ReportJson;
        expect(withoutIdentity(live)).toEqual(withoutIdentity(uploaded));
        expect(live.runs).toHaveLength(2);
        // The page, told the report is finished, drops its badge and shows the whole report.
        await badge.waitFor({ state: 'detached', timeout: 10_000 });
        expect(await page.evaluate('window.__noReload')).toBe(true);
      }),
    120_000,
  );

  it(
    'a page opened before the first row says it is waiting for it, then shows the report when rows come (not "not found")',
    () =>
      h.run(async () => {
        const text = readFileSync(fixturePath('deb080_tfvnrl.csv'), 'utf8');
        const lines = text.split(/(?<=\n)/);
        const header = lines.slice(0, lines.findIndex((l) => /^\d/.test(l))).join('');
        const opened = await fetch(`${h.server.url}/api/live`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fileName: 'waiting.csv' }),
        });
        expect(opened.status).toBe(201);
        const live = (await opened.json()) as LiveOpened;
        const append = (offset: number, body: string) =>
          fetch(`${h.server.url}/api/live/${live.id}/rows?offset=${offset}`, {
            method: 'POST',
            headers: { 'content-type': 'text/csv', authorization: `Bearer ${live.appendToken}` },
            body,
          });
        expect((await append(0, header)).status).toBe(200);
        const page = await h.newPage();
        await page.goto(`${h.server.url}/r/${live.id}`);
        const badge = page.locator('[data-live]');
        await badge.waitFor({ timeout: 15_000 });
        expect(await badge.getAttribute('data-live-rows')).toBe('0');
        expect(await badge.textContent()).toContain('waiting for the first sample');
        expect(await page.locator('figure.chart-panel').count()).toBe(0);
        expect((await append(Buffer.byteLength(header), text.slice(header.length))).status).toBe(200);
        await page.locator('figure.chart-panel[data-painted="true"] canvas').first().waitFor({ timeout: 15_000 });
      }),
    60_000,
  );

  it(
    'starts the log over when the file is cut short and written again',
    () =>
      h.run(async () => {
        const dir = mkdtempSync(join(DIR, 'b-'));
        const file = join(dir, 'cut.csv');
        const text = readFileSync(fixturePath('deb080_tfvnrl.csv'), 'utf8');
        writeFileSync(file, text.slice(0, 4000).slice(0, text.slice(0, 4000).lastIndexOf('\n') + 1));
        const cli = startCli(file, h.server.url, dir);
        const url = await cli.firstLine;
        const id = url.slice(url.lastIndexOf('/') + 1);
        await expect.poll(async () => (await liveStatus(h.server.url, id))?.rows ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
        truncateSync(file, 0);
        await sleep(700);
        const other = readFileSync(fixturePath('dool134_tfvnrl.csv'));
        writeFileSync(file, other);
        expect(await cli.exited, cli.stderr()).toBe(0);
        const csv = Buffer.from(await (await fetch(`${h.server.url}/api/reports/${id}/csv`)).arrayBuffer());
        expect(csv.equals(other)).toBe(true);
      }),
    60_000,
  );
});
