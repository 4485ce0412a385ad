import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebBuild, makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';
import { FIRST_SCREEN_CHARTS } from '../../../shared/view/first-screen.js';
import { firstScreenSources, pngDataUrlBytes } from '../../helpers/first-screen-html.js';
import { COLUMNAR_MEDIA_TYPE, decodeColumnar } from '../../../shared/report/columnar-codec.js';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

afterAll(removeTempDirs);

/** A report page less the preload of its early charts' data (tested on its own below). */
const withoutDataPreload = (html: string): string => html.replace(/<link rel="preload" href="\/r\/[^"]+\/first-screen\/[^"]+\.cols"[^>]*>/, '');

/** The page at `url` once its first screen is drawn (drawn in the background on the first request: ≤ 60 s). */
async function drawnPage(t: TestApp, url: string, marker = 'data-first-screen'): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const res = await t.app.inject({ url, headers: HTML });
    expect(res.statusCode).toBe(200);
    if (res.body.includes(marker)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no first-screen images for ${url} in 60 s`);
}

describe('the web app, when built', () => {
  let t: TestApp;
  let index: string;
  beforeAll(async () => {
    const webDir = await fakeWebBuild();
    index = await readFile(`${webDir}/index.html`, 'utf8');
    t = await makeApp({ webDir });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await t.app.inject({ url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(index);
  });

  it('serves index.html at the url of an upload', async () => {
    const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
    const created = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ url: created.json().url, headers: HTML });
    expect(res.statusCode).toBe(200);
    // With its first-screen images when they are drawn already (see the next test) and its data's preload
    // (the test after), else as built.
    expect(withoutDataPreload(res.body.replace(/<div id="first-screen"[\s\S]*(?=<div id="root">)/, ''))).toBe(index);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("preloads its early charts' data in a report page's head, the file its first screen names, and not the report's data", async () => {
    const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
    const created = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
    const { id, url } = created.json() as { id: string; url: string };
    const html = await drawnPage(t, url);
    const named = /<div id="first-screen" data-columns="([^"]+)"/.exec(html)?.[1];
    expect(named).toMatch(new RegExp(`^/r/${id}/first-screen/[A-Za-z0-9_-]{22}\\.cols$`));
    const links = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    // as="fetch" with crossorigin: the request fetch() makes (CORS mode, same-origin credentials), or the
    // browser would download it twice. The report's own data (megabytes) is loaded by the page in a worker.
    expect(links).toEqual([`<link rel="preload" href="${named}" as="fetch" crossorigin="anonymous">`]);
    expect(html.indexOf(links[0]!)).toBeLessThan(html.indexOf('</head>'));
    // The file: the column encoding, gzipped for a client that takes it, the view's one run (this small
    // run whole: its every sample, as the report's level of detail has them), kept for good by its name.
    const file = await t.app.inject({ url: named!, headers: { 'accept-encoding': 'gzip' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(COLUMNAR_MEDIA_TYPE);
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const columns = decodeColumnar(new Uint8Array(gunzipSync(file.rawPayload)));
    const plain = await t.app.inject({ url: named! });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decodeColumnar(new Uint8Array(plain.rawPayload))).toEqual(columns);
    const lod = decodeColumnar(new Uint8Array((await t.app.inject({ url: `/api/reports/${id}/lod` })).rawPayload));
    expect(columns.runs).toHaveLength(1);
    expect(columns.runs[0]).toEqual(lod.runs[lod.runs.length - 1]);
    // A view of a window has none (too few buckets to draw it from): its early charts wait for the report's data.
    const windowed = await drawnPage(t, `${url}?offset=10`);
    expect(windowed).not.toContain('data-columns=');
    expect(windowed).not.toContain('rel="preload" href="/r/');
    // Not on other pages: the upload page, a compare page, an unknown report.
    for (const other of ['/', '/compare?ids=AAAAAAAAAAAAAAAAAAAAAA', '/r/AAAAAAAAAAAAAAAAAAAAAA']) {
      expect((await t.app.inject({ url: other, headers: HTML })).body, other).not.toContain('rel="preload" href="/r/');
    }
  });

  it('puts the first screen as images into a report page once drawn, for the view of the URL', async () => {
    const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
    const created = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
    const url: string = created.json().url;
    const page = async (query: string, marker = 'data-first-screen'): Promise<string> => {
      // Drawn in the background (the first request of a view starts it): ask until it is there (≤ 60 s).
      for (let i = 0; i < 300; i++) {
        const res = await t.app.inject({ url: url + query, headers: HTML });
        expect(res.statusCode).toBe(200);
        if (res.body.includes(marker)) return res.body;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no first-screen images for ${url}${query} in 60 s`);
    };
    // After the upload: the first screen's charts only (the pool's work per upload stays small).
    const first = await page('');
    expect([...first.matchAll(/<figure data-first-screen=/g)]).toHaveLength(FIRST_SCREEN_CHARTS);
    // Asked for, the page gets every chart's image.
    const html = await page('', 'loading="lazy"');
    // Before the app's root, so it shows first; the rest of index.html unchanged; no inline script.
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    // Every chart of the page (§21), in its order: the first screen's fetched at once, the others lazily.
    const figures = [...html.matchAll(/<figure data-first-screen="([^"]+)"/g)].map((m) => m[1]);
    expect(figures).toEqual([
      ...['procs', 'procs-new', 'memory', 'paging', 'disk:vda', 'iops:vda'],
      ...['interrupts', 'csw', 'cpu:total', 'cpu:cpu0', 'cpu:cpu1', 'net:eth0', 'load'],
    ]);
    const loading = [...html.matchAll(/<img [^>]*>/g)].map((m) => (/\bloading="lazy"/.test(m[0]) ? 'lazy' : /\bfetchpriority="high"/.test(m[0]) ? 'high' : '?'));
    expect(loading).toEqual([...Array<string>(FIRST_SCREEN_CHARTS).fill('high'), ...Array<string>(figures.length - FIRST_SCREEN_CHARTS).fill('lazy')]);
    // Each keeps its place before it has loaded: its size is in the markup.
    for (const m of html.matchAll(/<img [^>]*>/g)) expect(m[0]).toMatch(/ width="640" height="200" /);
    const firstScreen = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root">'));
    const png = async (url: string): Promise<Buffer> => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      // Named by its content: a name never serves other bytes.
      expect(url.endsWith(`/${createHash('sha256').update(res.rawPayload).digest('base64url').slice(0, 22)}.png`)).toBe(true);
      return res.rawPayload;
    };
    const size = (p: Buffer): [number, number] => [p.readUInt32BE(16), p.readUInt32BE(20)];
    const fileUrl = new RegExp(`^${url}/first-screen/[A-Za-z0-9_-]{22}\\.png$`);
    // Each figure has its PNG light and dark at 1× and 2× the pixels (640 × 200 CSS px). The first screen's
    // light 1× ones (what most screens show first) are inside the HTML; every other one is a file.
    const sources = firstScreenSources(firstScreen);
    expect(sources.map((f) => f.key)).toEqual(figures);
    let inlineBytes = 0;
    for (const [i, f] of sources.entries()) {
      for (const [theme, set] of [['light', f.light], ['dark', f.dark]] as const) {
        expect(Object.keys(set).sort(), f.key).toEqual(['1x', '2x']);
        const inline = pngDataUrlBytes(set['1x']!);
        if (theme === 'light' && i < FIRST_SCREEN_CHARTS) {
          expect(inline, `${f.key} light 1x inline`).not.toBeNull();
          expect(size(inline!)).toEqual([640, 200]);
          inlineBytes += set['1x']!.length;
        } else {
          expect(set['1x'], `${f.key} ${theme} 1x`).toMatch(fileUrl);
          expect(size(await png(set['1x']!))).toEqual([640, 200]);
        }
        expect(set['2x'], `${f.key} ${theme} 2x`).toMatch(fileUrl);
        expect(size(await png(set['2x']!))).toEqual([1280, 400]);
      }
      // Light and dark differ (the theme's background and text).
      expect(f.light['1x']).not.toBe(f.dark['1x']);
    }
    expect(html.match(/data:image/g)).toHaveLength(FIRST_SCREEN_CHARTS);
    // A few KB of markup, and ~10–20 KB of PNG a chart inside it.
    expect(firstScreen.length - inlineBytes).toBeLessThan(16 * 1024);
    expect(inlineBytes).toBeLessThan(FIRST_SCREEN_CHARTS * 32 * 1024);
    expect(new Set(sources.flatMap((f) => [...Object.values(f.light), ...Object.values(f.dark)])).size).toBeGreaterThanOrEqual(3 * figures.length);
    // The first screen's images carry the name their paint is timed by (Element Timing, web/src/first-screen.ts).
    for (const m of [...html.matchAll(/<img [^>]*>/g)]) expect(m[0]).toContain(' elementtiming="dv-first-screen" ');

    // Another view: its own images (here 300 px tall); a view that leaves nothing to draw: none.
    const tall = await page('?height=300&cols=2');
    expect(size(await png(firstScreenSources(tall)[0]!.light['2x']!))).toEqual([1280, 600]);
    const past = await t.app.inject({ url: `${url}?offset=99999`, headers: HTML });
    await new Promise((r) => setTimeout(r, 3000));
    const pastAgain = await t.app.inject({ url: `${url}?offset=99999`, headers: HTML });
    expect(withoutDataPreload(past.body)).toBe(index);
    expect(withoutDataPreload(pastAgain.body)).toBe(index);

    // A file is found only under its own report, by a well-formed name it has drawn; a deleted report's
    // images go with it.
    const name = sources[0]!.light['2x']!.split('/').pop()!;
    const other = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
    for (const [path, status] of [
      [`${other.json().url}/first-screen/${name}`, 404],
      [`${url}/first-screen/${'A'.repeat(22)}.png`, 404],
      [`${url}/first-screen/${name.replace('.png', '.svg')}`, 400],
      [`${url}/first-screen/..%2F..%2Fpackage.json`, 400],
    ] as const) {
      const res = await t.app.inject({ url: path, headers: HTML });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    }
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${created.json().id}`,
      headers: { authorization: `Bearer ${created.json().deleteToken}` },
    });
    expect(gone.statusCode).toBe(204);
    const after = await t.app.inject({ url: `${url}/first-screen/${name}` });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('REPORT_NOT_FOUND');
  }, 90_000);

  it('serves index.html with 404 for a report page that does not exist or a malformed id', async () => {
    for (const url of ['/r/AAAAAAAAAAAAAAAAAAAAAA', '/r/..%2F..%2Fetc', '/r/x', `/r/${'A'.repeat(300)}`]) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(index);
    }
  });

  it("answers a browser revalidating a page it had cached (a report deleted since) with the page, not an empty 404", async () => {
    const home = await t.app.inject({ url: '/', headers: HTML });
    const etag = home.headers.etag as string;
    expect(etag).toBeTruthy();
    const res = await t.app.inject({ url: '/r/AAAAAAAAAAAAAAAAAAAAAA', headers: { ...HTML, 'if-none-match': etag } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(index);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves index.html at the compare page (its query is read by the app)', async () => {
    const res = await t.app.inject({ url: '/compare?ids=AAAAAAAAAAAAAAAAAAAAAA,BBBBBBBBBBBBBBBBBBBBBB:2', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(index);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.app.inject('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses text assets for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log');
  });

  it('sends a script the build compressed as it is, in the encoding the client takes', async () => {
    const webDir = await fakeWebBuild();
    const script = `console.log(${JSON.stringify('y'.repeat(4000))});\n`;
    await writeFile(`${webDir}/assets/app-main-GhI789.js`, script);
    // Marked copies: what is sent shows which file it came from.
    await writeFile(`${webDir}/assets/app-main-GhI789.js.br`, brotliCompressSync(`${script}// br\n`));
    await writeFile(`${webDir}/assets/app-main-GhI789.js.gz`, gzipSync(`${script}// gz\n`));
    const built = await makeApp({ webDir });
    try {
      const br = await built.app.inject({ url: '/assets/app-main-GhI789.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}// br\n`);
      const gz = await built.app.inject({ url: '/assets/app-main-GhI789.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}// gz\n`);
      const plain = await built.app.inject({ url: '/assets/app-main-GhI789.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await built.cleanup();
    }
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    const res = await t.app.inject({ url: '/assets/index-missing.js', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('answers unknown /api paths with JSON 404, never index.html', async () => {
    for (const url of ['/api/nope', '/api', '/api/reports', '/api/reports/AAAAAAAAAAAAAAAAAAAAAA/nope']) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('answers other unknown pages with the app and 404', async () => {
    const res = await t.app.inject({ url: '/no/such/page', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(index);
  });

  it('does not serve files outside the build, nor dot files, and never fails with a 5xx on odd paths', async () => {
    const urls = ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/.env', '/.git/config', '/assets/', '/a%00b', `/${'a'.repeat(5000)}`];
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('"dependencies"');
      expect(res.body, url).not.toMatch(/\/tmp\/|\/work\//);
    }
  });
});

describe('the server without a web build', () => {
  it('starts, serves the API, and says what is missing at /', async () => {
    const t = await makeApp({ webDir: await tempDir('dstatview-noweb-') });
    try {
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      const res = await t.app.inject({ url: '/', headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WEB_APP_NOT_BUILT');
      const page = await t.app.inject({ url: '/r/AAAAAAAAAAAAAAAAAAAAAA', headers: HTML });
      expect(page.statusCode).toBe(404);
    } finally {
      await t.cleanup();
    }
  });
});
