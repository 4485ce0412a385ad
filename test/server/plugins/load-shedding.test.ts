/**
 * Load shedding (server/plugins/load-shedding.ts): past MAX_RSS_BYTES, or while the event loop lags past
 * MAX_EVENT_LOOP_DELAY_MS, an upload gets 503 SERVER_BUSY with Retry-After; reading a report and /healthz are
 * still served. With both limits off, the same app takes the same upload. Also the connection cap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../../helpers/multipart.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { readFixture } from '../../helpers/fixtures.js';

afterAll(removeTempDirs);

const fixture = readFixture('d072_tfvnrl.csv');
const upload = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** under-pressure reads the process' figures once a second: upload until refused, for up to `ms`. */
async function uploadUntilRefused(t: TestApp, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await upload(t);
    if (res.statusCode !== 201 || Date.now() > end) return res;
    await sleep(100);
  }
}

describe('load shedding', () => {
  it('refuses uploads with 503 SERVER_BUSY and Retry-After past MAX_RSS_BYTES, and still serves reads', async () => {
    const open = await makeApp();
    const t = await makeApp({ limits: { maxRssBytes: 1 } });
    try {
      const id = (await upload(open)).json<{ id: string }>().id;
      const res = await uploadUntilRefused(t);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVER_BUSY' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      // Reading is not shed: the refused app reads what the open one stored (another DATA_DIR: a 404, not a 503).
      expect((await t.app.inject(`/api/reports/${id}`)).statusCode).toBe(404);
      expect((await open.app.inject(`/api/reports/${id}`)).statusCode).toBe(200);
      expect((await upload(open)).statusCode).toBe(201);
    } finally {
      await Promise.all([open.cleanup(), t.cleanup()]);
    }
  });

  it('refuses uploads while the event loop lags past MAX_EVENT_LOOP_DELAY_MS', async () => {
    const t = await makeApp({ limits: { maxEventLoopDelayMs: 20 } });
    try {
      // The loop blocked 200 ms at a time for over a second (under-pressure's sample): its mean delay is then
      // far past 20 ms until the next sample, a second later; the upload comes at once.
      const block = setInterval(() => {
        const until = Date.now() + 200;
        while (Date.now() < until);
      }, 20);
      await sleep(1500);
      clearInterval(block);
      const res = await upload(t);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVER_BUSY' });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await t.cleanup();
    }
  });

  it('takes the same upload with both limits off', async () => {
    const t = await makeApp({ limits: { maxRssBytes: 0, maxEventLoopDelayMs: 0 } });
    try {
      await sleep(1100); // one sample of under-pressure
      expect((await upload(t)).statusCode).toBe(201);
    } finally {
      await t.cleanup();
    }
  });

  it('caps the open connections at MAX_CONNECTIONS', async () => {
    const t = await makeApp({ limits: { maxConnections: 7 } });
    try {
      expect(t.app.server.maxConnections).toBe(7);
    } finally {
      await t.cleanup();
    }
  });
});
