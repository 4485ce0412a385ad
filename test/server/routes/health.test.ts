import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

describe('GET /healthz', () => {
  it('answers {status: "ok"}, never cached', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
