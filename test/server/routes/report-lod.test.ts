/**
 * GET /api/reports/:id/lod through app.inject with the real parser pool and store: a small report comes
 * whole (equal to the JSON path), a big one reduced to its level of detail with the full run's statistics;
 * gzip as stored, plain when not accepted, 304 on a matching ETag, 404 for no such report.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLog } from '../../../bench/make-log.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { LOD_BUCKETS, LOD_MIN_ROWS } from '../../../shared/limits.js';
import { COLUMNAR_MEDIA_TYPE, decodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { readFixture } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ maxUploadBytes: 64 * 1024 * 1024 });
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

async function upload(csv: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(csv, 'x.csv') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function fullReport(id: string) {
  return toColumnar((await t.app.inject(`/api/reports/${id}`)).json() as ReportJson);
}

describe('GET /api/reports/:id/lod', () => {
  it('a small report: whole, value for value the JSON path, gzipped as made', async () => {
    const id = await upload(readFixture('d072_long_tfvnrl.csv'));
    const res = await t.app.inject({ url: `/api/reports/${id}/lod`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(COLUMNAR_MEDIA_TYPE);
    expect(res.headers['content-encoding']).toBe('gzip');
    const report = decodeColumnar(gunzipSync(res.rawPayload));
    expect(report.runs.every((r) => r.lod === undefined)).toBe(true);
    expect(report).toEqual(await fullReport(id));

    // Without gzip: the same bytes, plain; a matching ETag: 304.
    const plain = await t.app.inject({ url: `/api/reports/${id}/lod`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decodeColumnar(plain.rawPayload)).toEqual(report);
    const again = await t.app.inject({ url: `/api/reports/${id}/lod`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('a big report: reduced to its level of detail, statistics and row count of the full run', { timeout: 120_000 }, async () => {
    const id = await upload(makeLog(undefined, { rows: LOD_MIN_ROWS + 500 }));
    const res = await t.app.inject({ url: `/api/reports/${id}/lod`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    const reduced = decodeColumnar(gunzipSync(res.rawPayload));
    const full = await fullReport(id);
    const run = reduced.runs[0]!;
    const raw = full.runs[0]!;
    expect(run.lod).toBeDefined();
    expect(run.rows).toBe(raw.rows);
    expect(run.time.length).toBeLessThanOrEqual(1 + 2 * (LOD_BUCKETS + 8));
    expect(run.time.length).toBeLessThan(raw.time.length);
    run.series.forEach((s, i) => {
      const r = raw.series[i]!;
      expect(s.id).toBe(r.id);
      if (s.kind === 'number' && r.kind === 'number') {
        expect(s.stats).toEqual(r.stats);
        // Peaks exact: the reduced column's largest value is the full one's.
        const max = (v: Float64Array) => v.slice(1).reduce((m, x) => (x > m ? x : m), -Infinity);
        expect(max(s.values)).toBe(max(r.values));
      }
    });
  });

  it('404 for no such report, 400 for a string that is not an id', async () => {
    const missing = await t.app.inject('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/lod');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REPORT_NOT_FOUND');
    const bad = await t.app.inject('/api/reports/..%2F..%2Fetc/lod');
    expect([400, 404]).toContain(bad.statusCode);
  });
});
