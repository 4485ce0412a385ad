/**
 * The small routes' answers to the letter, each app built in its test: cache policy of /healthz, /readyz,
 * /api/config, the level of detail and the pages; the delete route's challenge, messages and log; the
 * first-screen files' not-found message.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebBuild, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';

const CSV = readFileSync(fixturePath('d072_tfvnrl.csv'));
afterAll(removeTempDirs);

async function withApp(overrides: Parameters<typeof makeApp>[0], body: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await makeApp(overrides);
  try {
    await body(t);
  } finally {
    await t.cleanup();
  }
}
const upload = async (t: TestApp) => (await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(CSV) })).json<{ id: string; deleteToken: string }>();

describe('cache policy of the small routes', () => {
  it('never stores health answers, revalidates the config, the level of detail and pages with images', async () => {
    await withApp({ webDir: await fakeWebBuild() }, async (t) => {
      const health = await t.app.inject('/healthz');
      expect([health.statusCode, health.json(), health.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
      const ready = await t.app.inject('/readyz');
      expect([ready.statusCode, ready.json(), ready.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
      const config = await t.app.inject('/api/config');
      expect([config.json(), config.headers['cache-control']]).toEqual([{ maxUploadBytes: 4194304 }, 'no-cache']);
      const { id } = await upload(t);
      const lod = await t.app.inject(`/api/reports/${id}/lod`);
      expect(lod.headers['cache-control']).toBe('no-cache');
      expect(lod.headers.vary).toBe('Accept-Encoding');
      expect(lod.headers.etag).toBeTruthy();
      expect((await t.app.inject({ url: `/api/reports/${id}/lod`, headers: { 'if-none-match': lod.headers.etag as string } })).statusCode).toBe(304);
    });
  });
});

describe('DELETE /api/reports/:id, to the letter', () => {
  it('challenges for the token, names a wrong one, answers 204 uncached and logs the deletion', async () => {
    const lines: { msg: string; reportId?: string }[] = [];
    await withApp({ logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } }, async (t) => {
      const { id, deleteToken } = await upload(t);
      const none = await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}` });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="report"');
      expect(none.json()).toEqual({ code: 'TOKEN_REQUIRED', message: 'deleting a report needs the delete token its upload was given: send it as "Authorization: Bearer <token>"' });
      const wrong = await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: { authorization: 'Bearer nope' } });
      expect(wrong.json()).toEqual({ code: 'TOKEN_REJECTED', message: 'this is not the delete token of this report' });
      const done = await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: { authorization: `Bearer ${deleteToken}` } });
      expect(done.statusCode).toBe(204);
      expect(done.headers['cache-control']).toBe('no-store');
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'report deleted by its uploader', reportId: id }));
      expect(t.app.storageUsage.reports).toBe(0);
    });
  });
});

describe('first-screen files no longer kept', () => {
  it('are 404 NOT_FOUND naming the path and why', async () => {
    await withApp({ webDir: await fakeWebBuild() }, async (t) => {
      const { id } = await upload(t);
      const name = 'AAAAAAAAAAAAAAAAAAAAAA.png';
      expect((await t.app.inject(`/r/${id}/first-screen/${name}`)).json()).toEqual({
        code: 'NOT_FOUND',
        message: `not found: GET /r/${id}/first-screen/${name} (a first-screen file no longer kept)`,
      });
      expect((await t.app.inject(`/compare/first-screen/${name}`)).json()).toEqual({
        code: 'NOT_FOUND',
        message: `not found: GET /compare/first-screen/${name} (a first-screen image no longer kept)`,
      });
    });
  });
});
