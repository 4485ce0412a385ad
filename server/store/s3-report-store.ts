/**
 * Reports in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, …), so that any number of stateless servers
 * behind a load balancer serve the same reports.
 *
 *   <prefix>reports/<id>/source.csv        the upload, byte for byte (source of truth)
 *   <prefix>reports/<id>/report.json.gz    ReportJson, precomputed at upload
 *   <prefix>reports/<id>/summary.json      ReportSummary — the object that makes a report exist
 *   <prefix>probe/<random>                 written and removed by checkWritable()
 *
 * S3 has no rename and no multi-object transaction, but every PUT replaces one object atomically (a reader
 * gets the old or the new object, never part of one). So visibility hangs on summary.json alone: create()
 * writes it LAST, delete() removes it FIRST, and every read asks for it first. A crash between two steps
 * leaves only parts without a summary, which no reader sees and init() sweeps once they are an hour old.
 * Where the service supports conditional writes (AWS S3 since 2024, MinIO), the summary is written with
 * If-None-Match (create never replaces a report) or If-Match (replaceDerived never brings back a report that
 * a concurrent delete removed); services that ignore these headers still get the check made just before.
 *
 * Uploads in progress stay on local disk (`stagingDir`) until the report is complete.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ReportSummary } from '../../shared/api/schemas.js';
import { isReportId } from './report-id.js';
import { removeStaleStaging } from './staging.js';
import {
  ReportIdTakenError,
  StoreFullError,
  StoreInitError,
  StoreUnavailableError,
  type NewReport,
  type ReportStore,
  type StoredObject,
  type StoredReportInfo,
} from './report-store.js';

export interface S3StoreSettings {
  bucket: string;
  /** An S3-compatible service's URL; unset: AWS S3 for the region. */
  endpoint?: string;
  /** Key prefix for everything this store writes: '' or ending in '/'. */
  prefix: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most others. */
  forcePathStyle: boolean;
  region: string;
  /** Local directory for uploads in progress. */
  stagingDir: string;
  /** Keys per ListObjectsV2 page; unset: the service's maximum (1000 on S3). Small values test paging. */
  listPageKeys?: number;
}

const SOURCE = 'source.csv';
const REPORT_JSON_GZ = 'report.json.gz';
const SUMMARY = 'summary.json';
const PARTS = [SOURCE, REPORT_JSON_GZ, SUMMARY] as const;

