/**
 * The whole app with STORE=s3 against a real S3 API server on 127.0.0.1: uploads end to end through the
 * route, and two app instances (two replicas) sharing one bucket and serving each other's reports.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson } from '../../shared/api/schemas.js';
import { removeTempDirs, s3Replica, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';

const FIXTURE = new URL('../fixtures/d072_tfvnrl.csv', import.meta.url);

let s3: S3TestServer;
let a: TestApp;
let b: TestApp;
let fixture: Buffer;

beforeAll(async () => {
  fixture = await readFile(FIXTURE);
  s3 = await startS3Server();
  const bucket = await s3.newBucket();
  [a, b] = [await s3Replica(s3.endpoint, bucket), await s3Replica(s3.endpoint, bucket)];
});

afterAll(async () => {
  await a?.cleanup();
  await b?.cleanup();
  await s3.close();
  await removeTempDirs();
});

async function upload(app: TestApp, content: Buffer | string, name = 'd072_tfvnrl.csv') {
  return app.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(content, name) });
}

describe('STORE=s3', () => {
  it('stores an upload in the bucket and serves it back: report, CSV byte for byte, page', async () => {
    const res = await upload(a, fixture);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const report = await a.app.inject(`/api/reports/${id}`);
    expect(report.statusCode).toBe(200);
    expect(report.json<ReportJson>().fileName).toBe('d072_tfvnrl.csv');
    const gz = await a.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    const csv = await a.app.inject(`/api/reports/${id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.equals(fixture)).toBe(true);
    // Revalidation works on S3 objects too.
    const again = await a.app.inject({ url: `/api/reports/${id}/csv`, headers: { 'if-none-match': csv.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a bad upload without storing anything', async () => {
    const before = await countReports(a);
    const res = await upload(a, 'not,a,dstat,file\n1,2,3,4\n', 'x.csv');
    expect(res.statusCode).toBe(422);
    expect(await countReports(a)).toBe(before);
  });

  it('lets a second replica read what the first stored, and see it gone once deleted there', async () => {
    const { id } = (await upload(a, fixture)).json<{ id: string }>();
    const fromA = await a.app.inject(`/api/reports/${id}/csv`);
    const fromB = await b.app.inject(`/api/reports/${id}/csv`);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fixture)).toBe(true);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect((await b.app.inject(`/api/reports/${id}`)).json<ReportJson>()).toEqual(
      (await a.app.inject(`/api/reports/${id}`)).json<ReportJson>(),
    );
    expect((await b.app.inject(`/r/${id}`)).statusCode).toBe(200);

    expect(await b.app.store.delete(id)).toBe(true);
    for (const app of [a, b]) {
      expect((await app.app.inject(`/api/reports/${id}`)).statusCode).toBe(404);
      expect((await app.app.inject(`/api/reports/${id}/csv`)).statusCode).toBe(404);
      expect((await app.app.inject(`/r/${id}`)).statusCode).toBe(404);
    }
  });

  it('gives uploads made on both replicas at once distinct reports, all readable from either', async () => {
    const uploads = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(i % 2 ? a : b, Buffer.concat([fixture, Buffer.from(`\n`.repeat(i))]))),
    );
    const ids = uploads.map((r) => {
      expect(r.statusCode).toBe(201);
      return r.json<{ id: string }>().id;
    });
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) {
      for (const app of [a, b]) {
        const csv = await app.app.inject(`/api/reports/${id}/csv`);
        expect(csv.rawPayload.length).toBe(fixture.length + i);
      }
    }
  });
});

async function countReports(app: TestApp): Promise<number> {
  let n = 0;
  for await (const r of app.app.store.list()) {
    void r;
    n++;
  }
  return n;
}
