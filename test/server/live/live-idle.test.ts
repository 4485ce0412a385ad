import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveOpened, LiveStatusJson } from '../../../shared/api/live-json.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.cleanup()));
  await removeTempDirs();
});

describe('a live report whose writer vanished', () => {
  it('is finished by the server after its idle time (here 1 s) and as much again, as the upload of its bytes', async () => {
    const t = await makeApp();
    apps.push(t);
    const a = t.app;
    const live = (await a.inject({ method: 'POST', url: '/api/live', payload: { idleSeconds: 1 } })).json<LiveOpened>();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const sent = await a.inject({
      method: 'POST',
      url: `/api/live/${live.id}/rows?offset=0`,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${live.appendToken}` },
      payload: log,
    });
    expect(sent.statusCode).toBe(200);
    const state = async () => (await a.inject({ method: 'GET', url: `/api/live/${live.id}` })).json<LiveStatusJson>().state;
    const until = Date.now() + 8000;
    while ((await state()) === 'live' && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    expect(await state()).toBe('finished');
    const csv = await a.inject({ method: 'GET', url: `/api/reports/${live.id}/csv` });
    expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
  });
});
