/**
 * Fuzz: mutated dstat uploads and malformed multipart / HTTP against the running server. Every reply must
 * come within 5 s, be a 2xx or 4xx, and an error's body must be `{code, message}`.
 */
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/helpers/fixtures.js';
import { badErrorBody, postUpload, sendRaw, type Reply } from './http.js';

export interface FuzzOptions {
  uploads: number;
  concurrency: number;
  seed?: number;
  /**
   * A reply later than this (ms) is a violation. The proof's bound is 5 s (`npm run soak`); the reduced run
   * inside `npm test` shares two cores with the rest of the suite, so it looks for hangs (a reply minutes late)
   * with a wider bound and prints the slowest reply instead of timing it.
   */
  replyDeadlineMs?: number;
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<string, number>;
  slowestMs: number;
  violations: string[];
}

const REPLY_DEADLINE_MS = 5000;
/** Kinds of malformed request (malformed()), and the one whose client stops sending. */
const MALFORMED_KINDS = 14;
const GIVES_UP = 8;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** One mutation of a valid log: bytes flipped, cut, repeated, inserted, or lines shuffled. */
function mutate(base: Buffer, random: () => number): Buffer {
  const pick = (n: number) => Math.floor(random() * n);
  const buf = Buffer.from(base);
  switch (pick(9)) {
    case 0: // flip bytes
      for (let i = 0, n = 1 + pick(20); i < n; i++) buf[pick(buf.length)] = pick(256);
      return buf;
    case 1: // cut short
      return buf.subarray(0, pick(buf.length));
    case 2: // drop a range
      return Buffer.concat([buf.subarray(0, pick(buf.length)), buf.subarray(pick(buf.length))]);
    case 3: { // repeat a range many times
      const a = pick(buf.length);
      const piece = buf.subarray(a, a + 1 + pick(200));
      return Buffer.concat([buf, ...Array.from({ length: 1 + pick(50) }, () => piece)]);
    }
    case 4: { // insert special bytes: NUL, quotes, commas, CR, high bytes
      const specials = [0, 0x22, 0x2c, 0x0d, 0x0a, 0xff, 0xfe, 0xef, 0xbb, 0xbf];
      const at = pick(buf.length);
      const extra = Buffer.from(Array.from({ length: 1 + pick(30) }, () => specials[pick(specials.length)]!));
      return Buffer.concat([buf.subarray(0, at), extra, buf.subarray(at)]);
    }
    case 5: { // shuffle lines
      const lines = buf.toString('latin1').split('\n');
      for (let i = 0; i < 10; i++) {
        const a = pick(lines.length);
        const b = pick(lines.length);
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      }
      return Buffer.from(lines.join('\n'), 'latin1');
    }
    case 6: // a very wide line
      return Buffer.concat([buf, Buffer.from(','.repeat(1000 + pick(200_000)) + '\n')]);
    case 7: // many appended headers
      return Buffer.concat(Array.from({ length: 2 + pick(40) }, () => buf.subarray(0, 700)));
    default: // random bytes
      return Buffer.from(Array.from({ length: pick(5000) }, () => pick(256)));
  }
}

/** Broken forms and broken HTTP, as raw bytes. */
function malformed(i: number, random: () => number, csv: Buffer): string | Buffer {
  const size = [100, 17_000, 30_000, 64_000, 70_000][i % 5]!;
  const content = csv.subarray(0, size).toString('latin1');
  const head = (type: string, length: number | string) =>
    `POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
  const form = (part: string) => `--B\r\n${part}\r\n--B--\r\n`;
  const cases: Array<() => string | Buffer> = [
    () => { const b = form(`Content-Type: text/csv\r\n\r\n${content}`); return head('multipart/form-data; boundary=B', b.length) + b; },
    () => { const b = form(`Content-Disposition: form-data; filename="a.csv"\r\n\r\n${content}`); return head('multipart/form-data; boundary=B', b.length) + b; },
    () => { const b = form(`Content-Disposition: attachment\r\n\r\n${content}`); return head('multipart/form-data; boundary=B', b.length) + b; },
    () => { const b = `--B\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${content}`; return head('multipart/form-data; boundary=B', b.length) + b; },
    () => { const b = form(`Content-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${content}`); return head('multipart/form-data; boundary=C', b.length) + b; },
    () => head('multipart/form-data', 10) + '0123456789',
    () => head(`multipart/form-data; boundary=${'x'.repeat(20_000)}`, 4) + 'abcd',
    () => head('multipart/form-data; boundary=B', 'abc'),
    // Shorter than its Content-Length: the client gives up (closes its side), nobody is left to answer.
    () => head('multipart/form-data; boundary=B', 100) + 'short',
    () => `POST /api/reports HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: multipart/form-data; boundary=B\r\n\r\nzz\r\n`,
    () => `GARBAGE / HTTP/1.1\r\n\r\n`,
    () => Buffer.from(Array.from({ length: 200 }, () => Math.floor(random() * 256))),
    () => { const b = form(`Content-Disposition: form-data; name="file"; filename="a.csv"\r\n${'X-H: y\r\n'.repeat(100)}\r\n${content}`); return head('multipart/form-data; boundary=B', b.length) + b; },
    () => { const b = Array.from({ length: 30 }, (_, k) => `--B\r\nContent-Disposition: form-data; name="f${k}"\r\n\r\nv`).join('\r\n') + '\r\n--B--\r\n'; return head('multipart/form-data; boundary=B', b.length) + b; },
  ];
  return cases[i % cases.length]!();
}

export async function fuzz(url: string, port: number, opts: FuzzOptions): Promise<FuzzResult> {
  const random = rng(opts.seed ?? 9);
  const csv = readFileSync(fixturePath('d072_tfvnrl.csv'));
  const byStatus: Record<string, number> = {};
  const violations: string[] = [];
  let slowestMs = 0;
  let next = 0;
  const total = opts.uploads;
  const deadlineMs = opts.replyDeadlineMs ?? REPLY_DEADLINE_MS;
  const check = (what: string, r: Reply) => {
    const key = r.failure ? `no answer (${r.failure})` : String(r.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    slowestMs = Math.max(slowestMs, r.ms);
    if (violations.length > 50) return;
    if (r.failure === 'timeout' || r.ms > deadlineMs) violations.push(`${what}: no reply within ${deadlineMs / 1000} s`);
    else if (r.failure) violations.push(`${what}: ${r.failure}`);
    else if (r.status >= 500 || r.status < 200) violations.push(`${what}: status ${r.status} ${r.body.slice(0, 200)}`);
    const bad = badErrorBody(r);
    if (bad) violations.push(`${what}: ${r.status} ${bad}`);
  };
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      // One in five is malformed HTTP or multipart; the rest are mutated logs in a proper form.
      if (i % 5 === 4) {
        const kind = Math.floor(i / 5) % MALFORMED_KINDS;
        const raw = malformed(Math.floor(i / 5), random, csv);
        const reply = await sendRaw(port, raw, deadlineMs + 1000, kind === GIVES_UP);
        // A connection closed without an answer is right only for the client that gave up, and only in time.
        if (kind === GIVES_UP && reply.failure && reply.failure !== 'timeout') {
          byStatus['closed (client gave up)'] = (byStatus['closed (client gave up)'] ?? 0) + 1;
          continue;
        }
        check(`malformed #${kind}`, reply);
      } else {
        check('mutated upload', await postUpload(url, mutate(csv, random), deadlineMs + 1000));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return { requests: total, byStatus, slowestMs, violations };
}
