/**
 * S3ReportStore beyond the contract: its key layout and prefix, crash leftovers, and what it says when the
 * service is down, hangs, or is full (small real HTTP servers on 127.0.0.1 stand in for a broken service).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { gzipSync } from 'node:zlib';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReportId } from '../../../server/store/report-id.js';
import { S3ReportStore } from '../../../server/store/s3-report-store.js';
import { StoreFullError, StoreInitError, StoreUnavailableError } from '../../../server/store/report-store.js';
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from '../../helpers/s3-server.js';
import { summaryFor } from './contract.js';

let s3: S3TestServer;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await s3.close();
});

async function storeOn(bucket: string, prefix = '', endpoint?: string): Promise<S3ReportStore> {
  const settings = await s3.settings(bucket, prefix);
  const store = new S3ReportStore(endpoint ? { ...settings, endpoint } : settings);
  closers.push(() => store.close());
  return store;
}

function admin(): S3Client {
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  closers.push(async () => client.destroy());
  return client;
}

async function keys(bucket: string): Promise<string[]> {
  const out = await admin().send(new ListObjectsV2Command({ Bucket: bucket }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

async function create(store: S3ReportStore, id: string, csv = 'a,b'): Promise<void> {
  const sourcePath = join(store.stagingDir, `upload-${id}`);
  await writeFile(sourcePath, csv);
  await store.create({ id, sourcePath, reportJsonGz: gzipSync('{}'), summary: summaryFor(id) });
}

/** An HTTP server on 127.0.0.1 answering every request with `handler`; its URL. */
async function fakeService(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('S3ReportStore', () => {
  it('keeps each report under <prefix>reports/<id>/ and takes over the staged upload', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket, 'team/dv/');
    await store.init();
    const id = newReportId();
    await create(store, id);
    expect(await keys(bucket)).toEqual([
      `team/dv/reports/${id}/report.json.gz`,
      `team/dv/reports/${id}/source.csv`,
      `team/dv/reports/${id}/summary.json`,
    ]);
    // The local upload is gone once it is in the bucket; checkWritable's probe leaves nothing.
    expect(await readdir(store.stagingDir)).toEqual([]);
    await store.checkWritable();
    expect(await keys(bucket)).toHaveLength(3);
    // Two prefixes in one bucket are two separate stores.
    const other = await storeOn(bucket, 'team/other/');
    expect(await other.has(id)).toBe(false);
    const listed = [];
    for await (const r of other.list()) listed.push(r);
    expect(listed).toEqual([]);
  });

  it("lists across pages, with a report's parts split over two pages", async () => {
    const bucket = await s3.newBucket();
    // 2 keys a page: every report's three parts straddle a page boundary somewhere.
    const store = new S3ReportStore({ ...(await s3.settings(bucket)), listPageKeys: 2 });
    closers.push(() => store.close());
    await store.init();
    const ids = Array.from({ length: 5 }, newReportId).sort();
    for (const id of ids) await create(store, id);
    // A report without its summary between them is not listed.
    const partial = newReportId();
    await admin().send(new PutObjectCommand({ Bucket: bucket, Key: `reports/${partial}/source.csv`, Body: 'half' }));
    const listed = [];
    for await (const r of store.list()) listed.push(r.id);
    expect(listed).toEqual(ids);
  });

  it('sweeps parts left without a summary (a crash between PUTs) once they are old, at start', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const [whole, crashed] = [newReportId(), newReportId()];
    await create(store, whole);
    await admin().send(new PutObjectCommand({ Bucket: bucket, Key: `reports/${crashed}/source.csv`, Body: 'half' }));
    expect(await store.has(crashed)).toBe(false);
    expect(await store.openCsv(crashed)).toBeNull();

    // Recent leftovers may belong to a create in progress on another replica: kept.
    const next = await storeOn(bucket);
    await next.init();
    await next.sweeping;
    expect(await keys(bucket)).toContain(`reports/${crashed}/source.csv`);
    // An hour later they are removed; the whole report is not touched.
    const later = await storeOn(bucket);
    const realNow = Date.now;
    Date.now = () => realNow() + 2 * 3600_000;
    try {
      await later.init();
      await later.sweeping;
    } finally {
      Date.now = realNow;
    }
    expect((await keys(bucket)).filter((k) => k.includes(crashed))).toEqual([]);
    expect(await store.has(whole)).toBe(true);
  });

  it('refuses to start, with a clear message, when the bucket is missing or the service is down', async () => {
    const missing = await storeOn('no-such-bucket-here');
    await expect(missing.init()).rejects.toThrow(StoreInitError);
    await expect(missing.init()).rejects.toThrow(/S3 bucket no-such-bucket-here at http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
    const down = await storeOn('dstatview', '', 'http://127.0.0.1:1');
    await expect(down.init()).rejects.toThrow(StoreInitError);
  });

  it('answers StoreUnavailableError when the service goes away, for reads, writes and the probe', async () => {
    const down = await storeOn('dstatview', '', 'http://127.0.0.1:1');
    const id = newReportId();
    await expect(down.has(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(down.openCsv(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(down.getSummary(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(down.delete(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(create(down, id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(down.checkWritable()).rejects.toThrow(/S3 bucket dstatview at http:\/\/127\.0\.0\.1:1 cannot be written/);
    await expect(
      (async () => {
        for await (const r of down.list()) void r;
      })(),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('does not hang on a service that accepts connections and never answers: the probe gives up', async () => {
    const endpoint = await fakeService(() => {
      // Never answer.
    });
    const store = await storeOn('dstatview', '', endpoint);
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
  });

  it('says StoreFullError when the service answers that it is full (MinIO: XMinioStorageFull, 507)', async () => {
    let puts = 0;
    const endpoint = await fakeService((req, res) => {
      req.resume();
      if (req.method === 'HEAD') {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'PUT') puts++;
      res.writeHead(507, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold.</Message></Error>');
    });
    const store = await storeOn('dstatview', '', endpoint);
    const err = await create(store, newReportId()).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toContain('no space left to store the report in S3 bucket dstatview');
    expect(puts).toBeGreaterThan(0);
    const probe = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(probe).toBeInstanceOf(StoreUnavailableError);
  });
});
