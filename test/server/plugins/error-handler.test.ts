import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app.js';
import { ServerBusyError } from '../../../server/errors.js';
import { DstatFormatError } from '../../../shared/dstat/errors.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';

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
