/**
 * A real S3 API server on 127.0.0.1 for the tests and proofs: s3rver (npm), in this process, with its
 * objects on a temporary directory.
 *
 * s3rver writes an object in place (truncate, then write) and answers a PUT of a buffer before the bytes
 * are on disk, so a GET racing a PUT can get a cut object; its DELETE also removes emptied directories,
 * which races a PUT into them. AWS S3, MinIO and Ceph make each PUT/DELETE atomic, and the S3 store relies on
 * exactly that. So methods of its file system store are replaced below to keep S3's promise: write
 * beside the object and rename over it, read size and bytes from one open file, keep directories. Nothing
 * else of s3rver is changed; the contract tests fail against the unpatched server (set S3RVER_AS_IS=1).
 *
 * s3rver also encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17+) only has with
 * --openssl-legacy-provider: every listing longer than a page failed with InternalError. The tokens are
 * opaque to clients, so for s3rver (a CommonJS caller of `crypto`) 'des' is served by AES below.
 *
 * s3rver also predates conditional writes (If-None-Match / If-Match on PUT, AWS S3 since 2024, MinIO): it
 * ignores both headers, as older services do. `startS3Server({ conditionalWrites: true })` answers them as AWS
 * S3 does (see conditionalWrites below); the default server keeps ignoring them.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import S3Error from 's3rver/lib/models/error.js';
import S3Object from 's3rver/lib/models/object.js';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';
import type { S3StoreSettings } from '../../server/store/s3-report-store.js';

/** s3rver's fixed credentials. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket; its name. */
  newBucket(): Promise<string>;
  /** Store settings for `bucket` (stagingDir: a new temporary directory). */
  settings(bucket: string, prefix?: string): Promise<S3StoreSettings>;
  close(): Promise<void>;
}

interface StoreInternals {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}
interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: unknown;
}

let patched = false;

/** s3rver's continuation tokens: 'des' (8-byte key and IV) served by AES-128-CBC (both padded to 16 bytes). */
function desTokensOnOpenSsl3(): void {
  const crypto = createRequire(import.meta.url)('crypto') as typeof import('node:crypto');
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(16 - b.length)]);
  const { createCipheriv, createDecipheriv } = crypto;
  Object.assign(crypto, {
    createCipheriv: (alg: string, key: Buffer, iv: Buffer) =>
      alg === 'des' ? createCipheriv('aes-128-cbc', pad(key), pad(iv)) : createCipheriv(alg, key, iv),
    createDecipheriv: (alg: string, key: Buffer, iv: Buffer) =>
      alg === 'des' ? createDecipheriv('aes-128-cbc', pad(key), pad(iv)) : createDecipheriv(alg, key, iv),
  });
}

