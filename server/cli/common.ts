/**
 * What the `dstatview` commands share: reading an input (a file or `-` for standard input, plain or
 * gzip), making a report from it without a server, and the one-line errors and exit codes
 * (0 done, 1 bad input: `dstatview: FILE: line N: …`, 2 wrong usage).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import { MAX_UPLOAD_BYTES_CEILING } from '../../shared/limits.js';
import { gzipReportJson, parseReport } from '../derive-report.js';
import type { ExportReport } from '../export/report-files.js';
import { newReportId } from '../store/report-id.js';

/** A wrong command line: exit 2 with the command's usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A bad input or a failure: exit 1, one line `dstatview: WHAT: reason`. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly what: string,
    message: string,
  ) {
    super(message);
  }
}

export const STDIN = '-';

/** How an input is named in messages. */
export function inputLabel(file: string): string {
  return file === STDIN ? '<stdin>' : file;
}

export interface Input {
  /** As given on the command line. */
  file: string;
  /** File name as a report keeps it (`log.csv`, or `stdin.csv`). */
  name: string;
  /** The bytes as read (a .csv.gz stays compressed: the report keeps it as uploaded). */
  raw: Buffer;
  gzip: boolean;
  /** The CSV: `raw` itself, or decompressed (at most MAX_UPLOAD_BYTES_CEILING bytes). */
  csv: Buffer;
}

/** Read a file, or standard input for `-`; a gzip is decompressed with the same ceiling as the server's. */
export async function readInput(file: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<Input> {
  let raw: Buffer;
  if (file === STDIN) {
    raw = await buffer(stdin as NodeJS.ReadableStream & AsyncIterable<Buffer>);
  } else {
    const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
      throw new InputError(file, err.code === 'ENOENT' ? 'no such file' : `cannot read it (${err.code ?? err.message})`);
    });
    if (!info.isFile()) throw new InputError(file, 'not a file');
    if (info.size > MAX_UPLOAD_BYTES_CEILING) {
      throw new InputError(file, `${info.size} bytes; dstatview reads files up to ${MAX_UPLOAD_BYTES_CEILING} bytes`);
    }
    raw = await readFile(file);
  }
  // gunzip.ts only for what may be gzip (0x1f, its first byte, never starts a text file): it loads the
  // server's error module and so @fastify/error, CommonJS, whose first load costs Node 20 ~100 ms of CPU
  // (write-html.ts) — a sixth of `report -o OUT.html` on the 4 MB log.
  const gz = raw[0] === 0x1f ? await import('../upload/gunzip.js') : null;
  const gzip = gz !== null && gz.isGzip(raw);
  const csv = gzip ? await gz.gunzipBounded(Readable.from([raw]), MAX_UPLOAD_BYTES_CEILING).catch(asInputError(file)) : raw;
  const name = file === STDIN ? 'stdin.csv' : basename(file);
  return { file, name, raw, gzip, csv };
}

function asInputError(file: string) {
  return (err: unknown): never => {
    throw new InputError(inputLabel(file), err instanceof Error ? err.message : String(err));
  };
}

/**
 * The report of an input, as the server would store it (a fresh id, the same parser and JSON). Its gzipped
 * JSON is made when first read: an export starts its render threads on the parsed report first, and they
 * draw while this thread makes it (~0.15 s for the 4 MB log).
 */
export function reportOf(input: Input): ExportReport {
  try {
    const fields = { id: newReportId(), fileName: input.name, createdAt: new Date().toISOString(), bytes: input.raw.length };
    const { summary, report } = parseReport(input.csv, fields);
    let gz: Uint8Array | undefined;
    return {
      summary,
      report,
      get reportJsonGz() {
        return (gz ??= gzipReportJson(report));
      },
    };
  } catch (err) {
    if (isDstatFormatError(err)) throw new InputError(inputLabel(input.file), err.message);
    throw err;
  }
}

/** node:util parseArgs, with its errors as UsageError. */
export function parseCommandLine<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.split('\n')[0]! : String(err));
  }
}

/** A whole number ≥ min from an option's text; UsageError naming the option otherwise. */
export function intOption(name: string, text: string | undefined, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
    throw new UsageError(`--${name} takes a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** Print an error the way the commands do; the exit code for it. */
export function reportError(err: unknown, usage: string): number {
  if (err instanceof UsageError) {
    process.stderr.write(`dstatview: ${err.message}\n\n${usage}\n`);
    return 2;
  }
  if (err instanceof InputError) {
    process.stderr.write(`dstatview: ${err.what}: ${err.message}\n`);
    return 1;
  }
  if (err instanceof RangeError || isDstatFormatError(err)) {
    process.stderr.write(`dstatview: ${err.message}\n`);
    return 1;
  }
  const e = err as NodeJS.ErrnoException;
  process.stderr.write(`dstatview: ${e?.path ? `${e.path}: ` : ''}${e instanceof Error ? e.message : String(err)}\n`);
  return 1;
}

/** A --server value: an http(s) URL, else a UsageError naming it. */
export function parseServer(server: string): URL {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw new UsageError(`--server takes an http(s) URL, got ${JSON.stringify(server)}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError(`--server takes an http(s) URL, got ${JSON.stringify(server)}`);
  return base;
}
