/**
 * The compare page's first screen as images (plugins/compare-first-screen.ts, routes/pages.ts and
 * routes/first-screen.ts; docs/ui-contract.md §21): through the real app, real fixtures, real drawing in the
 * worker pool. The charts drawn are checked against the runs' charts computed here from the parsed CSVs:
 * the matched charts in the baseline's order, idle devices (loop0 of the dstat file) left out.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { isIdleSeries } from '../../../shared/catalogue/idle.js';
import { COMPARE_FIRST_SCREEN_DRAW_DELAY_MS } from '../../../shared/limits.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { toRunData } from '../../../shared/report/run-data.js';
import { fakeWebBuild, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { readFixture } from '../../helpers/fixtures.js';
import { multipartBody } from '../../helpers/multipart.js';
import { firstScreenSources, pngDataUrlBytes } from '../../helpers/first-screen-html.js';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const A = 'd072_tfvnrl.csv';
const B = 'dool134_tfvnrl.csv';

afterAll(removeTempDirs);

/**
 * Chart keys of a fixture's last run in page order, those whose every series is 0 or empty, and its family
 * totals that are the twin of one busy device (the report page's rule), with that device's key.
 */
function chartsOf(name: string): { keys: string[]; idle: Set<string>; twinOf: Map<string, string> } {
  const report = toColumnar(toReportJson(parseDstat(readFixture(name)), { id: 'x', fileName: name, createdAt: '', bytes: 0 }));
  const run = toRunData(report.runs[report.runs.length - 1]!);
  const idle = new Set(
    run.charts
      .filter((c) => c.collapseIdle && c.series.every((s) => {
        const v = run.values(s.source);
        return v !== null && isIdleSeries(v, run.firstRow);
      }))
      .map((c) => c.key),
  );
  const twinOf = new Map<string, string>();
  for (const key of run.twins()) {
    const total = run.charts.find((c) => c.key === key)!;
    const busy = run.charts.filter((c) => c.specId === total.specId && c.device !== null && c.device !== 'total' && !idle.has(c.key));
    if (busy.length === 1) twinOf.set(key, busy[0]!.key);
  }
  return { keys: run.charts.map((c) => c.key), idle, twinOf };
}

/** A total drawn by none: in every run that has it, the twin of the same one busy device. */
function twinInAll(runs: { keys: string[]; twinOf: Map<string, string> }[], key: string): boolean {
  const having = runs.filter((r) => r.keys.includes(key));
  const device = having[0]?.twinOf.get(key);
  return device !== undefined && having.every((r) => r.twinOf.get(key) === device);
}

/**
 * The first six charts a compare page of these runs draws: the baseline's order, then the others'; idle in all
 * and twin totals left out.
 */
function expectedFigures(runs: ReturnType<typeof chartsOf>[], baseline: number): string[] {
  const order = [runs[baseline]!, ...runs.filter((_, i) => i !== baseline)];
  const keys = [...new Set(order.flatMap((r) => r.keys))];
  return keys.filter((k) => !twinInAll(runs, k) && !runs.every((r) => !r.keys.includes(k) || r.idle.has(k))).slice(0, 6);
}

