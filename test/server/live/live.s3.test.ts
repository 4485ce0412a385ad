/**
 * Live reports with STORE=s3 and two replicas on one bucket (a real S3 API server on 127.0.0.1): the
 * writer's replica puts each batch in the bucket before its answer, and a viewer on the other replica sees
 * the rows grow within a second or two (well inside the 5 s asked for), then the finished report.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveOpened, LiveStatusJson } from '../../../shared/api/live-json.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { removeTempDirs, s3Replica, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { startS3Server, type S3TestServer } from '../../helpers/s3-server.js';

let s3: S3TestServer;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
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

async function rowsOn(t: TestApp, id: string): Promise<LiveStatusJson | null> {
  const res = await t.app.inject({ method: 'GET', url: `/api/live/${id}` });
  return res.statusCode === 200 ? res.json<LiveStatusJson>() : null;
}

/** How long until `check` holds on replica b, ms (fails past 5 s). */
async function within5s(check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > 5000) throw new Error('not seen on the other replica within 5 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - t0;
}

describe('a live report on two replicas sharing a bucket', () => {
  it("is seen growing on the replica that does not take its rows, then as the finished report", async () => {
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const cut = log.indexOf(0x0a, 4000) + 1;
    const live = (await a.app.inject({ method: 'POST', url: '/api/live', payload: { fileName: 'run.csv' } })).json<LiveOpened>();
    const append = (offset: number, bytes: Buffer) =>
      a.app.inject({
        method: 'POST',
        url: `/api/live/${live.id}/rows?offset=${offset}`,
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${live.appendToken}` },
        payload: bytes,
      });
    expect((await append(0, log.subarray(0, cut))).statusCode).toBe(200);
    const first = (await rowsOn(a, live.id))!.rows;
    await within5s(async () => (await rowsOn(b, live.id))?.rows === first);
    // The page on b: its URL, the report so far, its level of detail.
    expect((await b.app.inject({ method: 'GET', url: `/r/${live.id}`, headers: { accept: 'text/html' } })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: `/api/reports/${live.id}` })).json<ReportJson>().runs[0]!.rows).toBe(first);
    expect((await b.app.inject({ method: 'GET', url: `/api/reports/${live.id}/lod` })).statusCode).toBe(200);

    expect((await append(cut, log.subarray(cut))).statusCode).toBe(200);
    const all = (await rowsOn(a, live.id))!.rows;
    expect(all).toBeGreaterThan(first);
    await within5s(async () => (await rowsOn(b, live.id))?.rows === all);
    const since = (await b.app.inject({ method: 'GET', url: `/api/live/${live.id}?from=${first}` })).json<LiveStatusJson>();
    expect(since.rowsSince!.time).toHaveLength(all - first);

    const done = await a.app.inject({ method: 'POST', url: `/api/live/${live.id}/finish`, headers: { authorization: `Bearer ${live.appendToken}` } });
    expect(done.statusCode).toBe(200);
    await within5s(async () => (await rowsOn(b, live.id))?.state === 'finished');
    const csv = await b.app.inject({ method: 'GET', url: `/api/reports/${live.id}/csv` });
    expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
  });
});
