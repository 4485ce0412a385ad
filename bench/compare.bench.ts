/**
 * GET /api/compare for two 4 MB reports through real HTTP: cold (the reports parsed into columns) and warm
 * (cached columns, another window each time so nothing but the columns is reused; on the clock, with the
 * clock-offset estimate, another offset each time), against the reference
 * of GET /api/reports/:id of one of them measured in the same run. Goal: warm ≤ 200 ms.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, NAME_SHIM } from '../test/helpers/browser.js';
import { SERVER_MAIN, WEB_INDEX, startServer, type RunningServer } from '../test/helpers/server.js';
import { markTime } from './browser.bench.js';
import { makeLog } from './make-log.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status, bytes: body.byteLength };
}

export async function benchCompare(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dstatview-bench-compare-'));
  const app = await buildApp({ dataDir: join(dir, 'data'), maxUploadBytes: 4 * 1024 * 1024, webDir: null });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const ids: string[] = [];
    for (const seed of [1, 2]) {
      const body = new FormData();
      const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 - 4096, seed });
      body.set('file', new Blob([text], { type: 'text/csv' }), `run${seed}.csv`);
      const res = await fetch(`${base}/api/reports`, { method: 'POST', body });
      if (res.status !== 201) throw new Error(`POST /api/reports → ${res.status}: ${(await res.text()).slice(0, 300)}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const compareUrl = `${base}/api/compare?ids=${ids.join(',')}`;
    const cold = await timed(compareUrl);
    const windowed: number[] = [];
    const whole: number[] = [];
    const reference: number[] = [];
    const clock: number[] = [];
    let bytes = 0;
    const ok = (t: { ms: number; status: number }, what: string): number => {
      if (t.status !== 200) throw new Error(`${what} → ${t.status}`);
      return t.ms;
    };
    ok(cold, 'GET /api/compare (cold)');
    for (let i = 0; i < 9; i++) {
      reference.push(ok(await timed(`${base}/api/reports/${ids[0]}`), 'GET /api/reports/:id'));
      const w = await timed(compareUrl);
      whole.push(ok(w, 'GET /api/compare'));
      bytes = w.bytes;
      windowed.push(ok(await timed(`${compareUrl}&from=${i * 60}&to=${i * 60 + 3600}`), 'GET /api/compare (window)'));
      clock.push(ok(await timed(`${compareUrl}&align=clock&shift=0,${i}`), 'GET /api/compare (align=clock)'));
    }
    const r = median(reference);
    const ratio = (ms: number) => (ms / r).toFixed(2);
    console.log('\n## Compare — GET /api/compare, two 4 MB reports, real HTTP (median of 9) — goal warm ≤ 200 ms');
    console.log(`cold (both CSVs parsed into columns in the worker pool): ${cold.ms.toFixed(0)} ms, status ${cold.status}`);
    console.log(`warm, whole runs (the default; ${bytes} bytes): ${median(whole).toFixed(1)} ms, ${ratio(median(whole))} × reference`);
    console.log(`warm, a new 1 h window each time (figures from the raw rows again): ${median(windowed).toFixed(1)} ms, ${ratio(median(windowed))} × reference`);
    console.log(`warm, align=clock (with each run's clock offset estimated from the network, ±600 s): ${median(clock).toFixed(1)} ms, ${ratio(median(clock))} × reference`);
    console.log(`reference: GET /api/reports/:id of one of them (gzip as stored) ${r.toFixed(1)} ms`);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The compare page's first screen for two 4 MB logs against one report page's first screen, same server,
 * same browser, alternating, a new context (cold HTTP cache) each time: `dv:first-screen` (the server's
 * first-screen images painted, or every chart in the viewport at load, whichever comes first) and
 * `dv:first-screen-live` (the interactive charts on screen painted). Goal: compare ≤ 1.5 × report.
 *
 * The two logs are uploaded in one request, as the upload page sends several files: that draws both
 * reports' first screens and their compare page's in the background. Both kinds of page are measured once
 * their images are ready (the state a link is in when it is shared); the first visit of a comparison
 * nobody has opened (no images yet: its interactive charts only) is printed apart.
 */
