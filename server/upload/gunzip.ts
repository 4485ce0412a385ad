/**
 * gzip-compressed uploads (`log.csv.gz`): recognised by their magic bytes, never by the name, and
 * decompressed as a stream with a ceiling on the output, so that a zip bomb costs at most that ceiling in
 * memory and is refused as soon as it passes it.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { formatBytes } from '../errors.js';

/** RFC 1952: ID1 ID2 and CM = 8 (deflate), the only method gzip has. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08;
}

/** Whether the file at `path` starts with the gzip magic bytes. */
export async function isGzipFile(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const head = new Uint8Array(3);
    const { bytesRead } = await fh.read(head, 0, 3, 0);
    return isGzip(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** The decompressed data passed the ceiling: a 413 for the upload, a refusal for the CLI. */
export class DecompressedTooLargeError extends Error {
  override readonly name = 'DecompressedTooLargeError';
  readonly code = 'DECOMPRESSED_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(
      `the gzip-compressed file expands to more than ${formatBytes(maxBytes)}, the most this server reads ` +
        'once decompressed (upload it in parts, or raise MAX_UPLOAD_BYTES)',
    );
  }
}

/** The gzip stream is damaged or cut short. */
export class BadGzipError extends Error {
  override readonly name = 'BadGzipError';
  readonly code = 'BAD_GZIP';
  constructor(reason: string) {
    super(`the file looks gzip-compressed but cannot be decompressed: ${reason}`);
  }
}

/**
 * Read a stream of gzip data into one buffer of at most `maxBytes` decompressed bytes; throws
 * DecompressedTooLargeError past it (the input is destroyed at once) and BadGzipError for damaged data.
 */
export async function gunzipBounded(source: Readable, maxBytes: number): Promise<Buffer> {
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new DecompressedTooLargeError(maxBytes);
      chunks.push(chunk);
    }
  } catch (err) {
    source.destroy();
    gunzip.destroy();
    if (err instanceof DecompressedTooLargeError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_ZLIB_INITIALIZATION_FAILED') {
      throw new BadGzipError(code === 'Z_BUF_ERROR' ? 'it is cut short' : (err as Error).message);
    }
    throw err;
  }
  return Buffer.concat(chunks, total);
}

/**
 * The bytes of an uploaded file as CSV: the file itself, or its decompressed content when it is gzip
 * (at most `maxDecompressed` bytes). `size` is the file's size, for the error before reading a plain file.
 */
export async function readCsvBytes(path: string, maxDecompressed: number): Promise<Buffer> {
  if (await isGzipFile(path)) return gunzipBounded(createReadStream(path), maxDecompressed);
  const fh = await open(path, 'r');
  try {
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/**
 * A stored CSV as plain text: piped through gunzip when it was uploaded compressed (seen from its first
 * bytes). `gzip` says which, since the plain length is then not known in advance. The first chunk is read
 * through the stream's iterator and handed on in a new stream, not unshifted: a store's body stream (S3)
 * may have ended by then, and unshifting after its end loses the data.
 */
export async function plainCsvStream(stream: Readable): Promise<{ stream: Readable; gzip: boolean }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const first = await chunks.next();
  async function* whole(): AsyncGenerator<Uint8Array> {
    if (first.done) return;
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const plain = Readable.from(whole(), { objectMode: false });
  // A client that goes away destroys `plain`; the generator may be waiting on `stream` then (its return()
  // would wait too), so the source is destroyed here, or it would hold its socket or file until it times out.
  plain.once('close', () => stream.destroy());
  if (first.done || !isGzip(first.value)) return { stream: plain, gzip: false };
  const gunzip = createGunzip();
  plain.on('error', (err) => gunzip.destroy(err));
  // pipe() does not pass a destroy upstream.
  gunzip.once('close', () => plain.destroy());
  return { stream: plain.pipe(gunzip), gzip: true };
}
