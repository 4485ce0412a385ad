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

describe('GET /api/config', () => {
  it('answers the upload limit, by default 4 MiB', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maxUploadBytes: 4194304 });
  });
});