function patchS3rver(): void {
  if (patched) return;
  patched = true;
  desTokensOnOpenSsl3();
  if (process.env.S3RVER_AS_IS === '1') return;
  const proto = FilesystemStore.prototype;

  proto.putObject = async function putObject(this: StoreInternals, object: S3rverObject) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const tmp = `${objectPath}.${randomBytes(8).toString('hex')}.tmp`;
    const md5 = createHash('md5');
    let size = 0;
    try {
      const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
      await pipeline(
        source as AsyncIterable<Buffer>,
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            md5.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(tmp),
      );
      const digest = md5.digest('hex');
      await this.putMetadata(object.bucket, object.key, object.metadata, digest);
      await rename(tmp, objectPath);
      return { size, md5: digest };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  };

  const getMetadata = proto.getMetadata as StoreInternals['getMetadata'];
  proto.getObject = async function getObject(
    this: StoreInternals,
    bucket: string,
    key: string,
    options?: { start?: number; end?: number },
  ) {
    let fh;
    try {
      fh = await open(this.getResourcePath(bucket, key, 'object'), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    // Size and bytes from the one file opened, whatever PUT renames over it meanwhile.
    const st = await fh.stat();
    const metadata = {
      ...(await getMetadata.call(this, bucket, key).catch(() => ({}))),
      'last-modified': st.mtime.toUTCString(),
      'content-length': st.size,
    };
    const last = Math.max(0, st.size - 1);
    const range = { start: options?.start ?? 0, end: Math.min(options?.end ?? Infinity, last) };
    const ranged = options && (options.start !== undefined || options.end);
    if (range.start < 0 || range.end < range.start) {
      await fh.close();
      const object = new S3Object(bucket, key, null, metadata);
      if (ranged) object.range = range;
      return object;
    }
    // The stream owns the descriptor from here on and closes it.
    const object = new S3Object(bucket, key, createReadStream('', { fd: fh, ...range, autoClose: true }), metadata);
    if (ranged) object.range = range;
    return object;
  };

  proto.deleteObject = async function deleteObject(this: StoreInternals, bucket: string, key: string) {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((r) =>
        unlink(this.getResourcePath(bucket, key, r)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
  };

  // Metadata files too: written beside, renamed over (a reader never parses half a JSON file).
  proto.putMetadata = async function putMetadata(
    this: StoreInternals,
    bucket: string,
    key: string,
    metadata: Record<string, string>,
    md5: string,
  ) {
    const json: Record<string, string> = {};
    for (const [k, v] of Object.entries(metadata ?? {})) {
      if (S3Object.ALLOWED_METADATA.includes(k) || k.startsWith('x-amz-meta-')) json[k] = v;
    }
    for (const [resource, data] of [
      ['object.md5', md5],
      ['metadata.json', JSON.stringify(json, null, 2)],
    ] as const) {
      const path = this.getResourcePath(bucket, key, resource);
      const tmp = `${path}.${randomBytes(8).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    }
  };
}

/** The parts of s3rver's Koa context that conditionalWrites reads. */
interface S3rverContext {
  method: string;
  path: string;
  get(header: string): string;
  store: StoreInternals;
}

/**
 * Conditional writes as AWS S3 answers them: a PUT with `If-None-Match: *` on an existing key fails with 412
 * PreconditionFailed; one with `If-Match` fails with 404 NoSuchKey when the key does not exist and with 412
 * when its ETag is another (`*`: any). The check is made before the write, not atomically with it: enough for
 * tests that put one request between two others.
 */
function conditionalWrites() {
  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    const noneMatch = ctx.get('if-none-match');
    const match = ctx.get('if-match');
    const [, bucket, ...rest] = ctx.path.split('/');
    if (ctx.method === 'PUT' && (noneMatch || match) && bucket && rest.length > 0 && !ctx.get('x-amz-copy-source')) {
      const key = decodeURIComponent(rest.join('/'));
      const etag = await ctx.store.getMetadata(bucket, key).then(
        (metadata) => String(metadata.etag),
        () => null,
      );
      const failed = (header: string) =>
        new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: header });
      if (noneMatch === '*' && etag !== null) throw failed('If-None-Match');
      if (match && etag === null) throw new S3Error('NoSuchKey', 'The specified key does not exist.', { Key: key });
      if (match && match !== '*' && match !== etag) throw failed('If-Match');
    }
    await next();
  };
}

export async function startS3Server(options: { conditionalWrites?: boolean } = {}): Promise<S3TestServer> {
  patchS3rver();
  // The SDK's default credential chain reads these, as a deployment would.
  process.env.AWS_ACCESS_KEY_ID = S3_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_CREDENTIALS.secretAccessKey;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dirs: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'dstatview-s3-'));
  dirs.push(dir);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  // Just before s3rver's router (the last middleware), so that the request is not yet handled.
  if (options.conditionalWrites) server.middleware.splice(server.middleware.length - 1, 0, conditionalWrites());
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  return {
    endpoint,
    async newBucket() {
      const name = `dstatview-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async settings(bucket, prefix = '') {
      const stagingDir = await mkdtemp(join(tmpdir(), 'dstatview-s3-staging-'));
      dirs.push(stagingDir);
      return { bucket, endpoint, prefix, forcePathStyle: true, region: 'us-east-1', stagingDir };
    },
    async close() {
      admin.destroy();
      await server.close();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}
