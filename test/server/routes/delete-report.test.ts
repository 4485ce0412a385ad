import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';

let t: TestApp;
const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

async function upload(): Promise<{ id: string; deleteToken: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const del = (id: string, authorization?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: authorization ? { authorization } : {} });

describe('DELETE /api/reports/:id', () => {
  it('gives each upload its own delete token, and stores only its hash', async () => {
    const a = await upload();
    const b = await upload();
    expect(a.deleteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.deleteToken).not.toBe(b.deleteToken);
    for (const file of await listFiles(t.dataDir)) {
      const text = await readFile(`${t.dataDir}/${file}`, 'latin1');
      expect(text, file).not.toContain(a.deleteToken);
    }
    const summary = JSON.parse(await readFile(`${t.dataDir}/reports/${a.id}/summary.json`, 'utf8'));
    expect(summary.deleteTokenSha256).toMatch(/^[0-9a-f]{64}$/);
    // The report as served does not carry it.
    expect((await t.app.inject(`/api/reports/${a.id}`)).json()).not.toHaveProperty('deleteTokenSha256');
  });

  it('answers 401 without a token and 403 with a wrong one (another report\'s), and the report stays', async () => {
    const a = await upload();
    const b = await upload();
    const none = await del(a.id);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('TOKEN_REQUIRED');
    expect((await del(a.id, `Basic ${a.deleteToken}`)).statusCode).toBe(401);
    const wrong = await del(a.id, `Bearer ${b.deleteToken}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'TOKEN_REJECTED', message: 'this is not the delete token of this report' });
    expect((await del(a.id, `Bearer ${a.deleteToken.slice(0, -1)}x`)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/reports/${a.id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/reports/${a.id}/csv`)).rawPayload.equals(fixture)).toBe(true);
  });

  it('deletes with the right token: 204, then the report and its CSV are 404, and a second delete is 404', async () => {
    const a = await upload();
    const ok = await del(a.id, `Bearer ${a.deleteToken}`);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await t.app.inject(`/api/reports/${a.id}`)).json().code).toBe('REPORT_NOT_FOUND');
    expect((await t.app.inject(`/api/reports/${a.id}/csv`)).statusCode).toBe(404);
    expect((await del(a.id, `Bearer ${a.deleteToken}`)).statusCode).toBe(404);
    expect((await listFiles(t.dataDir)).filter((f) => f.includes(a.id))).toEqual([]);
  });

  it('answers 404 for an id that is not one', async () => {
    expect((await del('..%2F..%2Fetc', 'Bearer x')).statusCode).toBe(404);
    expect((await del('AAAAAAAAAAAAAAAAAAAAAA', 'Bearer x')).statusCode).toBe(404);
  });
});
