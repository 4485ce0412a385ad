/**
 * Admission of heavy work against the built server (one parser thread on two cores):
 *   views       `views` anonymous page views of different views (`/r/<id>?height=200…`), all at once, then
 *               `uploads` uploads of a small valid log at once: every upload 201 within `deadlineMs`.
 *   wide        a log whose `total cpu usage` group has 19 900 columns (~20 000 in all), then a small
 *               upload; and a log of 5 000 disks, then a small upload: each small upload 201 within
 *               `deadlineMs` (the wide one a 422 naming its group; the disks a 201).
 *   slowHeaders `clients` connections from one address (127.0.0.2) sending their headers a byte a second,
 *               against a server under `ulimit -n` (run.ts): /healthz from another address (127.0.0.1)
 *               must answer ≥ 90 % of the time meanwhile.
 * `deadlineMs` null (the reduced run inside `npm test`, on a shared machine): the times are only reported.
 */
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/helpers/fixtures.js';
import type { RunningServer } from '../../test/helpers/server.js';
import { repeatDevice, widenGroup } from '../../test/helpers/wide-logs.js';
import { postUpload, send, type Reply } from './http.js';

const small = () => readFileSync(fixturePath('d072_tfvnrl.csv'));
const summary = (r: Reply) => `${r.status || r.failure} in ${Math.round(r.ms)} ms`;

/** Work counters from /metrics: `class outcome` → count. */
async function workCounts(url: string): Promise<Record<string, number>> {
  const text = (await send(url, { path: '/metrics', timeoutMs: 10_000 })).body;
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^dstatview_work_total\{class="(\w+)",outcome="(\w+)"\} (\d+)/gm)) out[`${m[1]} ${m[2]}`] = Number(m[3]);
  for (const m of text.matchAll(/^dstatview_connections_refused_total (\d+)/gm)) out['connections refused'] = Number(m[1]);
  return out;
}

function checkUpload(what: string, r: Reply, deadlineMs: number | null, violations: string[]): void {
  if (r.status !== 201) violations.push(`${what}: ${r.status || r.failure} ${r.body.slice(0, 200)}`);
  else if (deadlineMs !== null && r.ms > deadlineMs) violations.push(`${what}: 201 after ${Math.round(r.ms)} ms (> ${deadlineMs} ms)`);
}

export interface ViewsOptions {
  views: number;
  uploads: number;
  deadlineMs: number | null;
}

export interface ViewsResult {
  views: Record<string, number>;
  viewsSentMs: number;
  uploads: string[];
  slowestUploadMs: number;
  work: Record<string, number>;
  violations: string[];
}

export async function viewsThenUploads(url: string, opts: ViewsOptions): Promise<ViewsResult> {
  const csv = small();
  const first = await postUpload(url, csv, 60_000);
  if (first.status !== 201) return { views: {}, viewsSentMs: 0, uploads: [], slowestUploadMs: 0, work: {}, violations: [`the first upload: ${summary(first)}`] };
  const id = (JSON.parse(first.body) as { id: string }).id;
  const t0 = performance.now();
  const views = await Promise.all(
    Array.from({ length: opts.views }, (_, k) => send(url, { path: `/r/${id}?height=${200 + k}`, headers: { accept: 'text/html' }, timeoutMs: 30_000 })),
  );
  const viewsSentMs = performance.now() - t0;
  const byStatus: Record<string, number> = {};
  for (const v of views) byStatus[String(v.status || v.failure)] = (byStatus[String(v.status || v.failure)] ?? 0) + 1;
  // The uploads at once, right after the views (their first-screen drawings were started by them).
  const uploads = await Promise.all(Array.from({ length: opts.uploads }, () => postUpload(url, csv, 60_000)));
  const violations: string[] = [];
  uploads.forEach((u, i) => checkUpload(`upload ${i + 1} after ${opts.views} views`, u, opts.deadlineMs, violations));
  return {
    views: byStatus,
    viewsSentMs,
    uploads: uploads.map(summary),
    slowestUploadMs: Math.max(...uploads.map((u) => u.ms)),
    work: await workCounts(url),
    violations,
  };
}