export async function benchComparePage(): Promise<void> {
  console.log('\n## Compare page — first screen in Chromium, two 4 MB logs vs one report (1280×900, median of 3)');
  if (!existsSync(SERVER_MAIN) || !existsSync(WEB_INDEX) || !existsSync(CHROMIUM_PATH)) {
    console.log('skipped: the app is not built or there is no Chromium');
    return;
  }
  const { chromium } = await import('playwright-core');
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ env: { MAX_UPLOAD_BYTES: '8MiB' }, startTimeoutMs: 30_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const form = new FormData();
    for (const seed of [1, 2]) {
      const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 - 4096, seed });
      form.append('file', new Blob([text], { type: 'text/csv' }), `run${seed}.csv`);
    }
    const res = await fetch(`${server.url}/api/reports`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`POST /api/reports → ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const ids = ((await res.json()) as { reports: { id: string }[] }).reports.map((r) => r.id);
    const reportPath = `/r/${ids[0]}`;
    const comparePath = `/compare?ids=${ids.join(',')}`;
    // Until both pages carry their images (drawn in the background since the upload; ≤ 60 s).
    const waited = performance.now();
    for (const path of [reportPath, comparePath]) {
      while (!(await (await fetch(server.url + path)).text()).includes('data-first-screen')) {
        if (performance.now() - waited > 60_000) throw new Error(`no first-screen images for ${path} in 60 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    console.log(`first-screen images of both pages ready ${(performance.now() - waited).toFixed(0)} ms after the upload's answer`);
    const firstScreen = async (path: string): Promise<{ first: number | string; live: number | string }> => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await context.addInitScript(NAME_SHIM);
        const page = await context.newPage();
        await page.goto(server!.url + path, { waitUntil: 'commit' });
        const first = await markTime(page, 'dv:first-screen', 60_000);
        return { first, live: await markTime(page, 'dv:first-screen-live', 60_000) };
      } finally {
        await context.close().catch(() => undefined);
      }
    };
    await firstScreen(reportPath); // warm-up: the browser process's own start
    const report: number[] = [];
    const reportLive: number[] = [];
    const compare: number[] = [];
    const compareLive: number[] = [];
    const unseen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await firstScreen(reportPath);
      const c = await firstScreen(comparePath);
      if (typeof r.first === 'number') report.push(r.first);
      if (typeof r.live === 'number') reportLive.push(r.live);
      if (typeof c.first === 'number') compare.push(c.first);
      if (typeof c.live === 'number') compareLive.push(c.live);
      if (typeof r.first !== 'number' || typeof c.first !== 'number') console.log(`round ${i + 1}: report ${r.first}, compare ${c.first}`);
    }
    // A view of the same runs not asked for before (a new shift each time): no images yet. After the rounds
    // above, and each once its own images are drawn, so that their drawing does not slow what is measured.
    for (let i = 0; i < 3; i++) {
      const path = `${comparePath}&shift=0,${i + 1}`;
      const u = await firstScreen(path);
      if (typeof u.first === 'number') unseen.push(u.first);
      const since = performance.now();
      while (!(await (await fetch(server.url + path)).text()).includes('data-first-screen') && performance.now() - since < 30_000) {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    if (report.length === 0 || compare.length === 0) return;
    const r = median(report);
    const c = median(compare);
    console.log(`report page (one 4 MB log): ${r.toFixed(0)} ms; compare page (two 4 MB logs): ${c.toFixed(0)} ms`);
    console.log(`ratio compare / report: ${(c / r).toFixed(2)} — goal ≤ 1.5`);
    if (reportLive.length > 0 && compareLive.length > 0) {
      const rl = median(reportLive);
      const cl = median(compareLive);
      console.log(`interactive charts on screen (dv:first-screen-live): report ${rl.toFixed(0)} ms, compare ${cl.toFixed(0)} ms, ratio ${(cl / rl).toFixed(2)}`);
    }
    if (unseen.length > 0) {
      const u = median(unseen);
      console.log(`first visit of a comparison nobody has opened (no images yet, interactive charts): ${u.toFixed(0)} ms, ${(u / r).toFixed(2)} × report`);
    }
  } catch (err) {
    console.log(`compare page benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
}
