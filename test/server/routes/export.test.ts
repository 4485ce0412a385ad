/**
 * GET /api/reports/:id/export.html and export.zip on a real app with the real web build (dist/web: run
 * `npm run build` first, as `npm test` does).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportJson, ReportSummary } from '../../../shared/api/schemas.js';
import { decodeBase85 } from '../../../shared/export/base85.js';
import { EMBEDDED_REPORT_ELEMENT_ID } from '../../../shared/export/embedded.js';
import { IMAGE_PIXEL_RATIO, IMAGE_WIDTH, imageHeight } from '../../../shared/chart/image-size.js';
import { chartImages, inThreadRenderer } from '../../../server/export/chart-images.js';
import { fakeWebBuild, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload, multipartBody } from '../../helpers/multipart.js';
import { parseCsv, pngSize, readZip, zipEntryInfo } from '../../helpers/zip.js';

const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const FIXTURE = new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url);

let t: TestApp;
let fixture: Buffer;

beforeAll(async () => {
  if (!existsSync(`${WEB_DIR}/offline/offline.js`)) throw new Error('dist/web/offline is missing: run npm run build first');
  fixture = await readFile(FIXTURE);
  t = await makeApp({ webDir: WEB_DIR });
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

async function upload(content: Buffer, name = 'd072 run.csv'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(content, name) });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('GET /api/reports/:id/export.html', () => {
  it('is one HTML attachment with the app inlined, the data embedded and a CSP without network', async () => {
    const id = await upload(fixture);
    const res = await t.app.inject(`/api/reports/${id}/export.html?height=300&x=elapsed`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="d072_run.html"; filename*=UTF-8''d072%20run.html`);
    const html = res.body;
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toMatch(/connect-src|'unsafe-eval'|https?:|'strict-dynamic'/);
    // Exactly four script elements: the first-screen watcher, the data and the packed code (neither run) and
    // the loader; no src, no link, no request. The loader, the code it unpacks and the watcher are the three
    // hashes the policy allows.
    expect(html.match(/^<script\b/gm)).toHaveLength(4);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const packed = /<script type="application\/octet-stream" id="dv-app-code">([^<]*)<\/script>/.exec(html)![1]!;
    const code = gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');
    expect(code).toBe(readFileSync(`${WEB_DIR}/offline/offline.js`, 'utf8'));
    const watcher = /^<script>([\s\S]*?)<\/script>/m.exec(html)![1]!;
    expect(watcher).toBe(readFileSync(`${WEB_DIR}/offline/first-screen.js`, 'utf8'));
    expect(csp).toContain(`script-src ${hash(loader)} ${hash(code)} ${hash(watcher)};`);
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*stylesheet|url\(\s*['"]?(https?:|\/)/);
    // The first screen's images are inside it, drawn for the view (height 300).
    const images = html.match(/<img\b[^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const img of images) expect(img).toMatch(/^<img src="data:image\/webp;base64,[A-Za-z0-9+/=]+" width="640" height="300"/);
    const data = new RegExp(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    const embedded = JSON.parse(data![1]!) as { id: string; search: string; reportJsonGz: string; gzBytes: number };
    expect(embedded).toMatchObject({ v: 2, id, search: '?height=300&x=elapsed' });
    const api = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'identity' } });
    const json = gunzipSync(decodeBase85(embedded.reportJsonGz, embedded.gzBytes)).toString();
    expect(json).toBe(api.body);
  });

  it('answers 404 for an unknown report and 400 for a bad option', async () => {
    const missing = await t.app.inject('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/export.html');
    expect(missing.statusCode).toBe(404);
    const id = await upload(fixture);
    const bad = await t.app.inject(`/api/reports/${id}/export.zip?height=5`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/height/);
    for (const [query, named] of [
      ['smooth=0', /smooth/],
      ['trend=maybe', /trend/],
      ['from=10', /from and to go together/],
      ['from=40&to=10', /to after from/],
    ] as const) {
      const res = await t.app.inject(`/api/reports/${id}/export.html?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ code: string; message: string }>(), query).toMatchObject({ code: expect.any(String), message: expect.stringMatching(named) });
    }
  });

  it("opens with the page's whole view: zoom window, hidden charts, trend, smoothing, idle devices, heatmap, layout", async () => {
    const id = await upload(fixture);
    const query = '?from=10&to=40&cols=1&trend=1&smooth=5&hide=cpu:total&idle=1&heatmap=0';
    const res = await t.app.inject(`/api/reports/${id}/export.html${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"search":"${query}"`);
  });

  it('is revalidated before reuse (Cache-Control: no-cache), as the ZIP is', async () => {
    const id = await upload(fixture);
    expect((await t.app.inject(`/api/reports/${id}/export.html`)).headers['cache-control']).toBe('no-cache');
    const zip = await t.app.inject(`/api/reports/${id}/export.zip`);
    expect(zip.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 WEB_APP_NOT_BUILT when the web app was built without its offline page', async () => {
    const partial = await makeApp({ webDir: await fakeWebBuild() });
    try {
      const id = (await partial.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) })).json<{ id: string }>().id;
      for (const url of [`/api/reports/${id}/export.html`, `/api/reports/${id}/export.zip`]) {
        const res = await partial.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'WEB_APP_NOT_BUILT' });
      }
    } finally {
      await partial.cleanup();
    }
  });

  it('answers 404 WEB_APP_NOT_BUILT on a server without the web app', async () => {
    const bare = await makeApp();
    try {
      const res = await bare.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
      const id = res.json<{ id: string }>().id;
      const html = await bare.app.inject(`/api/reports/${id}/export.html`);
      expect(html.statusCode).toBe(404);
      expect(html.json()).toMatchObject({ code: 'WEB_APP_NOT_BUILT' });
    } finally {
      await bare.cleanup();
    }
  });
});

describe('GET /api/reports/:id/export.zip', () => {
  it('holds index.html, a 2× PNG per chart, the CSV unchanged, stats.csv equal to the API\'s statistics, stats.json, README.txt', async () => {
    const id = await upload(fixture);
    const res = await t.app.inject(`/api/reports/${id}/export.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="d072_run\.zip"/);
    const entries = await readZip(res.rawPayload);
    const names = [...entries.keys()];
    expect(names.slice(0, 4)).toEqual(['d072_run.csv', 'stats.csv', 'stats.json', 'index.html']);
    expect(names.at(-1)).toBe('README.txt');

    expect(entries.get('d072_run.csv')!.equals(fixture)).toBe(true);
    expect(entries.get('index.html')!.toString()).toContain(`"id":"${id}"`);

    const pngs = names.filter((n) => n.endsWith('.png'));
    expect(pngs).toContain('cpu_total.png');
    expect(pngs).toContain('disk_vda.png');
    expect(pngs.length).toBeGreaterThan(5);
    for (const name of pngs) {
      expect(pngSize(entries.get(name)!)).toEqual({ width: IMAGE_WIDTH * IMAGE_PIXEL_RATIO, height: imageHeight(200) * IMAGE_PIXEL_RATIO });
    }

    const report = (await t.app.inject(`/api/reports/${id}`)).json<ReportJson>();
    const run = report.runs.at(-1)!;
    const [head, ...rows] = parseCsv(entries.get('stats.csv')!.toString());
    expect(head).toEqual(['id', 'label', 'unit', 'min', 'avg', 'p95', 'max']);
    const numeric = run.series.filter((s) => s.kind === 'number');
    expect(rows.map((r) => r[0])).toEqual(numeric.map((s) => s.id));
    for (const [i, s] of numeric.entries()) {
      const st = s.kind === 'number' ? s.stats : null;
      const figures = rows[i]!.slice(3).map((v) => (v === '' ? null : Number(v)));
      expect(figures).toEqual(st ? [st.min, st.avg, st.p95, st.max] : [null, null, null, null]);
      expect(rows[i]![2]).toBe(s.unit);
    }
    const json = JSON.parse(entries.get('stats.json')!.toString());
    expect(json).toMatchObject({ file: 'd072 run.csv', host: 'vm', run: 1, runs: 1 });
    expect(json.series).toHaveLength(numeric.length);

    const readme = entries.get('README.txt')!.toString();
    expect(readme).toMatch(/index\.html/);
    expect(readme).toContain(`*.png        one image per chart (${pngs.length})`);
  });

  it('draws its PNGs in the worker pool, each equal to the same chart drawn in this thread', async () => {
    const id = await upload(fixture);
    const makeCharts = t.app.parser.charts.bind(t.app.parser);
    const dispatched: string[][] = [];
    const render = vi.spyOn(t.app.parser, 'charts').mockImplementation((client) => {
      const charts = makeCharts(client);
      const original = charts.render.bind(charts);
      charts.render = (task) => {
        dispatched.push(task.keys);
        return original(task);
      };
      return charts;
    });
    try {
      const res = await t.app.inject(`/api/reports/${id}/export.zip?height=150`);
      const entries = await readZip(res.rawPayload);
      const names = [...entries.keys()].filter((n) => n.endsWith('.png'));
      // Every chart went to the pool (and none was drawn in this thread), in chunks of consecutive charts.
      expect(dispatched.flat().map((k) => k.replace(/[^A-Za-z0-9._-]/g, '_') + '.png')).toEqual(names);
      const api = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'identity' } });
      const reportJsonGz = gzipSync(api.body);
      const reference = chartImages(
        { summary: { id, parserVersion: 0 } as ReportSummary, reportJsonGz, report: JSON.parse(api.body) as ReportJson },
        { height: 150 },
        inThreadRenderer,
      );
      let n = 0;
      for await (const image of reference.images) {
        const png = entries.get(image.name)!;
        expect(pngSize(png)).toEqual({ width: IMAGE_WIDTH * IMAGE_PIXEL_RATIO, height: imageHeight(150) * IMAGE_PIXEL_RATIO });
        expect(png.equals(image.png), image.name).toBe(true);
        n++;
      }
      expect(n).toBe(names.length);
    } finally {
      render.mockRestore();
    }
  });

  it('keeps a .csv.gz upload as uploaded (stored: deflating gzip again gains nothing), and draws with the view options', async () => {
    const gz = gzipSync(fixture);
    const id = await upload(gz, 'log.csv.gz');
    const res = await t.app.inject(`/api/reports/${id}/export.zip?height=300&offset=20`);
    const entries = await readZip(res.rawPayload);
    expect(entries.get('log.csv.gz')!.equals(gz)).toBe(true);
    expect((await zipEntryInfo(res.rawPayload)).get('log.csv.gz')).toMatchObject({ method: 0, compressedSize: gz.length });
    expect(pngSize(entries.get('cpu_total.png')!).height).toBe(imageHeight(300) * IMAGE_PIXEL_RATIO);
    expect(entries.get('index.html')!.toString()).toContain('"search":"?offset=20&height=300"');
  });

  it('names entries safely whatever the upload and the group names', async () => {
    const body = multipartBody([{ name: 'file', filename: '../../etc/passwd', content: fixture }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', payload: body.payload, headers: body.headers });
    const id = res.json<{ id: string }>().id;
    const entries = await readZip((await t.app.inject(`/api/reports/${id}/export.zip`)).rawPayload);
    for (const name of entries.keys()) expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
  });
});
