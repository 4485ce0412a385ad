/**
 * Live reports (`npm run bench -- live`): a writer appends a real log's rows at 1 row/s for BENCH_LIVE_SECONDS
 * (default 60) while the compiled `dstatview live` follows the file and sends to the built server, and a
 * Chromium page shows the report. Printed: row-to-screen latency (from the row's line written to the file
 * to the frame after the page's first chart is drawn to the row's sample time: its data-x-max) p50 / p95 / max, and the server's
 * CPU time per second of the run (user + sys from /proc, one live report, one viewer) against the same
 * server's idle CPU per second measured just before.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/helpers/browser.js';
import { BIN } from '../test/helpers/cli.js';
import { fixturePath } from '../test/helpers/fixtures.js';
import { SERVER_MAIN, WEB_INDEX, startServer, type RunningServer } from '../test/helpers/server.js';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);

/** user + sys CPU time of a process so far, ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function benchLive(): Promise<void> {
  console.log(`\n## Live report: ${SECONDS} s of 1 row/s`);
  if (!existsSync(SERVER_MAIN) || !existsSync(WEB_INDEX) || !existsSync(BIN) || !existsSync(CHROMIUM_PATH)) {
    console.log('skipped: the app is not built or there is no Chromium');
    return;
  }
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'dstatview-live-bench-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ startTimeoutMs: 30_000 });
    const pid = server.pid()!;
    const idleFrom = cpuMs(pid);
    await sleep(10_000);
    const idlePerS = (cpuMs(pid) - idleFrom) / 10;

    const lines = readFileSync(fixturePath('d072_long_tfvnrl.csv'), 'utf8').split(/(?<=\n)/);
    const firstRow = lines.findIndex((l) => /^\d/.test(l));
    const file = join(dir, 'run.csv');
    writeFileSync(file, lines.slice(0, firstRow).join(''));
    const cli = spawn(process.execPath, [BIN, 'live', file, '--server', server.url, '--idle', '10'], {
      env: { ...process.env, XDG_STATE_HOME: dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve) => {
      let out = '';
      cli.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    // The writer: one row a second from now on, each row's write time kept.
    const written: number[] = [];
    let stop = false;
    const writer = (async () => {
      const t0 = Date.now();
      for (let i = 0; !stop && firstRow + i < lines.length; i++) {
        await sleep(Math.max(0, t0 + i * 1000 - Date.now()));
        appendFileSync(file, lines[firstRow + i]!);
        written.push(Date.now());
      }
    })();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Each time the first chart is drawn to a new end (its x range's end, floating ms): the wall time of the
    // frame after it, and that end.
    await page.addInitScript(`
      window.__seen = [];
      new MutationObserver(() => {
        const el = document.querySelector('figure.chart-panel[data-painted="true"]');
        if (!el) return;
        const xMax = Number(el.getAttribute('data-x-max'));
        const last = window.__seen[window.__seen.length - 1];
        if (last && last[1] === xMax) return;
        requestAnimationFrame(() => requestAnimationFrame(() => window.__seen.push([Date.now(), xMax])));
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-x-max', 'data-painted'] });
    `);
    await sleep(2000);
    await page.goto(url);
    await page.locator('[data-live]').waitFor({ timeout: 60_000 });
    // Measured: the rows written from here on, for SECONDS.
    const measuredFrom = written.length;
    const cpuFrom = cpuMs(pid);
    const t0 = Date.now();
    await sleep(SECONDS * 1000);
    stop = true;
    await writer;
    await sleep(3000);
    const runCpuPerS = (cpuMs(pid) - cpuFrom) / ((Date.now() - t0) / 1000);
    const seen = (await page.evaluate('window.__seen')) as Array<[number, number]>;
    cli.kill('SIGTERM');
    await new Promise((r) => cli.once('exit', r));
    // Row k (1-based) is on screen at the first frame whose chart ends at or after its sample time.
    const report = (await (await fetch(`${server.url}${new URL(url).pathname.replace('/r/', '/api/reports/')}`)).json()) as {
      runs: Array<{ time: number[] }>;
    };
    const times = report.runs[0]!.time;
    const latencies: number[] = [];
    for (let k = measuredFrom + 1; k <= written.length; k++) {
      const at = seen.find(([, xMax]) => xMax >= times[k - 1]!);
      if (at) latencies.push(at[0] - written[k - 1]!);
    }
    latencies.sort((a, b) => a - b);
    console.log(`rows written while measured ${written.length - measuredFrom}, seen on the page ${latencies.length}`);
    if (latencies.length > 0) {
      console.log(
        `row-to-screen latency: p50 ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms, max ${latencies[latencies.length - 1]} ms (goal ≤ 2000 ms)`,
      );
    }
    console.log(
      `server CPU: ${runCpuPerS.toFixed(1)} ms per second with one live report and one viewer; idle ${idlePerS.toFixed(1)} ms/s; ` +
        `the live report's share ${(runCpuPerS - idlePerS).toFixed(1)} ms/s (${((runCpuPerS - idlePerS) / 10).toFixed(2)} % of a core)`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
