/**
 * Live reports seen from several replicas (STORE=s3): the writer's replica keeps a live log on its own
 * disk and also puts each batch of rows in the bucket as it takes it (before its answer), as an object
 * `<prefix>live/<id>/<epoch>/<offset>` (offset: 16 digits, so the keys list in log order), beside
 * `<prefix>live/<id>/meta.json` (file name, when opened, its epoch: one more each time the writer's file
 * started over). Another replica asked for a live report it does not follow reads meta.json and the parts
 * after those it has, at most once a second per report (`refresh`), and parses only the new rows: a viewer
 * there sees the rows about a second after the writer's replica took them. When the report is finished
 * its objects go (the report is then in the bucket as any report).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

export interface MirrorMeta {
  id: string;
  fileName: string;
  openedAt: string;
  epoch: number;
}

export interface MirrorPart {
  offset: number;
  bytes: Buffer;
}

export interface LiveMirror {
  /** Announce a live report (and a new epoch of it: the log started over). */
  putMeta(meta: MirrorMeta): Promise<void>;
  /** The batch of bytes at `offset` of epoch `epoch`. */
  putPart(id: string, epoch: number, offset: number, bytes: Uint8Array): Promise<void>;
  getMeta(id: string): Promise<MirrorMeta | null>;
  /** Parts of epoch `epoch` at or after byte `from`, in order. */
  partsFrom(id: string, epoch: number, from: number): Promise<MirrorPart[]>;
  /** Remove every object of the live report. */
  remove(id: string): Promise<void>;
}

const pad = (n: number) => String(n).padStart(16, '0');

export class S3LiveMirror implements LiveMirror {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private base(id: string): string {
    return `${this.prefix}live/${id}/`;
  }

  async putMeta(meta: MirrorMeta): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: `${this.base(meta.id)}meta.json`, Body: JSON.stringify(meta), ContentType: 'application/json' }),
    );
  }

  async putPart(id: string, epoch: number, offset: number, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: `${this.base(id)}${epoch}/${pad(offset)}`, Body: bytes, ContentType: 'text/csv' }),
    );
  }

  async getMeta(id: string): Promise<MirrorMeta | null> {
    const bytes = await this.get(`${this.base(id)}meta.json`);
    if (!bytes) return null;
    try {
      return JSON.parse(bytes.toString('utf8')) as MirrorMeta;
    } catch {
      return null;
    }
  }

  async partsFrom(id: string, epoch: number, from: number): Promise<MirrorPart[]> {
    const prefix = `${this.base(id)}${epoch}/`;
    const keys: Array<{ key: string; offset: number }> = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          // Parts before `from` are known: listed from the one that may hold it on.
          ...(token ? {} : { StartAfter: from > 0 ? `${prefix}${pad(from - 1)}` : undefined }),
        }),
      );
      for (const o of page.Contents ?? []) {
        const offset = Number(o.Key!.slice(prefix.length));
        if (Number.isSafeInteger(offset)) keys.push({ key: o.Key!, offset });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    const out: MirrorPart[] = [];
    for (const { key, offset } of keys) {
      const bytes = await this.get(key);
      if (bytes) out.push({ offset, bytes });
    }
    return out;
  }

  async remove(id: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.base(id), ContinuationToken: token }));
      const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (objects.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }
}
