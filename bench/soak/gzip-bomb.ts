/**
 * A gzip bomb of valid rows against the built server (issue figures: a 1.09 MB .csv.gz of 250 MB of
 * rows). Proves: it is refused (413 DECOMPRESSED_TOO_LARGE, a {code, message} body), the server's peak
 * resident memory while it is read stays within `maxRiseBytes` of its idle RSS, and nothing of it is left
 * in DATA_DIR (no report, no staging file).
 */
import { readdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RunningServer } from '../../test/helpers/server.js';
import { SOURCE_LOG } from '../make-log.js';
import { badErrorBody, postUpload } from './http.js';

export interface BombOptions {
  /** Decompressed size, bytes. */
  bytes: number;
  maxRiseBytes: number;
}

export interface BombResult {
  gzipBytes: number;
  decompressedBytes: number;
  status: number;
  code: string;
  ms: number;
  rssIdleMiB: number;
  rssPeakMiB: number;
  leftInDataDir: string[];
  violations: string[];
}

const MiB = 1024 * 1024;

function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/**
 * A real log's header, then one of its rows again and again a second apart, to `bytes`: every line a valid
 * row, and gzip (level 9) shrinks it ~200× (250 MB → ~1.1 MB). Made in pieces of ~1 MB: no 250 MB string.
 */
export function bombGzip(bytes: number): { gz: Buffer; textBytes: number } {
  const lines = readFileSync(SOURCE_LOG, 'utf8').split('\n');
  const first = lines.findIndex((l) => /^\d{2}-\d{2} \d{2}:\d{2}:\d{2},/.test(l));
  const header = lines.slice(0, first).join('\n') + '\n';
  const rest = lines[first + 2]!.slice(lines[first + 2]!.indexOf(','));
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = (t: number) => {
    const d = new Date(t);
    return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  };
  const pieces: string[] = [header];
  let size = header.length;
  let piece = '';
  for (let t = Date.UTC(2026, 0, 1); size < bytes; t += 1000) {
    const row = `${stamp(t)}${rest}\n`;
    piece += row;
    size += row.length;
    if (piece.length > 1 << 20) {
      pieces.push(piece);
      piece = '';
    }
  }
  pieces.push(piece);
  const gz = gzipSync(Buffer.concat(pieces.map((p) => Buffer.from(p))), { level: 9 });
  return { gz, textBytes: size };
}

export async function gzipBomb(server: RunningServer, opts: BombOptions): Promise<BombResult> {
  const violations: string[] = [];
  const { gz, textBytes } = bombGzip(opts.bytes);
  const pid = server.pid()!;
  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssOf(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // gone: reported below
    }
  }, 20);
  const reply = await postUpload(server.url, gz, 120_000).finally(() => clearInterval(sampler));
  peak = Math.max(peak, rssOf(pid));
  let code = '';
  try {
    code = (JSON.parse(reply.body) as { code: string }).code;
  } catch {
    // reported as a bad body
  }
  if (reply.status !== 413 || code !== 'DECOMPRESSED_TOO_LARGE') violations.push(`answered ${reply.failure ?? reply.status} ${reply.body.slice(0, 200)}`);
  const bad = badErrorBody(reply);
  if (bad) violations.push(bad);
  if (peak - idle > opts.maxRiseBytes) violations.push(`RSS rose ${((peak - idle) / MiB).toFixed(0)} MiB, more than ${(opts.maxRiseBytes / MiB).toFixed(0)} MiB`);
  const left = await filesUnder(server.dataDir);
  if (left.length > 0) violations.push(`left in DATA_DIR: ${left.join(', ')}`);
  if (!server.alive()) violations.push('the server died');
  return {
    gzipBytes: gz.length,
    decompressedBytes: textBytes,
    status: reply.status,
    code,
    ms: reply.ms,
    rssIdleMiB: idle / MiB,
    rssPeakMiB: peak / MiB,
    leftInDataDir: left,
    violations,
  };
}
