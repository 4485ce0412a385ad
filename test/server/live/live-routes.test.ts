import { readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import type { LiveOpened, LiveStatusJson } from '../../../shared/api/live-json.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
import { makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { multipartBody } from '../../helpers/multipart.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.cleanup()));
  await removeTempDirs();
});

async function app(limits = {}) {
  const a = await makeApp({ limits });
  apps.push(a);
  return a.app;
}

type App = Awaited<ReturnType<typeof app>>;

async function open(a: App, idleSeconds?: number): Promise<LiveOpened> {
  const res = await a.inject({ method: 'POST', url: '/api/live', payload: { fileName: 'run.csv', ...(idleSeconds ? { idleSeconds } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LiveOpened>();
}

function append(a: App, live: LiveOpened, offset: number, bytes: Buffer | string, extra = '') {
  return a.inject({
    method: 'POST',
    url: `/api/live/${live.id}/rows?offset=${offset}${extra}`,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${live.appendToken}` },
    payload: Buffer.from(bytes),
  });
}

async function status(a: App, id: string, query = ''): Promise<LiveStatusJson> {
  const res = await a.inject({ method: 'GET', url: `/api/live/${id}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LiveStatusJson>();
}

async function uploaded(a: App, bytes: Buffer): Promise<ReportJson> {
  const res = await a.inject({ method: 'POST', url: '/api/reports', ...multipartBody([{ name: 'file', filename: 'run.csv', content: bytes }]) });
  expect(res.statusCode, res.body).toBe(201);
  return (await a.inject({ method: 'GET', url: `/api/reports/${res.json<{ id: string }>().id}` })).json<ReportJson>();
}

const withoutIdentity = ({ id: _id, createdAt: _c, ...rest }: ReportJson) => rest;

/** A real log's bytes cut into batches of whole lines, the last one maybe without its newline. */
function batches(bytes: Buffer, lines: number): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  let count = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a && ++count === lines) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
      count = 0;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

describe('live reports over HTTP', () => {
  it('grows row by row, drops what it has already, and is finished into the report an upload of the file makes', async () => {
    const a = await app();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const live = await open(a);
    expect(live.url).toBe(`/r/${live.id}`);
    let offset = 0;
    const seen: number[] = [];
    for (const batch of batches(log, 4)) {
      const res = await append(a, live, offset, batch);
      expect(res.statusCode, res.body).toBe(200);
      // The same batch again (its answer lost): nothing doubles.
      const again = await append(a, live, offset, batch);
      expect(again.json<LiveStatusJson>().size).toBe(offset + batch.length);
      offset += batch.length;
      seen.push((await status(a, live.id)).rows);
    }
    expect(seen.at(-1)).toBeGreaterThan(seen[0]!);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    // The page reads the report so far as any report, and the rows since a row.
    const sofar = (await a.inject({ method: 'GET', url: `/api/reports/${live.id}` })).json<ReportJson>();
    expect(sofar.runs[0]!.rows).toBe(seen.at(-1));
    const tail = await status(a, live.id, `?from=${sofar.runs[0]!.rows - 2}`);
    expect(tail.rowsSince!.time).toEqual(sofar.runs[0]!.time.slice(-2));
    expect((await a.inject({ method: 'GET', url: `/api/reports/${live.id}/lod` })).statusCode).toBe(200);

    const done = await a.inject({ method: 'POST', url: `/api/live/${live.id}/finish`, headers: { authorization: `Bearer ${live.appendToken}` } });
    expect(done.statusCode, done.body).toBe(200);
    const csv = await a.inject({ method: 'GET', url: `/api/reports/${live.id}/csv` });
    expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
    const report = (await a.inject({ method: 'GET', url: `/api/reports/${live.id}` })).json<ReportJson>();
    expect(withoutIdentity(report)).toEqual(withoutIdentity(await uploaded(a, log)));
    expect((await status(a, live.id)).state).toBe('finished');
    // A finished report takes no more rows, and its delete token is the one given at the start.
    expect((await append(a, live, log.length, 'x\n')).statusCode).toBe(404);
    const del = await a.inject({ method: 'DELETE', url: `/api/reports/${live.id}`, headers: { authorization: `Bearer ${live.deleteToken}` } });
    expect(del.statusCode).toBeLessThan(300);
  });

  it('needs the append token, refuses a gap, and rows that do not fit the header with 422 and the line', async () => {
    const a = await app();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const live = await open(a);
    const first = batches(log, 12)[0]!;
    const noToken = await a.inject({ method: 'POST', url: `/api/live/${live.id}/rows?offset=0`, headers: { 'content-type': 'text/csv' }, payload: first });
    expect(noToken.statusCode).toBe(401);
    const wrong = await a.inject({
      method: 'POST',
      url: `/api/live/${live.id}/rows?offset=0`,
      headers: { 'content-type': 'text/csv', authorization: 'Bearer nope' },
      payload: first,
    });
    expect(wrong.statusCode).toBe(403);
    expect((await append(a, live, 0, first)).statusCode).toBe(200);
    const gap = await append(a, live, first.length + 10, 'x\n');
    expect(gap.statusCode).toBe(409);
    expect(gap.json<{ code: string }>().code).toBe('LIVE_OFFSET_MISMATCH');
    const misfit = await append(a, live, first.length, '1,2\n3,4\n5,6\n7,8\n');
    expect(misfit.statusCode, misfit.body).toBe(422);
    expect(misfit.json<{ line: number }>().line).toBeGreaterThan(12);
    expect((await status(a, live.id)).size).toBe(first.length);
  });

  it('starts the log over when its writer says the file was truncated', async () => {
    const a = await app();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const live = await open(a);
    expect((await append(a, live, 0, log)).statusCode).toBe(200);
    const second = await readFile(fixturePath('dool134_tfvnrl.csv'));
    expect((await append(a, live, 0, second, '&reset=1')).statusCode).toBe(200);
    expect((await status(a, live.id)).size).toBe(second.length);
    await a.inject({ method: 'POST', url: `/api/live/${live.id}/finish`, headers: { authorization: `Bearer ${live.appendToken}` } });
    const csv = await a.inject({ method: 'GET', url: `/api/reports/${live.id}/csv` });
    expect(Buffer.compare(csv.rawPayload, second)).toBe(0);
  });

  it('keeps every acknowledged row over a restart of the server, and carries on', async () => {
    const dataDir = await tempDir();
    const config = { dataDir, maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, webDir: null, parserThreads: 1 };
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const [one, two] = [log.subarray(0, 3000), log.subarray(3000)];
    let a = await buildApp(config);
    const live = await open(a);
    expect((await append(a, live, 0, one)).statusCode).toBe(200);
    await a.close();
    a = await buildApp(config);
    try {
      expect((await status(a, live.id)).size).toBe(one.length);
      expect((await append(a, live, one.length, two)).statusCode).toBe(200);
      await a.inject({ method: 'POST', url: `/api/live/${live.id}/finish`, headers: { authorization: `Bearer ${live.appendToken}` } });
      const csv = await a.inject({ method: 'GET', url: `/api/reports/${live.id}/csv` });
      expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
    } finally {
      await a.close();
    }
  });

  it('counts a writer\'s idle time from a restart of the server, not from its last append before it', async () => {
    const dataDir = await tempDir();
    const config = { dataDir, maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, webDir: null, parserThreads: 1 };
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const [one, two] = [log.subarray(0, 3000), log.subarray(3000)];
    let a = await buildApp(config);
    const live = await open(a, 1);
    expect((await append(a, live, 0, one)).statusCode).toBe(200);
    await a.close();
    // The server was down for a minute while the writer retried.
    const past = new Date(Date.now() - 60_000);
    await utimes(join(dataDir, 'live', live.id, 'log.csv'), past, past);
    a = await buildApp(config);
    try {
      // Idle 1 s + grace 1 s: a sweep after 1.2 s finishes it only if the idle time counted from before the restart.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await status(a, live.id)).state).toBe('live');
      expect((await append(a, live, one.length, two)).statusCode).toBe(200);
    } finally {
      await a.close();
    }
  });

  it('caps the live reports of one address (429) and of the server (503), and the size of a log (413)', async () => {
    const a = await app({ maxLivePerClient: 1, maxLiveReports: 5, maxLiveBytes: 1000 });
    const live = await open(a);
    const second = await a.inject({ method: 'POST', url: '/api/live', payload: {} });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
    const big = await append(a, live, 0, (await readFile(fixturePath('deb080_tfvnrl.csv'))).subarray(0, 1500));
    expect(big.statusCode).toBe(413);
    const b = await app({ maxLiveReports: 1 });
    await open(b);
    const busy = await b.inject({ method: 'POST', url: '/api/live', payload: {}, remoteAddress: '10.0.0.9' });
    expect(busy.statusCode).toBe(503);
  });
});
