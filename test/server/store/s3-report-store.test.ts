/**
 * S3ReportStore beyond the contract: its key layout and prefix, crash leftovers, races with other replicas,
 * and what it says when the service is down, hangs, or is full. The S3 server answers conditional writes as
 * AWS S3 does (the contract runs on one that ignores them); small real HTTP servers on 127.0.0.1 stand in for
 * a broken or full service, which s3rver cannot be.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { gzipSync } from 'node:zlib';
import { readdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newReportId } from '../../../server/store/report-id.js';
import { S3ReportStore } from '../../../server/store/s3-report-store.js';
import {
  ReportIdTakenError,
  StoreFullError,
  StoreInitError,
  StoreUnavailableError,
} from '../../../server/store/report-store.js';
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from '../../helpers/s3-server.js';
import { tempDir, removeTempDirs } from '../../helpers/app.js';
import { NOT_IDS, summaryFor } from './contract.js';

let s3: S3TestServer;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  s3 = await startS3Server({ conditionalWrites: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await s3.close();
  await removeTempDirs();
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

async function head(bucket: string, key: string) {
  return admin().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
}

async function listed(store: S3ReportStore): Promise<string[]> {
  const ids = [];
  for await (const r of store.list()) ids.push(r.id);
  return ids;
}

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/**
 * Run `before` ahead of every request the store sends (the command's name and input), e.g. another
 * replica's request put in between two of the store's own.
 */
function beforeEachRequest(store: S3ReportStore, before: (command: string, input: { Key?: string }) => Promise<void>): void {
  store.client.middlewareStack.add(
    (next, context) => async (args) => {
      await before(context.commandName ?? '', args.input as { Key?: string });
      return next(args);
    },
    { step: 'initialize', name: 'testBeforeEachRequest' },
  );
}

/** Date.now() is `ms` while `fn` runs (the SDK signs with it too; s3rver does not mind). */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(ms);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

/** A new store on `bucket` whose init() runs its sweep of leftovers at time `nowMs`; resolves when it is done. */
async function sweepAt(bucket: string, prefix: string, nowMs: number): Promise<void> {
  const store = await storeOn(bucket, prefix);
  await at(nowMs, async () => {
    await store.init();
    await store.sweeping;
  });
}

/** Last-Modified of every key under `prefix`, ms (S3 keeps whole seconds). */
async function lastModified(bucket: string, prefix: string): Promise<Map<string, number>> {
  const out = await admin().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return new Map((out.Contents ?? []).map((o) => [o.Key!, o.LastModified!.getTime()]));
}

async function adminPut(bucket: string, key: string, body = 'x', metadata?: Record<string, string>): Promise<void> {
  await admin().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, Metadata: metadata }));
}

/** Wait for the wall clock's next second (S3's Last-Modified has whole seconds). */
async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === second) await sleep(10);
}

