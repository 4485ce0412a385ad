import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app.js';
import { ServerBusyError } from '../../../server/errors.js';
import { DstatFormatError } from '../../../shared/dstat/errors.js';
import { fakeWebBuild, removeTempDirs, tempDir } from '../../helpers/app.js';

let app: App;
beforeAll(async () => {
  app = await buildApp({ dataDir: await tempDir(), maxUploadBytes: 1000, webDir: null, parserThreads: 1 });
  // Routes that fail the ways a bug or a dependency can.
  app.get('/api/test/boom', async () => {
    throw new Error('ENOENT: no such file, open /work/main/data/secret.json');
  });
  app.get('/api/test/throw-string', async () => {
    throw 'a string with /work/main in it';
  });
  app.get('/api/test/system', async () => {
    throw Object.assign(new Error('EACCES: permission denied, open /var/lib/dstatview/x'), { code: 'EACCES', syscall: 'open' });
  });
  app.get('/api/test/dstat', async () => {
    throw new DstatFormatError('NOT_DSTAT', 3, 2, 'expected "Host:"');
  });
  app.get('/api/test/busy', async () => {
    throw new ServerBusyError();
  });
  app.post('/api/test/json', { schema: { body: { type: 'object', required: ['a'] } } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await removeTempDirs();
});

describe('the error handler', () => {
  it('answers a server fault with 500, a request id, and nothing of the error', async () => {
    for (const url of ['/api/test/boom', '/api/test/throw-string', '/api/test/system']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(500);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toBe('INTERNAL_ERROR');
      expect(body.message).toMatch(/\(request req-[0-9a-z]+\)/);
      expect(res.body).not.toMatch(/\/work\/|\/var\/lib|ENOENT|EACCES|secret| at /);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the code and status of its own 5xx errors: SERVER_BUSY is a 503 with Retry-After, not a 500', async () => {
    const res = await app.inject('/api/test/busy');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'SERVER_BUSY', message: new ServerBusyError().message });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers a DstatFormatError with 422, code, line, column and the parser message', async () => {
    const res = await app.inject('/api/test/dstat');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'NOT_DSTAT', message: 'line 3, column 2: expected "Host:"', line: 3, column: 2 });
  });

  it('answers schema validation failures with 400 BAD_REQUEST', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/json', payload: { b: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers broken JSON with 400 and an over-long JSON body with 413', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'message']);
    const big = await app.inject({ method: 'POST', url: '/api/test/json', payload: { a: 'x'.repeat(100_000) } });
    expect(big.statusCode).toBe(413);
  });

  it('answers an unsupported media type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/json',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a malformed percent-encoding with 400 outside /api/reports and 404 inside', async () => {
    const outside = await app.inject('/api/x%zz');
    expect(outside.statusCode).toBe(400);
    expect(outside.headers['x-content-type-options']).toBe('nosniff');
    const inside = await app.inject('/api/reports/%zz');
    expect(inside.statusCode).toBe(404);
    expect(inside.json().code).toBe('REPORT_NOT_FOUND');
  });
});

describe('the error handler, logging and not found', () => {
  it('logs a fault with its stack, a refusal (own 5xx) as a warning, a client error as info', async () => {
    const lines: { level: number; msg: string; code?: string; reason?: string; err?: { message: string; stack: string } }[] = [];
    const logged = await buildApp({
      dataDir: await tempDir(),
      maxUploadBytes: 1000,
      webDir: null,
      parserThreads: 1,
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
    });
    logged.get('/api/test/boom', async () => {
      throw new Error('disk on fire');
    });
    logged.get('/api/test/busy', async () => {
      throw new ServerBusyError();
    });
    try {
      await logged.inject('/api/test/boom');
      await logged.inject('/api/test/busy');
      await logged.inject('/api/reports/AAAAAAAAAAAAAAAAAAAAAA');
      const of = (msg: string) => lines.filter((l) => l.msg === msg);
      expect(of('request failed')).toHaveLength(1);
      expect(of('request failed')[0]).toMatchObject({ level: 50, err: { message: 'disk on fire' } });
      expect(of('request failed')[0]!.err!.stack).toContain('disk on fire');
      expect(of('request refused')).toEqual([expect.objectContaining({ level: 40, code: 'SERVER_BUSY', reason: new ServerBusyError().message })]);
      expect(of('request rejected')).toEqual([expect.objectContaining({ level: 30, code: 'REPORT_NOT_FOUND' })]);
    } finally {
      await logged.close();
    }
  });

  it('answers an unknown path under /api with 404 JSON naming it (a report path: no such report)', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/nothing/here?secret=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'not found: DELETE /api/nothing/here' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await app.inject('/api')).json()).toEqual({ code: 'NOT_FOUND', message: 'not found: GET /api' });
    expect((await app.inject('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/nope')).json().code).toBe('REPORT_NOT_FOUND');
  });

  it("serves the app's page for a mistyped link a browser reads, JSON for anything else", async () => {
    const web = await buildApp({ dataDir: await tempDir(), maxUploadBytes: 1000, webDir: await fakeWebBuild(), parserThreads: 1 });
    try {
      const html = { accept: 'text/html,application/xhtml+xml' };
      const page = await web.inject({ url: '/no/such/page?x=1', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="root">');
      const head = await web.inject({ method: 'HEAD', url: '/no/such/page', headers: html });
      expect(head.statusCode).toBe(404);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      for (const [method, url, headers] of [
        ['POST', '/no/such/page', html],
        ['GET', '/no/such/page', {}],
        ['GET', '/assets/gone-123.js', html],
        ['GET', '/api/nothing', html],
      ] as const) {
        const res = await web.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toBe('application/json; charset=utf-8');
        expect(res.json().message).toBe(`not found: ${method} ${url}`);
      }
      // Without a built app, a browser gets the JSON too.
      expect((await app.inject({ url: '/no/such/page', headers: html })).headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      await web.close();
    }
  });
});
