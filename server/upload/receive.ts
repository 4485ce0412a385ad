/**
 * Stream the `file` parts of a multipart upload (one, or up to MAX_UPLOAD_FILES to compare) to files under
 * the staging directory, enforcing the size limit of each while it streams. On any failure nothing is left
 * on disk.
 */
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_NAME_CHARS } from '../../shared/limits.js';
import {
  FileTooLargeError,
  formatBytes,
  MalformedMultipartError,
  MissingFileError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { describeContentType } from '../http-utils.js';

export const FILE_FIELD = 'file';
/** dstat2graphs' name for the file field, taken as well so that its form posts work unchanged. */
export const D2G_FILE_FIELD = 'csv_file';
const FILE_FIELDS: ReadonlySet<string> = new Set([FILE_FIELD, D2G_FILE_FIELD]);

export interface ReceivedUpload {
  /** The uploaded bytes, under the staging directory; the caller removes it when done. */
  path: string;
  /** The client's file name, cleaned for display (no directories, no control characters). */
  fileName: string;
  bytes: number;
  /** The form's text fields (dstat2graphs' options), first value of each; bounded by the multipart limits. */
  fields: Record<string, string>;
}

/** The uploaded files in the order sent (at least one; the multipart `files` limit bounds how many). */
export async function receiveUploads(
  request: FastifyRequest,
  stagingDir: string,
  maxUploadBytes: number,
): Promise<ReceivedUpload[]> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(describeContentType(request.headers['content-type']));

  const saved: ReceivedUpload[] = [];
  let hint = '';
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (FILE_FIELDS.has(part.fieldname) && saved.length === 0) {
          hint = ` (the field "${part.fieldname}" came as text, not as a file: with curl, use -F ${part.fieldname}=@log.csv)`;
        } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      // busboy hands over a part without a usable name with fieldname undefined.
      const fieldName: string | undefined = part.fieldname;
      if (fieldName === undefined || !FILE_FIELDS.has(fieldName)) {
        if (saved.length === 0) {
          hint = fieldName
            ? ` (got a file in the field ${JSON.stringify(fieldName.slice(0, 100))})`
            : ' (got a file part without a field name in its Content-Disposition)';
        }
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const path = join(stagingDir, `upload-${randomUUID()}`);
      const file: ReceivedUpload = { path, fileName: cleanFileName(part.filename), bytes: 0, fields };
      saved.push(file);
      file.bytes = await stageFile(part.file, path, maxUploadBytes);
    }
  } catch (err) {
    await Promise.all(saved.map((f) => rm(f.path, { force: true })));
    throw asRequestError(err);
  }
  if (saved.length === 0) throw new MissingFileError(hint);
  return saved;
}

/**
 * Write the part to `path`, opening the file only when its first bytes arrive: a client that sends headers
 * and then nothing holds a socket, not a socket and a file. An empty part still leaves an empty file (the
 * parser says EMPTY_FILE). Over the limit, stop at once: busboy truncates the part and signals 'limit'.
 */
async function stageFile(source: Readable & { truncated?: boolean }, path: string, maxUploadBytes: number): Promise<number> {
  let fh: FileHandle | null = null;
  let bytes = 0;
  // busboy ends a truncated part only where the part ends, after reading (and dropping) all the rest of
  // the body: give up the moment it says the limit is passed instead.
  const overLimit = () => source.destroy(new FileTooLargeError(formatBytes(maxUploadBytes)));
  source.once('limit', overLimit);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      fh ??= await open(path, 'wx', 0o600);
      await fh.write(chunk);
      bytes += chunk.length;
    }
    if (source.truncated) throw new FileTooLargeError(formatBytes(maxUploadBytes));
    fh ??= await open(path, 'wx', 0o600);
  } finally {
    source.off('limit', overLimit);
    await fh?.close();
  }
  return bytes;
}

/**
 * Errors of @fastify/multipart carry a code and status (mapped by the error handler), system errors
 * (disk full…) are server faults; what remains comes from the multipart parser reading a broken body.
 */
function asRequestError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { statusCode?: number; code?: string; syscall?: string };
  if (typeof e.statusCode === 'number' || e.syscall !== undefined || e.code?.startsWith('ERR_')) return err;
  return new MalformedMultipartError(e.message.slice(0, 200));
}

/** The base name as the user knows it, without directories or control characters, at most MAX_FILE_NAME_CHARS. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Control characters and bidirectional overrides have no place in a name shown to other people.
  const clean = base.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  return Array.from(clean).slice(0, MAX_FILE_NAME_CHARS).join('') || 'dstat.csv';
}
