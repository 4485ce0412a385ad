/**
 * Exports are admitted by the route's own gate (server/export/export-gate.ts), on a real app with the real
 * web build: at most MAX_CONCURRENT_EXPORTS made at once (503 EXPORTS_BUSY + Retry-After beyond, before the
 * report is read), requests for the export being made share that making, a finished one is served again
 * without reading the report, and a deleted report is never served from the kept ones. The charts are held
 * back by a render that waits for the test, so "in progress" is a state, not a timing.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';
import { readZip } from '../../helpers/zip.js';

const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const FIXTURE = new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url);

let t: TestApp;
let fixture: Buffer;

beforeAll(async () => {
  if (!existsSync(`${WEB_DIR}/offline/offline.js`)) throw new Error('dist/web/offline is missing: run npm run build first');
  fixture = await readFile(FIXTURE);
  t = await makeApp({ webDir: WEB_DIR, limits: { maxConcurrentExports: 1 } });
  // The reads counted here are the exports': no first-screen images after an upload (they read the stored
  // report too, in the background, and are drawn again whenever the worker threads fall idle).
  vi.spyOn(t.app.firstScreen, 'warm').mockImplementation(() => undefined);
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

async function upload(): Promise<{ id: string; deleteToken: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture, 'log.csv') });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; deleteToken: string }>();
}

/** Holds every chart drawing until release(); counts the stored reports read. */
function holdCharts() {
  const makeCharts = t.app.parser.charts.bind(t.app.parser);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const firstDraw = new Promise<void>((resolve) => (started = resolve));
  const render = vi.spyOn(t.app.parser, 'charts').mockImplementation((client) => {
    const charts = makeCharts(client);
    const original = charts.render.bind(charts);
    charts.render = async (task) => {
      started();
      await gate;
      return original(task);
    };
    return charts;
  });
  const reads = vi.spyOn(t.app.store, 'openReportJsonGz');
  return {
    release,
    firstDraw,
    reads,
    restore() {
      render.mockRestore();
      reads.mockRestore();
    },
  };
}

describe('export admission', () => {
  it('makes one export at a time: the same one is shared, another is refused with 503 + Retry-After before reading the report', async () => {
    const { id } = await upload();
    const hold = holdCharts();
    try {
      const first = t.app.inject(`/api/reports/${id}/export.zip?height=150`);
      await hold.firstDraw;
      const same = t.app.inject(`/api/reports/${id}/export.zip?height=150`);
      const readsBefore = hold.reads.mock.calls.length;
      const other = await t.app.inject(`/api/reports/${id}/export.zip?height=300`);
      expect(other.statusCode).toBe(503);
      expect(other.headers['retry-after']).toMatch(/^\d+$/);
      expect(other.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(other.json()).toEqual({ code: 'EXPORTS_BUSY', message: 'the server is making 1 other exports, its limit: try again in a few seconds' });
      const html = await t.app.inject(`/api/reports/${id}/export.html`);
      expect(html.statusCode).toBe(503);
      // Refused before the report was read.
      expect(hold.reads.mock.calls.length).toBe(readsBefore);
      hold.release();
      const [a, b] = await Promise.all([first, same]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
      expect(a.headers['content-length']).toBe(String(a.rawPayload.length));
      expect([...(await readZip(a.rawPayload)).keys()]).toContain('stats.csv');
      // One making for both: the report was read once.
      expect(hold.reads).toHaveBeenCalledTimes(1);
      // Kept: served again without reading the report, the same bytes.
      const again = await t.app.inject(`/api/reports/${id}/export.zip?height=150`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(hold.reads).toHaveBeenCalledTimes(1);
      // The place is free again.
      expect((await t.app.inject(`/api/reports/${id}/export.zip?height=300`)).statusCode).toBe(200);
    } finally {
      hold.release();
      hold.restore();
    }
  });

  it('a failed making is not kept, and frees its place', async () => {
    const { id } = await upload();
    const reads = vi.spyOn(t.app.store, 'openReportJsonGz').mockRejectedValueOnce(Object.assign(new Error('disk gone'), { code: 'EIO' }));
    try {
      const failed = await t.app.inject(`/api/reports/${id}/export.zip`);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.statusCode).not.toBe(503);
      const ok = await t.app.inject(`/api/reports/${id}/export.zip`);
      expect(ok.statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('a deleted report is not served from the kept exports', async () => {
    const { id, deleteToken } = await upload();
    expect((await t.app.inject(`/api/reports/${id}/export.zip`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/reports/${id}/export.html`)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: { authorization: `Bearer ${deleteToken}` } });
    expect(del.statusCode).toBe(204);
    for (const kind of ['zip', 'html']) {
      const res = await t.app.inject(`/api/reports/${id}/export.${kind}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('REPORT_NOT_FOUND');
    }
  });
});