export interface WideResult {
  wideColumns: string;
  wide: string;
  uploadAfterWide: string;
  disks: string;
  uploadAfterDisks: string;
  work: Record<string, number>;
  violations: string[];
}

export async function wideInputs(url: string, opts: { deadlineMs: number | null }): Promise<WideResult> {
  const violations: string[] = [];
  const wideCsv = widenGroup('d073_tfvnrl.csv', 'total cpu usage', 19_900);
  const wide = await postUpload(url, wideCsv, 600_000);
  if (wide.status !== 422 || !wide.body.includes('MAX_GROUP_COLUMNS')) violations.push(`the 19 900-column group: ${summary(wide)} ${wide.body.slice(0, 200)}`);
  const afterWide = await postUpload(url, small(), 60_000);
  checkUpload('a small upload after the wide one', afterWide, opts.deadlineMs, violations);
  const disks = await postUpload(url, repeatDevice('d073_tfvnrl.csv', 'dsk/vda', 5000), 600_000);
  if (disks.status !== 201) violations.push(`5 000 disks: ${summary(disks)} ${disks.body.slice(0, 200)}`);
  const afterDisks = await postUpload(url, small(), 60_000);
  checkUpload('a small upload after 5 000 disks', afterDisks, opts.deadlineMs, violations);
  return {
    wideColumns: `${Math.round(wideCsv.length / 1024)} KiB, 19 900 columns in one group`,
    wide: `${summary(wide)}: ${wide.body.slice(0, 160)}`,
    uploadAfterWide: summary(afterWide),
    disks: summary(disks),
    uploadAfterDisks: summary(afterDisks),
    work: await workCounts(url),
    violations,
  };
}

export interface SlowHeadersOptions {
  clients: number;
  holdMs: number;
}

export interface SlowHeadersResult {
  clients: number;
  /** Connections the server closed at once (beyond the address's share). */
  closedAtOnce: number;
  /** Still open when the run ended. */
  held: number;
  healthz: { ok: number; failed: number; share: number; slowestMs: number };
  work: Record<string, number>;
  violations: string[];
}

export async function slowHeaders(server: RunningServer, opts: SlowHeadersOptions): Promise<SlowHeadersResult> {
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];
  let closedAtOnce = 0;
  const head = 'GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: slow\r\nX-Padding: ' + 'p'.repeat(400) + '\r\n\r\n';
  await Promise.all(
    Array.from({ length: opts.clients }, () =>
      new Promise<void>((resolve) => {
        const s = connect({ port: server.port, host: '127.0.0.1', localAddress: '127.0.0.2' });
        sockets.push(s);
        const opened = performance.now();
        s.on('connect', () => {
          let sent = 0;
          s.write(head.slice(0, ++sent));
          timers.push(setInterval(() => sent < head.length && !s.destroyed && s.write(head.slice(sent, ++sent)), 1000));
          resolve();
        });
        s.on('close', () => {
          if (performance.now() - opened < 1000) closedAtOnce++;
          resolve();
        });
        s.on('error', () => resolve());
      }),
    ),
  );
  const healthz = { ok: 0, failed: 0, share: 0, slowestMs: 0 };
  const until = Date.now() + opts.holdMs;
  while (Date.now() < until) {
    const r = await send(server.url, { path: '/healthz', timeoutMs: 2000 });
    if (r.status === 200) healthz.ok++;
    else healthz.failed++;
    healthz.slowestMs = Math.max(healthz.slowestMs, r.ms);
    await new Promise((res) => setTimeout(res, 100));
  }
  const held = sockets.filter((s) => !s.destroyed).length;
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  healthz.share = healthz.ok / Math.max(1, healthz.ok + healthz.failed);
  const violations: string[] = [];
  if (!server.alive()) violations.push('the server process died');
  if (healthz.share < 0.9) violations.push(`/healthz answered ${healthz.ok} of ${healthz.ok + healthz.failed} (< 90 %)`);
  return { clients: opts.clients, closedAtOnce, held, healthz, work: await workCounts(server.url), violations };
}
