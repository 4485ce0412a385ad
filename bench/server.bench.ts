/**
 * The server under a 4 MB upload: how long the upload takes (POST → 201), and whether the event loop stays
 * free while the file is parsed (the longest stall seen by the server process, and the slowest /healthz
 * answer during the upload), against the reference of parsing the same file on the main thread.
 * The client runs in a child process so its own work does not count as the server's stall.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { buildApp } from '../server/app.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { makeLog } from './make-log.js';

const run = promisify(execFile);

/** Uploads `file` while polling /healthz every 5 ms; prints JSON {uploadMs, status, worstHealthMs}. */
const CLIENT = `
const [url, file] = process.argv.slice(1);
const { readFileSync } = await import('node:fs');
const body = new FormData();
body.set('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'big.csv');
let done = false, worst = 0;
const poll = (async () => {
  while (!done) {
    const t = performance.now();
    await fetch(url + 'healthz').then((r) => r.text());
    worst = Math.max(worst, performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
})();
const t0 = performance.now();
const res = await fetch(url + 'api/reports', { method: 'POST', body });
const uploadMs = performance.now() - t0;
await res.text();
done = true;
await poll;
console.log(JSON.stringify({ uploadMs, status: res.status, worstHealthMs: worst }));
`;

export async function benchServer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dstatview-bench-'));
  const file = join(dir, 'big.csv');
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 - 4096 });
  writeFileSync(file, text);
  // One client uploads back to back: the per-client limits would answer 429 instead of storing reports.
  const app = await buildApp({
    dataDir: join(dir, 'data'),
    maxUploadBytes: 4 * 1024 * 1024,
    webDir: null,
    limits: { uploadsPerMinute: 1_000_000, maxUploadsPerClient: 1_000 },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    const results: { uploadMs: number; status: number; worstHealthMs: number; stallMs: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CLIENT, url, file]);
      delay.disable();
      results.push({ ...JSON.parse(stdout), stallMs: delay.max / 1e6 });
    }
    const measured = results.slice(1); // the first upload warms the worker threads up
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    const t0 = performance.now();
    parseDstat(text);
    const mainThreadParse = performance.now() - t0;
    console.log(`\n## Server — 4 MB upload through real HTTP (median of ${measured.length}, after one warm-up)`);
    console.log(`status ${measured.map((r) => r.status).join(', ')}; upload POST → 201: ${median(measured.map((r) => r.uploadMs)).toFixed(0)} ms`);
    console.log(`longest event-loop stall in the server during an upload: ${Math.max(...measured.map((r) => r.stallMs)).toFixed(1)} ms`);
    console.log(`slowest /healthz answer during an upload: ${Math.max(...measured.map((r) => r.worstHealthMs)).toFixed(1)} ms`);
    console.log(`reference: parsing the same file on the main thread would stall it ${mainThreadParse.toFixed(0)} ms (plus JSON and gzip)`);
    await benchRss(url, text);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** BENCH_RSS_UPLOADS makes a shorter run for a quick look (the goal is about 100). */
const RSS_UPLOADS = Number(process.env['BENCH_RSS_UPLOADS']) || 100;
const RSS_GOAL_MB = 50;

/**
 * Memory over many uploads: the server's RSS (this process: the app and its worker threads) after the first
 * 10 uploads of the 4 MB log and after RSS_UPLOADS, each once the server is idle again (4 s after the
 * last answer). Goal: the second within RSS_GOAL_MB of the first.
 */
async function benchRss(url: string, text: string): Promise<void> {
  const mb = () => process.memoryUsage().rss / 1048576;
  // Idle: past the worker pool's idle timeout (plugins/parser-pool.ts), as a server between bursts.
  const idle = () => new Promise((r) => setTimeout(r, 4000));
  const form = () => {
    const body = new FormData();
    body.set('file', new Blob([text], { type: 'text/csv' }), 'big.csv');
    return body;
  };
  let after10 = 0;
  const statuses = new Map<number, number>();
  for (let i = 1; i <= RSS_UPLOADS; i++) {
    const res = await fetch(url + 'api/reports', { method: 'POST', body: form() });
    await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (i === 10) {
      await idle();
      after10 = mb();
    }
  }
  await idle();
  const after = mb();
  const grew = after - after10;
  console.log(`\n## Server — RSS over ${RSS_UPLOADS} uploads of the 4 MB log (statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')})`);
  console.log(
    `RSS after 10: ${after10.toFixed(0)} MiB; after ${RSS_UPLOADS}: ${after.toFixed(0)} MiB; growth ${grew.toFixed(0)} MiB ` +
      `${grew <= RSS_GOAL_MB ? 'ok' : 'MISS'} (goal ≤ ${RSS_GOAL_MB} MiB)`,
  );
}
