/**
 * What the plugins set up when the app is built (security.ts, compress.ts, static.ts, upload-limits.ts,
 * metrics.ts, multipart.ts, store.ts), each app built inside its test: what a mutation run changes at build
 * time is only seen by the tests that build an app themselves (its per-test coverage does not count a
 * beforeAll). Headers, compression, cache policy, the upload limits' scope, the metrics' units and labels.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { fakeWebBuild, makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';
import { readFixture } from '../../helpers/fixtures.js';

const fixture = readFixture('d072_tfvnrl.csv');
afterAll(removeTempDirs);

async function withApp<T>(overrides: Parameters<typeof makeApp>[0], body: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await makeApp(overrides);
  try {
    return await body(t);
  } finally {
    await t.cleanup();
  }
}
const upload = (t: TestApp, content: string = fixture) => t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(content) });

describe('security headers, as built', () => {
  it('deny framing, send no referrer, leave out COEP and upgrade-insecure-requests, on every answer', async () => {
    await withApp({ webDir: await fakeWebBuild() }, async (t) => {
      for (const url of ['/', '/api/config', '/api/nope', '/assets/index-AbC123.js']) {
        const res = await t.app.inject(url);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).not.toContain('upgrade-insecure-requests');
      }
    });
  });
});

describe('compression, as built', () => {
  it('answers br or gzip as accepted for bodies over 1 KiB, and nothing under', async () => {
    await withApp({}, async (t) => {
      const id = (await upload(t)).json<{ id: string }>().id;
      const url = `/api/reports/${id}`;
      expect((await t.app.inject({ url, headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBe('br');
      expect((await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
      expect((await t.app.inject({ url, headers: { 'accept-encoding': 'deflate' } })).headers['content-encoding']).toBeUndefined();
      const small = await t.app.inject({ url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  });
});

describe('the web app, as built', () => {
  it('caches hashed assets for a year, pages never without asking, other files an hour; serves no dot file', async () => {
    const webDir = await fakeWebBuild();
    await writeFile(join(webDir, '.env'), 'SECRET=1');
    await mkdir(join(webDir, '.git'));
    await writeFile(join(webDir, '.git', 'config'), '[remote] SECRET');
    await withApp({ webDir }, async (t) => {
      expect((await t.app.inject('/assets/index-AbC123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
      const page = await t.app.inject('/index.html');
      expect(page.headers['cache-control']).toBe('no-cache');
      // Not the file: a 404, as any path the app does not have (a browser gets the app's page).
      for (const url of ['/.env', '/.git/config', '/assets/../.env']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('SECRET');
      }
      expect((await t.app.inject({ url: '/.env', headers: { accept: 'text/html' } })).body).toContain('<div id="root">');
    });
  });

  it('says in its log that the web app is not built, serving the API only', async () => {
    const lines: { level: number; msg: string; webDir?: string }[] = [];
    const empty = await tempDir();
    await withApp({ webDir: empty, logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } }, async () => undefined);
    expect(lines.filter((l) => l.msg.startsWith('web app not built'))).toEqual([
      expect.objectContaining({ level: 40, webDir: empty, msg: 'web app not built (no index.html): serving the API only; run `npm run build:web` for the web app' }),
    ]);
  });
});

describe('upload limits and metrics, as built', () => {
  it('limits uploads per minute and not the other requests of the same client', async () => {
    await withApp({ limits: { uploadsPerMinute: 1 } }, async (t) => {
      expect((await upload(t)).statusCode).toBe(201);
      const again = await upload(t);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('TOO_MANY_UPLOADS');
      for (let i = 0; i < 5; i++) expect((await t.app.inject('/api/config')).statusCode).toBe(200);
    });
  });

  it("refuses an upload over the limit with 413 (multipart's limit throws, never truncates the file)", async () => {
    await withApp({ maxUploadBytes: 2000 }, async (t) => {
      const res = await upload(t);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('FILE_TOO_LARGE');
    });
  });

  it('counts uploads only, by outcome, and parse times in seconds', async () => {
    await withApp({}, async (t) => {
      expect((await upload(t)).statusCode).toBe(201);
      expect((await upload(t, 'not a dstat log\n')).statusCode).toBe(422);
      await t.app.inject('/api/config');
      await t.app.inject('/api/nope');
      const res = await t.app.inject('/metrics');
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;
      const outcomes = [...text.matchAll(/^dstatview_uploads_total\{outcome="([^"]+)"\} (\d+)$/gm)].map((m) => `${m[1]}=${m[2]}`);
      expect(outcomes.sort()).toEqual(['CREATED=1', 'NOT_DSTAT=1']);
      expect(text).toMatch(/^dstatview_parse_duration_seconds_bucket\{le="0\.05"\} \d+$/m);
      expect(text).toMatch(/^dstatview_parse_duration_seconds_bucket\{le="60"\} 2$/m);
      const sum = Number(/^dstatview_parse_duration_seconds_sum (\S+)$/m.exec(text)![1]);
      expect(sum).toBeGreaterThan(0);
      expect(sum).toBeLessThan(60);
    });
  });
});

describe('the store, as built', () => {
  it('is closed with the app', async () => {
    const dataDir = await tempDir();
    const store = new FsReportStore(dataDir);
    let closed = 0;
    const close = store.close.bind(store);
    store.close = async () => {
      closed++;
      await close();
    };
    const t = await makeApp({ dataDir, store });
    expect(closed).toBe(0);
    await t.cleanup();
    expect(closed).toBe(1);
  });
});