/** An S3 error document. */
function s3Error(code: string, message = code): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** The requests a fake service got: method, path and headers. */
type Seen = Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;

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
    let pages = 0;
    beforeEachRequest(store, async (command) => {
      if (command === 'ListObjectsV2Command') pages++;
    });
    expect(await listed(store)).toEqual(ids);
    // 16 keys, 2 a page.
    expect(pages).toBe(8);
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
    const err = await missing.init().then(() => null, (e: unknown) => e);
    expect((err as Error).message).toBe(`S3 bucket no-such-bucket-here at ${s3.endpoint} cannot be reached (NotFound)`);
    expect((err as Error).cause).toBeInstanceOf(S3ServiceException);
    expect((err as S3ServiceException).cause).toMatchObject({ $metadata: { httpStatusCode: 404 } });
    const down = await storeOn('dstatview', '', 'http://127.0.0.1:1');
    await expect(down.init()).rejects.toThrow(
      new StoreInitError('S3 bucket dstatview at http://127.0.0.1:1 cannot be reached (ECONNREFUSED)'),
    );
  });

  it('creates its staging directory at start, and refuses to start when it cannot', async () => {
    const bucket = await s3.newBucket();
    const stagingDir = join(await tempDir(), 'data', 'staging');
    const store = new S3ReportStore({ ...(await s3.settings(bucket)), stagingDir });
    closers.push(() => store.close());
    await store.init();
    expect(await readdir(stagingDir)).toEqual([]);

    const file = join(await tempDir(), 'a-file');
    await writeFile(file, '');
    const blocked = new S3ReportStore({ ...(await s3.settings(bucket)), stagingDir: join(file, 'staging') });
    closers.push(() => blocked.close());
    const err = await blocked.init().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreInitError);
    expect((err as Error).message).toBe(`the staging directory ${join(file, 'staging')} cannot be created (ENOTDIR)`);
    expect((err as Error).cause).toMatchObject({ code: 'ENOTDIR', syscall: 'mkdir' });
  });

  it('answers StoreUnavailableError when the service goes away, for reads, writes and the probe', async () => {
    const down = await storeOn('dstatview', '', 'http://127.0.0.1:1');
    const id = newReportId();
    await expect(down.has(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    const err = await down.has(id).then(() => null, (e: unknown) => e);
    expect((err as Error).message).toBe('S3 bucket dstatview at http://127.0.0.1:1 cannot be read (ECONNREFUSED)');
    expect((err as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
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

  it('answers "no such report" for strings that are not ids without asking the service', async () => {
    // The service is down: any request would fail.
    const down = await storeOn('dstatview', '', 'http://127.0.0.1:1');
    for (const id of NOT_IDS) {
      expect(await down.has(id)).toBe(false);
      expect(await down.openCsv(id)).toBeNull();
      expect(await down.openReportJsonGz(id)).toBeNull();
      expect(await down.replaceDerived(id, gzipSync('x'), summaryFor(id))).toBe(false);
    }
  });

  it('names the bucket alone when no endpoint is set (AWS S3)', async () => {
    // An invalid region fails in the SDK itself, before any request leaves the process.
    const store = new S3ReportStore({ bucket: 'dstatview', prefix: '', forcePathStyle: false, region: 'not a region', stagingDir: await tempDir() });
    closers.push(() => store.close());
    await expect(store.has(newReportId())).rejects.toThrow(new StoreUnavailableError('S3 bucket dstatview cannot be read (Error)'));
  });

  it('says StoreUnavailableError when a delete cannot be done (the bucket is gone)', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    await admin().send(new DeleteBucketCommand({ Bucket: bucket }));
    await expect(store.delete(newReportId())).rejects.toThrow(
      new StoreUnavailableError(`S3 bucket ${bucket} at ${s3.endpoint} cannot be written (NoSuchBucket)`),
    );
  });

  it('stores each part with its content type and its write time to the millisecond', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    // Not on a whole second: S3's Last-Modified could not give this time.
    const written = Math.floor(Date.now() / 1000) * 1000 - 10_000 + 123;
    await at(written, () => create(store, id));
    const types = async () =>
      Promise.all(['source.csv', 'report.json.gz', 'summary.json'].map(async (p) => (await head(bucket, `reports/${id}/${p}`)).ContentType));
    expect(await types()).toEqual(['text/csv', 'application/gzip', 'application/json']);
    expect((await head(bucket, `reports/${id}/source.csv`)).Metadata).toEqual({ 'written-ms': String(written) });
    const csv = await store.openCsv(id);
    csv!.stream.destroy();
    expect(csv!.mtimeMs).toBe(written);

    const rederived = written + 5_000;
    expect(await at(rederived, () => store.replaceDerived(id, gzipSync('{"v":2}'), summaryFor(id, 2)))).toBe(true);
    expect(await types()).toEqual(['text/csv', 'application/gzip', 'application/json']);
    const json = await store.openReportJsonGz(id);
    json!.stream.destroy();
    expect(json!.mtimeMs).toBe(rederived);
  });

  it("takes an object's time from its Last-Modified when it has no usable write time (written by another tool)", async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    for (const metadata of [undefined, { 'written-ms': '0' }, { 'written-ms': '-5' }, { 'written-ms': 'soon' }]) {
      const id = newReportId();
      await adminPut(bucket, `reports/${id}/source.csv`, 'a,b', metadata);
      await adminPut(bucket, `reports/${id}/report.json.gz`, '{}');
      await adminPut(bucket, `reports/${id}/summary.json`, JSON.stringify(summaryFor(id)));
      const obj = await store.openCsv(id);
      obj!.stream.destroy();
      expect(obj!.mtimeMs).toBe((await head(bucket, `reports/${id}/source.csv`)).LastModified!.getTime());
    }
  });

  it('takes only keys of its layout for parts: objects deeper under an id are not a report', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    for (const part of ['source.csv', 'report.json.gz', 'summary.json']) await adminPut(bucket, `reports/${id}/${part}/copy`);
    expect(await listed(store)).toEqual([]);
    expect(await store.has(id)).toBe(false);
  });

  it('sweeps leftover parts by the newest of them: kept while any is less than an hour old', async () => {
    const bucket = await s3.newBucket();
    const id = newReportId();
    await adminPut(bucket, `reports/${id}/source.csv`);
    // The second part written in a later second than the first (Last-Modified counts whole seconds): again
    // until it is, as a machine under load may stamp the first late.
    let times = new Map<string, number>();
    for (let tries = 0; tries < 5 && !(times.size === 2 && Math.max(...times.values()) > Math.min(...times.values())); tries++) {
      await nextSecond();
      await adminPut(bucket, `reports/${id}/report.json.gz`);
      times = await lastModified(bucket, 'reports/');
    }
    const [oldest, newest] = [Math.min(...times.values()), Math.max(...times.values())];
    expect(newest).toBeGreaterThan(oldest);
    // An hour after the first part, not yet after the second.
    await sweepAt(bucket, '', newest + 3600_000 - 1);
    expect([...(await lastModified(bucket, 'reports/')).keys()].sort()).toEqual([`reports/${id}/report.json.gz`, `reports/${id}/source.csv`]);
  });

  it('sweeps leftover parts exactly an hour old, and removes only the parts it writes', async () => {
    const bucket = await s3.newBucket();
    const id = newReportId();
    await adminPut(bucket, `reports/${id}/source.csv`);
    await adminPut(bucket, `reports/${id}/notes.txt`);
    const newest = Math.max(...(await lastModified(bucket, 'reports/')).values());
    await sweepAt(bucket, '', newest + 3600_000);
    expect([...(await lastModified(bucket, 'reports/')).keys()]).toEqual([`reports/${id}/notes.txt`]);
  });

  it('stops sweeping when closed: leftovers not yet looked at stay', async () => {
    const bucket = await s3.newBucket();
    const ids = [newReportId(), newReportId(), newReportId()];
    for (const id of ids) await adminPut(bucket, `reports/${id}/source.csv`);
    const store = await storeOn(bucket);
    await at(Date.now() + 2 * 3600_000, () => store.init());
    // The sweep's first listing is on its way: close() aborts it before any leftover is removed.
    await store.close();
    await store.sweeping;
    expect((await lastModified(bucket, 'reports/')).size).toBe(3);
  });

  it('refuses an id that another replica stored meanwhile (If-None-Match), and leaves that report as it is', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    // The other replica's report appears after this one checked that the id is free, before its summary.
    beforeEachRequest(store, async (command, input) => {
      if (command === 'PutObjectCommand' && input.Key === `reports/${id}/summary.json`) {
        await adminPut(bucket, `reports/${id}/source.csv`, 'theirs');
        await adminPut(bucket, `reports/${id}/report.json.gz`, 'theirs');
        await adminPut(bucket, `reports/${id}/summary.json`, JSON.stringify(summaryFor(id, 1, 'theirs.csv')));
      }
    });
    const err = await create(store, id, 'ours').then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ReportIdTakenError);
    expect((err as ReportIdTakenError).id).toBe(id);
    expect((await store.getSummary(id))!.fileName).toBe('theirs.csv');
    expect(await keys(bucket)).toEqual([`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`]);
  });

  it('does not bring back a report deleted while it is derived again (If-Match): false, and nothing left', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    await create(store, id);
    // Another replica deletes the report after this one found it, before it writes anything.
    let deleted = false;
    beforeEachRequest(store, async (command, input) => {
      if (command === 'PutObjectCommand' && input.Key === `reports/${id}/report.json.gz` && !deleted) {
        deleted = true;
        for (const p of ['summary.json', 'report.json.gz', 'source.csv']) {
          await admin().send(new DeleteObjectCommand({ Bucket: bucket, Key: `reports/${id}/${p}` }));
        }
      }
    });
    expect(await store.replaceDerived(id, gzipSync('{"v":2}'), summaryFor(id, 2))).toBe(false);
    expect(await store.has(id)).toBe(false);
    expect(await keys(bucket)).toEqual([]);
  });

  it('answers false when the summary changed meanwhile (derived again elsewhere), and leaves the report whole', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    await create(store, id);
    beforeEachRequest(store, async (command, input) => {
      if (command === 'PutObjectCommand' && input.Key === `reports/${id}/summary.json`) {
        await adminPut(bucket, `reports/${id}/summary.json`, JSON.stringify(summaryFor(id, 3, 'theirs.csv')));
      }
    });
    expect(await store.replaceDerived(id, gzipSync('{"v":2}'), summaryFor(id, 2))).toBe(false);
    expect(await store.getSummary(id)).toEqual(summaryFor(id, 3, 'theirs.csv'));
    const json = await store.openReportJsonGz(id);
    expect(json).not.toBeNull();
    json!.stream.destroy();
    expect(await keys(bucket)).toEqual([`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`]);
  });

  it('stores a report whose staged upload is already gone when it is done', async () => {
    const bucket = await s3.newBucket();
    const store = await storeOn(bucket);
    await store.init();
    const id = newReportId();
    const sourcePath = join(store.stagingDir, `upload-${id}`);
    await writeFile(sourcePath, 'a,b');
    // The caller (or a sweep of the staging directory) removed it once its bytes were read.
    beforeEachRequest(store, async (command, input) => {
      if (command === 'PutObjectCommand' && input.Key === `reports/${id}/summary.json`) await unlink(sourcePath);
    });
    await store.create({ id, sourcePath, reportJsonGz: gzipSync('{}'), summary: summaryFor(id) });
    expect(await store.has(id)).toBe(true);
  });
});

