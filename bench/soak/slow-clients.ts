/**
 * Slow clients: half send their headers a byte at a time, half start an upload and then send its body a
 * byte a second — against a server started under `ulimit -n` (default: its own). The process must survive,
 * and once they are gone serve a normal upload.
 */
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/helpers/fixtures.js';
import type { RunningServer } from '../../test/helpers/server.js';
import { multipart, postUpload, send } from './http.js';

export interface SlowOptions {
  clients: number;
  /** How long the slow clients hold on, ms. */
  holdMs: number;
}

export interface SlowResult {
  clients: number;
  connected: number;
  refused: number;
  /** Answers the slow uploads got while holding (429/503 when the server turned them away). */
  answered: Record<string, number>;
  healthzDuring: { ok: number; failed: number };
  survived: boolean;
  uploadAfter: number;
  /** Tries it took, following Retry-After. */
  uploadAttempts: number;
  violations: string[];
}

export async function slowClients(server: RunningServer, opts: SlowOptions): Promise<SlowResult> {
  const sockets: Socket[] = [];
  const answered: Record<string, number> = {};
  let connected = 0;
  let refused = 0;
  const csv = readFileSync(fixturePath('d072_tfvnrl.csv'));
  const { body, type } = multipart(csv);
  const head = (n: number) =>
    `POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n` +
    `X-Forwarded-For: 10.2.${Math.floor(n / 250)}.${(n % 250) + 1}\r\n\r\n`;
  const timers: NodeJS.Timeout[] = [];
  await Promise.all(
    Array.from({ length: opts.clients }, (_, n) =>
      new Promise<void>((resolve) => {
        const s = connect(server.port, '127.0.0.1');
        sockets.push(s);
        s.on('connect', () => {
          connected++;
          // Then one byte a second: of the body (even clients) or of the rest of the headers (odd ones).
          s.write(n % 2 === 0 ? head(n) : head(n).slice(0, 5));
          const more = n % 2 === 0 ? body : Buffer.from(head(n).slice(5));
          let sent = 0;
          timers.push(setInterval(() => sent < more.length && s.write(more.subarray(sent, ++sent)), 1000));
          resolve();
        });
        s.on('data', (c: Buffer) => {
          const status = /^HTTP\/1\.1 (\d{3})/.exec(c.toString('latin1'))?.[1] ?? 'other';
          answered[status] = (answered[status] ?? 0) + 1;
        });
        s.on('error', () => {
          refused++;
          resolve();
        });
        s.on('close', () => resolve());
      }),
    ),
  );
  const healthzDuring = { ok: 0, failed: 0 };
  const until = Date.now() + opts.holdMs;
  while (Date.now() < until) {
    const r = await send(server.url, { path: '/healthz', timeoutMs: 2000 });
    if (r.status === 200) healthzDuring.ok++;
    else healthzDuring.failed++;
    await new Promise((res) => setTimeout(res, 250));
  }
  const survived = server.alive();
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  // Let the server notice the closed sockets.
  await new Promise((res) => setTimeout(res, 1000));
  // As a client does: a 503/429 says when to come back (the server may still be shedding load while it
  // closes thousands of sockets).
  let after = await postUpload(server.url, csv, 30_000);
  let attempts = 1;
  for (; (after.status === 503 || after.status === 429) && attempts < 12; attempts++) {
    await new Promise((res) => setTimeout(res, Number(after.headers['retry-after'] ?? 5) * 1000));
    after = await postUpload(server.url, csv, 30_000);
  }
  const violations: string[] = [];
  if (!survived || !server.alive()) violations.push('the server process died');
  if (after.status !== 201) violations.push(`the upload afterwards answered ${after.status || after.failure}: ${after.body.slice(0, 200)}`);
  return { clients: opts.clients, connected, refused, answered, healthzDuring, survived, uploadAfter: after.status, uploadAttempts: attempts, violations };
}