/** Parts without a summary older than this are leftovers of a crash (a create takes seconds). */
const STALE_PARTS_MS = 60 * 60 * 1000;
/** Connecting to S3 gives up after this (ms): a dead endpoint fails requests quickly instead of hanging. */
const CONNECT_TIMEOUT_MS = 3_000;
/** One request (up to the response headers) gives up after this (ms). */
const REQUEST_TIMEOUT_MS = 30_000;
/** A socket that moves no byte for this long is closed (ms), e.g. a stalled object download. */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/** Attempts per request, the first included (the SDK backs off between them). */
const MAX_ATTEMPTS = 3;
/** checkWritable() answers within this (ms), for a readiness probe. */
const PROBE_TIMEOUT_MS = 5_000;
/** Error codes S3-compatible services give when a bucket or disk is full (with HTTP 507 in general). */
const FULL_CODES = new Set(['QuotaExceeded', 'XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'StorageFull']);
/** Object metadata key holding the write time in ms (S3's Last-Modified has whole seconds only). */
const WRITTEN_MS = 'written-ms';

/** The objects found under one report id, by part name. */
interface PartGroup {
  id: string;
  parts: Map<string, { size: number; mtimeMs: number }>;
}

export class S3ReportStore implements ReportStore {
  readonly stagingDir: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly where: string;
  private readonly listPageKeys: number | undefined;
  /** The sweep of crash leftovers started by init(); resolves when it is done (for tests). */
  sweeping: Promise<void> = Promise.resolve();
  private readonly closing = new AbortController();

  constructor(settings: S3StoreSettings) {
    this.stagingDir = settings.stagingDir;
    this.listPageKeys = settings.listPageKeys;
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.where = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where the API demands them: many S3-compatible services reject the SDK's newer
      // default (CRC32 trailers) and the TLS/HTTP layer already protects the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      },
    });
  }

  async init(): Promise<void> {
    try {
      await mkdir(this.stagingDir, { recursive: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new StoreInitError(`the staging directory ${this.stagingDir} cannot be created (${code})`, { cause: err });
    }
    await removeStaleStaging(this.stagingDir);
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw new StoreInitError(`${this.where} cannot be reached (${errorCode(err)})`, { cause: err });
    }
    // In the background: listing a large bucket takes a while, and the server can serve meanwhile (the
    // leftovers are invisible anyway). Best effort: what fails now is swept at a later start.
    this.sweeping = this.sweepStaleParts(this.closing.signal).catch(() => undefined);
  }

  async create(report: NewReport): Promise<number> {
    if (!isReportId(report.id)) throw new Error('create: not a report id');
    const { id } = report;
    if (await this.has(id)) throw new ReportIdTakenError(id);
    // Object sizes: what a bucket bills and quotas count.
    let bytes: number;
    try {
      // Read whole (at most MAX_UPLOAD_BYTES): a buffer, unlike a file stream, can be sent again on a retry.
      const source = await readFile(report.sourcePath);
      const summary = JSON.stringify(report.summary);
      bytes = source.length + report.reportJsonGz.byteLength + Buffer.byteLength(summary);
      await this.put(this.key(id, SOURCE), source, 'text/csv');
      await this.put(this.key(id, REPORT_JSON_GZ), report.reportJsonGz, 'application/gzip');
      await this.put(this.key(id, SUMMARY), summary, 'application/json', { IfNoneMatch: '*' });
    } catch (err) {
      if (isPreconditionFailed(err)) throw new ReportIdTakenError(id);
      // Nothing is visible without the summary; remove the parts now rather than leave them to the sweep.
      await Promise.allSettled([SOURCE, REPORT_JSON_GZ].map((p) => this.remove(this.key(id, p))));
      throw this.storeError(err, 'written');
    }
    await rm(report.sourcePath, { force: true });
    return bytes;
  }

  async has(id: string): Promise<boolean> {
    return (await this.summaryEtag(id)) !== null;
  }

  async getSummary(id: string): Promise<ReportSummary | null> {
    if (!isReportId(id)) return null;
    const obj = await this.get(this.key(id, SUMMARY));
    return obj && (JSON.parse(await readAll(obj.stream)) as ReportSummary);
  }

  async openReportJsonGz(id: string): Promise<StoredObject | null> {
    return (await this.has(id)) ? this.get(this.key(id, REPORT_JSON_GZ)) : null;
  }

  async openCsv(id: string): Promise<StoredObject | null> {
    return (await this.has(id)) ? this.get(this.key(id, SOURCE)) : null;
  }

  async replaceDerived(id: string, reportJsonGz: Uint8Array, summary: ReportSummary): Promise<boolean> {
    const etag = await this.summaryEtag(id);
    if (etag === null) return false;
    try {
      await this.put(this.key(id, REPORT_JSON_GZ), reportJsonGz, 'application/gzip');
      await this.put(this.key(id, SUMMARY), JSON.stringify(summary), 'application/json', { IfMatch: etag });
    } catch (err) {
      // The report was deleted (or derived again) meanwhile: do not bring it back.
      if (isPreconditionFailed(err) || isNotFound(err)) {
        if (!(await this.has(id))) await this.remove(this.key(id, REPORT_JSON_GZ)).catch(() => undefined);
        return false;
      }
      throw this.storeError(err, 'written');
    }
    return true;
  }

  async delete(id: string): Promise<boolean> {
    if (!isReportId(id)) return false;
    const existed = await this.has(id);
    try {
      // The summary first: from then on no reader sees the report; the other parts are plain leftovers.
      await this.remove(this.key(id, SUMMARY));
      await this.remove(this.key(id, REPORT_JSON_GZ));
      await this.remove(this.key(id, SOURCE));
    } catch (err) {
      throw this.storeError(err, 'written');
    }
    return existed;
  }

  async *list(): AsyncIterable<StoredReportInfo> {
    for await (const group of this.reportGroups()) {
      const { id, parts } = group;
      const source = parts.get(SOURCE);
      const json = parts.get(REPORT_JSON_GZ);
      const summary = parts.get(SUMMARY);
      if (!source || !json || !summary) continue;
      yield { id, createdAtMs: source.mtimeMs, bytes: source.size + json.size + summary.size };
    }
  }

  async checkWritable(): Promise<void> {
    const key = `${this.prefix}probe/${randomUUID()}`;
    const abortSignal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'ok' }), { abortSignal });
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal });
    } catch (err) {
      const mapped = this.storeError(err, 'written');
      throw mapped instanceof StoreUnavailableError ? mapped : new StoreUnavailableError(mapped.message, { cause: err });
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.sweeping;
    this.client.destroy();
  }

  /** Only ever called with a validated id. */
  private key(id: string, part: string): string {
    return `${this.prefix}reports/${id}/${part}`;
  }

  /** The summary's ETag: the report exists; null: it does not (or the string is not an id). */
  private async summaryEtag(id: string): Promise<string | null> {
    if (!isReportId(id)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(id, SUMMARY) }));
      return head.ETag ?? '*';
    } catch (err) {
      if (isNotFound(err)) return null;
      throw this.storeError(err, 'read');
    }
  }

  private async put(key: string, body: Uint8Array | string, contentType: string, condition: { IfNoneMatch?: string; IfMatch?: string } = {}) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        Metadata: { [WRITTEN_MS]: String(Date.now()) },
        ...condition,
      }),
    );
  }

  private async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const written = Number(out.Metadata?.[WRITTEN_MS]);
      return {
        stream: out.Body as Readable,
        size: out.ContentLength ?? 0,
        mtimeMs: Number.isFinite(written) && written > 0 ? written : (out.LastModified?.getTime() ?? 0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw this.storeError(err, 'read');
    }
  }

  private async remove(key: string): Promise<void> {
    // DeleteObject of a missing key succeeds: deleting is idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Every id under reports/ with the parts found for it (keys come sorted, so one id's parts are adjacent). */
  private async *reportGroups(): AsyncIterable<PartGroup> {
    const base = `${this.prefix}reports/`;
    let current = null as PartGroup | null;
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: base,
            ...(this.listPageKeys ? { MaxKeys: this.listPageKeys } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
      } catch (err) {
        throw this.storeError(err, 'listed');
      }
      for (const obj of page.Contents ?? []) {
        const [id, part, ...rest] = (obj.Key ?? '').slice(base.length).split('/');
        if (!id || !part || rest.length > 0 || !isReportId(id)) continue;
        if (current?.id !== id) {
          if (current) yield current;
          current = { id, parts: new Map() };
        }
        current.parts.set(part, { size: obj.Size ?? 0, mtimeMs: obj.LastModified?.getTime() ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    if (current) yield current;
  }

  /** Remove parts of reports that never got (or lost) their summary: leftovers of a crash or failed delete. */
  private async sweepStaleParts(signal: AbortSignal): Promise<void> {
    const now = Date.now();
    for await (const { id, parts } of this.reportGroups()) {
      if (signal.aborted) return;
      if (parts.has(SUMMARY)) continue;
      const newest = Math.max(...[...parts.values()].map((p) => p.mtimeMs));
      if (now - newest < STALE_PARTS_MS) continue;
      await Promise.allSettled([...parts.keys()].filter((p) => PARTS.includes(p as never)).map((p) => this.remove(this.key(id, p))));
    }
  }

  /** S3's answer about the storage as the store's own error: full → StoreFullError, else unavailable. */
  private storeError(err: unknown, action: 'read' | 'written' | 'listed'): Error {
    if (err instanceof ReportIdTakenError || err instanceof StoreFullError || err instanceof StoreUnavailableError) return err;
    const code = errorCode(err);
    const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
    if (FULL_CODES.has(code) || status === 507) {
      return new StoreFullError(`no space left to store the report in ${this.where} (${code})`, { cause: err });
    }
    return new StoreUnavailableError(`${this.where} cannot be ${action} (${code})`, { cause: err });
  }
}

function errorCode(err: unknown): string {
  const e = err as { Code?: string; name?: string; code?: string; message?: string };
  return e.Code ?? e.code ?? e.name ?? 'error';
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function isPreconditionFailed(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 412 || err.name === 'PreconditionFailed');
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
