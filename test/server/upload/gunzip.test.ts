/**
 * gzip uploads, in-process: the magic bytes, the bounded decompression (a zip bomb stops at its ceiling),
 * damaged and cut-short streams, and a stored CSV served plain whichever way it was uploaded. The upload
 * route runs these in the parser's worker threads, so they are specified here as well as end to end.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BadGzipError,
  DecompressedTooLargeError,
  gunzipBounded,
  isGzip,
  isGzipFile,
  plainCsvStream,
  readCsvBytes,
} from '../../../server/upload/gunzip.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';
import { openUnder } from '../../helpers/open-files.js';

afterAll(removeTempDirs);

const CSV = '"Dstat 0.7.4 CSV output"\n"Host:","h"\n' + 'x,'.repeat(3000) + '\n';

async function fileOf(content: Uint8Array | string): Promise<string> {
  const path = join(await tempDir(), 'upload');
  await writeFile(path, content);
  return path;
}

/** A stream handing over `bytes` in chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(Buffer.from(bytes.subarray(i, i + size)));
  return Readable.from(parts, { objectMode: false });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('isGzip: RFC 1952 ID1 ID2 CM, never the name', () => {
  it.each([
    ['gzip, deflate', [0x1f, 0x8b, 0x08], true],
    ['gzip with its header after', [0x1f, 0x8b, 0x08, 0x00, 0x00], true],
    ['a method other than deflate', [0x1f, 0x8b, 0x07], false],
    ['the first byte wrong', [0x1e, 0x8b, 0x08], false],
    ['the second byte wrong', [0x1f, 0x8c, 0x08], false],
    ['only two bytes', [0x1f, 0x8b], false],
    ['nothing', [], false],
    ['a CSV', [...Buffer.from('"Dstat')], false],
  ])('%s → %s', (_name, bytes, expected) => {
    expect(isGzip(Uint8Array.from(bytes))).toBe(expected);
  });
});

describe('isGzipFile', () => {
  it('reads the first three bytes of the file', async () => {
    expect(await isGzipFile(await fileOf(gzipSync(CSV)))).toBe(true);
    expect(await isGzipFile(await fileOf(CSV))).toBe(false);
    expect(await isGzipFile(await fileOf(Buffer.from([0x1f, 0x8b])))).toBe(false);
    expect(await isGzipFile(await fileOf(''))).toBe(false);
  });

  it('does not take bytes from further in the file for the head', async () => {
    expect(await isGzipFile(await fileOf(Buffer.concat([Buffer.from('abc'), gzipSync(CSV)])))).toBe(false);
  });
});

describe('gunzipBounded', () => {
  const gz = gzipSync(CSV);
  const size = Buffer.byteLength(CSV);

  it('decompresses a stream of many chunks into the whole content', async () => {
    const out = await gunzipBounded(chunked(gz, 7), size);
    expect(out.toString()).toBe(CSV);
    expect(out.length).toBe(size);
  });

  it('takes exactly the ceiling, and refuses one byte more at once, destroying the input', async () => {
    expect((await gunzipBounded(chunked(gz, 64), size)).length).toBe(size);
    const source = chunked(gz, 64);
    const err = await rejection(gunzipBounded(source, size - 1));
    expect(err).toBeInstanceOf(DecompressedTooLargeError);
    expect((err as DecompressedTooLargeError).maxBytes).toBe(size - 1);
    expect((err as DecompressedTooLargeError).code).toBe('DECOMPRESSED_TOO_LARGE');
    expect(err.name).toBe('DecompressedTooLargeError');
    expect(source.destroyed).toBe(true);
  });

  it('says the ceiling in the message, and what to do', async () => {
    const bomb = gzipSync(Buffer.alloc(3 * 1024 * 1024));
    const err = await rejection(gunzipBounded(chunked(bomb, 1024), 2 * 1024 * 1024));
    expect(err.message).toBe(
      'the gzip-compressed file expands to more than 2 MiB, the most this server reads once decompressed ' +
        '(upload it in parts, or raise MAX_UPLOAD_BYTES)',
    );
  });

  it('says a cut-short stream is cut short', async () => {
    const err = await rejection(gunzipBounded(chunked(gz.subarray(0, gz.length - 10), 64), size));
    expect(err).toBeInstanceOf(BadGzipError);
    expect(err.message).toBe('the file looks gzip-compressed but cannot be decompressed: it is cut short');
    expect((err as BadGzipError).code).toBe('BAD_GZIP');
    expect(err.name).toBe('BadGzipError');
  });

  it("gives zlib's reason for damaged data", async () => {
    const damaged = Buffer.from(gz);
    damaged.fill(0xff, 10, 30);
    const err = await rejection(gunzipBounded(chunked(damaged, 64), size));
    expect(err).toBeInstanceOf(BadGzipError);
    expect(err.message).toMatch(/^the file looks gzip-compressed but cannot be decompressed: (?!it is cut short).+/);
  });

  it('passes an error of the input itself on unchanged', async () => {
    const source = new PassThrough();
    const failure = Object.assign(new Error('read failed'), { code: 'EIO' });
    const pending = rejection(gunzipBounded(source, size));
    source.write(gz.subarray(0, 20));
    source.destroy(failure);
    expect(await pending).toBe(failure);
  });
});

describe('readCsvBytes', () => {
  it('returns a plain file as it is, whatever the ceiling for decompressed data', async () => {
    const out = await readCsvBytes(await fileOf(CSV), 10);
    expect(out.toString()).toBe(CSV);
  });

  it('decompresses a gzip file, up to the ceiling', async () => {
    const path = await fileOf(gzipSync(CSV));
    expect((await readCsvBytes(path, Buffer.byteLength(CSV))).toString()).toBe(CSV);
    expect(await rejection(readCsvBytes(path, 100))).toBeInstanceOf(DecompressedTooLargeError);
  });
});

describe('files are closed', () => {
  it('after reading, whether plain, gzip or refused', async () => {
    const dir = await tempDir();
    const plain = join(dir, 'plain.csv');
    const gz = join(dir, 'log.csv.gz');
    await writeFile(plain, CSV);
    await writeFile(gz, gzipSync(CSV));
    expect(await isGzipFile(gz)).toBe(true);
    await readCsvBytes(plain, 10);
    await readCsvBytes(gz, Buffer.byteLength(CSV));
    await rejection(readCsvBytes(gz, 10));
    expect(await openUnder(dir)).toEqual([]);
  });
});

describe('plainCsvStream: a stored CSV as plain text', () => {
  it('hands a plain CSV on unchanged, in all its chunks', async () => {
    const { stream, gzip } = await plainCsvStream(chunked(Buffer.from(CSV), 5));
    expect(gzip).toBe(false);
    expect(await text(stream)).toBe(CSV);
  });

  it('decompresses a CSV uploaded as gzip, split anywhere', async () => {
    const { stream, gzip } = await plainCsvStream(chunked(gzipSync(CSV), 3));
    expect(gzip).toBe(true);
    expect(await text(stream)).toBe(CSV);
  });

  it('an empty stream is an empty plain CSV', async () => {
    const { stream, gzip } = await plainCsvStream(Readable.from([], { objectMode: false }));
    expect(gzip).toBe(false);
    expect(await text(stream)).toBe('');
  });

  it('reads a source that has ended before the first chunk is handed on', async () => {
    const source = new PassThrough();
    source.end(Buffer.from(CSV));
    await new Promise((resolve) => setImmediate(resolve));
    const { stream } = await plainCsvStream(source);
    expect(await text(stream)).toBe(CSV);
  });

  it.each([
    ['plain', Buffer.from(CSV)],
    ['gzip', gzipSync(CSV)],
  ])('destroys a %s source when the reader goes away before its end', async (_kind, bytes) => {
    const source = new PassThrough();
    source.write(bytes.subarray(0, 20));
    const { stream } = await plainCsvStream(source);
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });

  it('fails the plain stream when a gzip source fails', async () => {
    const source = new PassThrough();
    source.write(gzipSync(CSV).subarray(0, 20));
    const { stream, gzip } = await plainCsvStream(source);
    expect(gzip).toBe(true);
    source.destroy(new Error('connection reset'));
    expect((await rejection(text(stream))).message).toBe('connection reset');
  });
});