describe('compare page first screen', () => {
  let t: TestApp;
  let index: string;
  let ids: string[];
  let tokens: string[];
  beforeAll(async () => {
    const webDir = await fakeWebBuild();
    index = await readFile(`${webDir}/index.html`, 'utf8');
    t = await makeApp({ webDir });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([
        { name: 'file', filename: A, content: readFixture(A) },
        { name: 'file', filename: B, content: readFixture(B) },
      ]),
    });
    expect(res.statusCode).toBe(201);
    const reports = (res.json() as { reports: { id: string; deleteToken: string }[] }).reports;
    ids = reports.map((r) => r.id);
    tokens = reports.map((r) => r.deleteToken);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** The page's HTML once it carries images (drawn in the background: ask until then, ≤ 60 s). */
  async function page(query: string): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({ url: `/compare${query}`, headers: HTML });
      expect(res.statusCode).toBe(200);
      if (res.body.includes('data-first-screen')) return res.body;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no first-screen images for /compare${query} in 60 s`);
  }
  const figuresOf = (html: string) => [...html.matchAll(/<figure data-first-screen="([^"]+)"/g)].map((m) => m[1]);
  const size = (p: Buffer): [number, number] => [p.readUInt32BE(16), p.readUInt32BE(20)];

  it('carries the overlay charts of the upload of several files as images: the page order, idle devices and twin totals left out, files by content', async () => {
    const runs = [chartsOf(A), chartsOf(B)];
    expect(runs[0]!.idle.has('disk:loop0') || runs[0]!.idle.size > 0, 'the dstat file has an idle device').toBe(true);
    // Drawn after the upload (the uploader opens this page next).
    const html = await page(`?ids=${ids.join(',')}`);
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.replace(/<div id="first-screen"[\s\S]*(?=<div id="root">)/, '')).toBe(index);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const figures = figuresOf(html);
    expect(figures).toEqual(expectedFigures(runs, 0));
    for (const key of figures) expect(runs.every((r) => !r.keys.includes(key!) || r.idle.has(key!)), key).toBe(false);
    // The heading names both runs.
    expect(html).toMatch(/A d072_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\) · B dool134_tfvnrl\.csv/);

    const firstScreen = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root">'));
    // Light and dark at 1× and 2× (640 × 200 CSS px): the light 1× ones inside the HTML (the first screen's
    // six: a compare page carries no more), the others files named by their content.
    const sources = firstScreenSources(firstScreen);
    expect(sources.map((f) => f.key)).toEqual(figures);
    expect(html.match(/data:image/g)).toHaveLength(figures.length);
    for (const f of sources) {
      expect(size(pngDataUrlBytes(f.light['1x']!)!)).toEqual([640, 200]);
      for (const [url, px] of [[f.light['2x'], [1280, 400]], [f.dark['1x'], [640, 200]], [f.dark['2x'], [1280, 400]]] as const) {
        expect(url).toMatch(/^\/compare\/first-screen\/[A-Za-z0-9_-]{22}\.png$/);
        const res = await t.app.inject({ url: url! });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(url!.endsWith(`/${createHash('sha256').update(res.rawPayload).digest('base64url').slice(0, 22)}.png`)).toBe(true);
        expect(size(res.rawPayload)).toEqual(px);
      }
      // Light and dark differ (the theme's background and text).
      expect(f.light['2x']).not.toBe(f.dark['2x']);
    }
  }, 90_000);

  it('draws another view on its first request: the baseline decides the order; the sort of the table does not matter', async () => {
    const runs = [chartsOf(A), chartsOf(B)];
    const first = await t.app.inject({ url: `/compare?ids=${ids.join(',')}&baseline=1&shift=5,0`, headers: HTML });
    expect(first.body).toBe(index);
    const html = await page(`?ids=${ids.join(',')}&baseline=1&shift=5,0&sort=name`);
    expect(figuresOf(html)).toEqual(expectedFigures(runs, 1));
    // idle=1 draws the idle devices too (here the dstat file's first idle ones come into the first six).
    const all = await page(`?ids=${ids.join(',')}&idle=1`);
    expect(figuresOf(all)).toEqual([...new Set(runs.flatMap((r) => r.keys))].filter((k) => !twinInAll(runs, k)).slice(0, 6));
  }, 90_000);

  it('refuses malformed names (400) and unknown ones (404), as JSON; a malformed or unknown query, or the hosts layout, gets the page without images', async () => {
    for (const [path, status] of [
      [`/compare/first-screen/${'A'.repeat(22)}.png`, 404],
      [`/compare/first-screen/${'A'.repeat(22)}.svg`, 400],
      ['/compare/first-screen/..%2F..%2Fpackage.json', 400],
    ] as const) {
      const res = await t.app.inject({ url: path, headers: HTML });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    }
    // The hosts layout stacks a panel per run: no overlay images for it.
    for (const query of ['?ids=nope', '?ids=AAAAAAAAAAAAAAAAAAAAAA,BBBBBBBBBBBBBBBBBBBBBB', `?ids=${ids[0]}:7`, '', `?ids=${ids.join(',')}&layout=hosts`]) {
      const res = await t.app.inject({ url: `/compare${query}`, headers: HTML });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(index);
    }
    // Asked again after their draws had time to finish: still none.
    await new Promise((r) => setTimeout(r, COMPARE_FIRST_SCREEN_DRAW_DELAY_MS + 3000));
    for (const query of ['?ids=AAAAAAAAAAAAAAAAAAAAAA,BBBBBBBBBBBBBBBBBBBBBB', `?ids=${ids[0]}:7`, `?ids=${ids.join(',')}&layout=hosts`]) {
      expect((await t.app.inject({ url: `/compare${query}`, headers: HTML })).body, query).toBe(index);
    }
  }, 90_000);

  it("a deleted report's compare images go with it", async () => {
    const html = await page(`?ids=${ids.join(',')}`);
    const url = firstScreenSources(html)[0]!.dark['1x']!;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/reports/${ids[1]}`, headers: { authorization: `Bearer ${tokens[1]}` } });
    expect(gone.statusCode).toBe(204);
    const after = await t.app.inject({ url });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('REPORT_NOT_FOUND');
    expect((await t.app.inject({ url: `/compare?ids=${ids.join(',')}`, headers: HTML })).body).toBe(index);
  }, 90_000);
});