describe('S3ReportStore on a service that is full or answers oddly', () => {
  /** A fake service keeping no object: HEAD 404, DELETE 204, PUT `put(req)` (default 200); every request in `seen`. */
  async function service(put: (req: IncomingMessage) => { status: number; body?: string } = () => ({ status: 200 }), headStatus = 404) {
    const seen: Seen = [];
    const endpoint = await fakeService((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!.split('?')[0]!, headers: req.headers });
        if (req.method === 'HEAD') res.writeHead(headStatus, { 'content-length': '2' }).end();
        else if (req.method === 'DELETE') res.writeHead(204).end();
        else if (req.method === 'PUT') {
          const { status, body } = put(req);
          res.writeHead(status, body ? { 'content-type': 'application/xml' } : { etag: '"e"' }).end(body ?? '');
        } else res.writeHead(405).end();
      });
    });
    return { endpoint, seen, store: await storeOn('dstatview', '', endpoint) };
  }
  const isSummary = (req: IncomingMessage) => req.url!.split('?')[0]!.endsWith('/summary.json');

  it('removes the parts it wrote when the summary cannot be stored (MinIO full: XMinioStorageFull, 507)', async () => {
    const { endpoint, seen, store } = await service((req) =>
      isSummary(req) ? { status: 507, body: s3Error('XMinioStorageFull') } : { status: 200 },
    );
    const id = newReportId();
    const err = await create(store, id).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toBe(`no space left to store the report in S3 bucket dstatview at ${endpoint} (XMinioStorageFull)`);
    expect((err as Error).cause).toMatchObject({ name: 'XMinioStorageFull', $metadata: { httpStatusCode: 507 } });
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path).sort()).toEqual([
      `/dstatview/reports/${id}/report.json.gz`,
      `/dstatview/reports/${id}/source.csv`,
    ]);
  });

  it('takes any 507 Insufficient Storage for full, whatever its code', async () => {
    const { endpoint, store } = await service(() => ({ status: 507, body: s3Error('InsufficientStorage') }));
    const err = await create(store, newReportId()).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toBe(`no space left to store the report in S3 bucket dstatview at ${endpoint} (InsufficientStorage)`);
  });

  it('takes a bucket at its hard quota for full (MinIO: XMinioAdminBucketQuotaExceeded, 400), and the probe, which writes bytes, fails', async () => {
    // As MinIO's hard quota: an object that adds no byte still fits.
    const { endpoint, store } = await service((req) =>
      Number(req.headers['content-length']) > 0 ? { status: 400, body: s3Error('XMinioAdminBucketQuotaExceeded') } : { status: 200 },
    );
    const err = await create(store, newReportId()).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreFullError);
    const message = `no space left to store the report in S3 bucket dstatview at ${endpoint} (XMinioAdminBucketQuotaExceeded)`;
    expect((err as Error).message).toBe(message);
    const probe = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(probe).toBeInstanceOf(StoreUnavailableError);
    expect((probe as Error).message).toBe(message);
    expect((probe as Error).cause).toMatchObject({ name: 'XMinioAdminBucketQuotaExceeded', $metadata: { httpStatusCode: 400 } });
  });

  it('takes a 412 without an error document, or PreconditionFailed with another status, for an id taken', async () => {
    for (const answer of [{ status: 412 }, { status: 409, body: s3Error('PreconditionFailed') }]) {
      const { seen, store } = await service((req) => (isSummary(req) ? answer : { status: 200 }));
      await expect(create(store, newReportId())).rejects.toBeInstanceOf(ReportIdTakenError);
      // The parts it wrote belong to the report that took the id: not removed.
      expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
    }
  });

  it('derives again only a report that still exists (If-Match: *) when the service gives no ETag', async () => {
    const { seen, store } = await service(() => ({ status: 200 }), 200);
    const id = newReportId();
    expect(await store.replaceDerived(id, gzipSync('{}'), summaryFor(id))).toBe(true);
    const summaryPut = seen.find((r) => r.method === 'PUT' && r.path.endsWith('/summary.json'));
    expect(summaryPut!.headers['if-match']).toBe('*');
  });

  it('says why a report cannot be derived again on a full service (StoreFullError), rather than "no such report" (false)', async () => {
    const { endpoint, seen, store } = await service((req) => (isSummary(req) ? { status: 507, body: s3Error('XMinioStorageFull') } : { status: 200 }), 200);
    const id = newReportId();
    const err = await store.replaceDerived(id, gzipSync('{}'), summaryFor(id)).then(
      (value) => value,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toBe(`no space left to store the report in S3 bucket dstatview at ${endpoint} (XMinioStorageFull)`);
    // The report still exists (HEAD 200): what was derived before is not removed.
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('gives up on a request left without an answer for 30 s, after 3 attempts', async () => {
    const endpoint = await fakeService(() => {
      // Never answer.
    });
    const store = await storeOn('dstatview', '', endpoint);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const result = settle(store.has(newReportId()));
    let done = false;
    void result.then(() => (done = true));
    let waited = 0;
    // Each attempt times out after 30 s, and the SDK backs off a little between attempts.
    while (!done && waited < 200_000) {
      await vi.advanceTimersByTimeAsync(1000);
      waited += 1000;
      await sleep(2);
    }
    vi.useRealTimers();
    const { error } = await result;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toBe(`S3 bucket dstatview at ${endpoint} cannot be read (ETIMEDOUT)`);
    expect(waited).toBeGreaterThanOrEqual(90_000);
  });

  it('does not hang on a service that takes the probe and never answers its removal', async () => {
    const endpoint = await fakeService((req, res) => {
      req.resume();
      if (req.method === 'PUT') req.on('end', () => res.writeHead(200, { etag: '"e"' }).end());
    });
    const store = await storeOn('dstatview', '', endpoint);
    const started = Date.now();
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
