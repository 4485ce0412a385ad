import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
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
  it('answers the upload limit', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES });
  });
});
