import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../server/app.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';

const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.cleanup()));
  await removeTempDirs();
});

async function app(limits: AppConfig['limits']) {
  const t = await makeApp({ limits });
  apps.push(t);
  return t.app;
}

/** An upload whose body stays open until `finish()`: it counts as in progress meanwhile. */
function heldUpload(t: TestApp['app'], remoteAddress = '127.0.0.1') {
  const { payload, headers } = fileUpload(fixture);
  const body = new PassThrough();
  body.write(payload.subarray(0, 100));
  const response = t.inject({ method: 'POST', url: '/api/reports', headers, payload: body, remoteAddress });
  return { response, finish: () => body.end(payload.subarray(100)) };
}

const upload = (t: TestApp['app'], remoteAddress = '127.0.0.1') =>
  t.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture), remoteAddress });

/** Wait until the held upload counts as in progress. */
async function settle(t: TestApp['app']) {
  while (t.uploads.inProgress === 0) await new Promise((r) => setTimeout(r, 5));
}

describe('upload limits', () => {
  it('answers 429 TOO_MANY_UPLOADS with Retry-After past UPLOADS_PER_MINUTE, per client address', async () => {
    const t = await app({ uploadsPerMinute: 2 });
    expect((await upload(t)).statusCode).toBe(201);
    expect((await upload(t)).statusCode).toBe(201);
    const third = await upload(t);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('TOO_MANY_UPLOADS');
    expect(third.json().message).toMatch(/more than 2 a minute/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own allowance; reading is never limited.
    expect((await upload(t, '10.0.0.2')).statusCode).toBe(201);
    expect((await t.inject('/healthz')).statusCode).toBe(200);
  });

  it('answers 429 past MAX_UPLOADS_PER_CLIENT uploads at once from one address, and takes the next one after', async () => {
    const t = await app({ maxUploadsPerClient: 1 });
    const held = heldUpload(t);
    await settle(t);
    const second = await upload(t);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'TOO_MANY_UPLOADS' });
    expect(second.headers['retry-after']).toBe('5');
    expect((await upload(t, '10.0.0.3')).statusCode).toBe(201);
    held.finish();
    expect((await held.response).statusCode).toBe(201);
    expect((await upload(t)).statusCode).toBe(201);
  });

  it('answers 503 SERVER_BUSY with Retry-After past MAX_CONCURRENT_UPLOADS, whoever sends it', async () => {
    const t = await app({ maxConcurrentUploads: 1 });
    const held = heldUpload(t, '10.0.0.4');
    await settle(t);
    const other = await upload(t, '10.0.0.5');
    expect(other.statusCode).toBe(503);
    expect(other.json()).toMatchObject({ code: 'SERVER_BUSY' });
    expect(other.headers['retry-after']).toBe('5');
    held.finish();
    expect((await held.response).statusCode).toBe(201);
    expect((await upload(t, '10.0.0.5')).statusCode).toBe(201);
  });

  it('needs UPLOAD_TOKEN as a Bearer token for uploads only when it is set: 401 without, 403 wrong', async () => {
    const t = await app({ uploadToken: 's3cret-team-token' });
    const { payload, headers } = fileUpload(fixture);
    const none = await t.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('TOKEN_REQUIRED');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers: { ...headers, authorization: 'Bearer s3cret-team-tokem' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('TOKEN_REJECTED');
    const right = await t.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers: { ...headers, authorization: 'Bearer s3cret-team-token' },
    });
    expect(right.statusCode).toBe(201);
    // Reading by link stays open.
    expect((await t.inject(right.json().url.replace('/r/', '/api/reports/'))).statusCode).toBe(200);
  });

  it('counts failed UPLOAD_TOKEN attempts against the address\'s uploads per minute: guesses get 429 too', async () => {
    const t = await app({ uploadToken: 's3cret-team-token', uploadsPerMinute: 3 });
    const { payload, headers } = fileUpload(fixture);
    const guess = (token: string, remoteAddress = '10.0.0.7') =>
      t.inject({ method: 'POST', url: '/api/reports', payload, headers: { ...headers, authorization: `Bearer ${token}` }, remoteAddress });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await guess(`guess-${i}`)).statusCode);
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    const limited = await guess('s3cret-team-token');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_UPLOADS');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not held back by those guesses.
    expect((await guess('s3cret-team-token', '10.0.0.8')).statusCode).toBe(201);
  });
});

