/**
 * Exports of the 4 MB log (bench/make-log.ts), beside the goals:
 *   - `dstatview report LOG -o OUT.html` and `-o OUT.zip` (with a PNG per chart), wall time of the whole
 *     command as a user runs it (compiled CLI, Node start included), against dstat2graphs.pl's 5.5–14.5 s
 *     on the same file (goals: ≤ 1/10 and ≤ 1/5), with a reference measured in this run: the time to
 *     start Node and parse the same file with csv-parse (tokenizing only), in a child process alike;
 *   - the size of the offline HTML (goal ≤ 1.5 MB);
 *   - first screen (`dv:first-screen`) of the served report page and of the offline file opened from
 *     file:// with every other request aborted, alternated in one browser (goal: about as fast).
 * Needs `npm run build`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { launchBrowser } from '../test/helpers/browser.js';
import { ROOT, startServer, uploadCsv } from '../test/helpers/server.js';
import { makeLog } from './make-log.js';

const run = promisify(execFile);
const CLI = join(ROOT, 'dist', 'server', 'cli', 'main.js');
/** dstat2graphs.pl on the 4 MB log, as measured for the issue (s). */
const D2G_SECONDS = [5.5, 14.5] as const;

async function wall(args: string[]): Promise<number> {
  const t0 = performance.now();
  await run(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return performance.now() - t0;
}

async function median(n: number, f: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await f());
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

const CSV_PARSE_CHILD = `
const { readFileSync } = await import('node:fs');
const { parse } = await import('csv-parse/sync');
parse(readFileSync(process.argv[1], 'utf8'), { relax_column_count: true, skip_empty_lines: true });
`;

export async function benchExport(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dstatview-bench-export-'));
  try {
    const log = join(dir, 'big.csv');
    const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 - 4096 });
    writeFileSync(log, text);
    const html = join(dir, 'out.html');
    const zip = join(dir, 'out.zip');
    const ref = await median(3, () => wall(['--input-type=module', '-e', CSV_PARSE_CHILD, log]));
    const htmlMs = await median(3, () => wall([CLI, 'report', log, '-o', html]));
    const zipMs = await median(1, () => wall([CLI, 'report', log, '-o', zip]));
    const htmlBytes = statSync(html).size;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const vs = (ms: number) => `1/${(D2G_SECONDS[0] * 1000 / ms).toFixed(1)} – 1/${(D2G_SECONDS[1] * 1000 / ms).toFixed(1)} of dstat2graphs.pl`;
    console.log(`\nexport — ${(text.length / 1e6).toFixed(2)} MB log, ${text.split('\n').length} lines`);
    console.log(`reference: node start + csv-parse of the same file      ${s(ref)}`);
    console.log(`dstatview report -o out.html (one file)                 ${s(htmlMs)}  ${(htmlMs / ref).toFixed(1)}× the reference; ${vs(htmlMs)} (5.5–14.5 s; goal ≤ 1/10)`);
    console.log(`dstatview report -o out.zip (HTML + PNG per chart)      ${s(zipMs)}  ${(zipMs / ref).toFixed(1)}× the reference; ${vs(zipMs)} (goal ≤ 1/5)`);
    console.log(`offline HTML size                                        ${(htmlBytes / 1e6).toFixed(2)} MB (${htmlBytes} bytes; goal ≤ 1.5 MB); ZIP ${(statSync(zip).size / 1e6).toFixed(2)} MB`);
    await benchFirstScreen(text, html);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** dv:first-screen of the served page and of the offline file, alternated, median of each. */
async function benchFirstScreen(text: string, htmlFile: string): Promise<void> {
  const server = await startServer({ env: { MAX_UPLOAD_BYTES: '64MiB' }, startTimeoutMs: 30_000 });
  const browser = await launchBrowser();
  try {
    const { id } = await uploadCsv(server, text, 'big.csv');
    const res = await fetch(`${server.url}/api/reports/${id}/export.html`);
    writeFileSync(htmlFile, Buffer.from(await res.arrayBuffer()));
    const served: number[] = [];
    const offline: number[] = [];
    for (let i = 0; i < 4; i++) {
      for (const mode of ['served', 'offline'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        if (mode === 'offline') {
          await context.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
        }
        const page = await context.newPage();
        await page.goto(mode === 'served' ? `${server.url}/r/${id}` : pathToFileURL(htmlFile).href);
        const handle = await page.waitForFunction(
          () => performance.getEntriesByName('dv:first-screen', 'mark')[0]?.startTime ?? null,
          undefined,
          { timeout: 60_000, polling: 20 },
        );
        (mode === 'served' ? served : offline).push((await handle.jsonValue()) as number);
        await context.close();
      }
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
    console.log(`first screen, served page /r/:id                        ${med(served).toFixed(0)} ms (${served.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`first screen, offline file from file://, network aborted ${med(offline).toFixed(0)} ms (${offline.map((v) => v.toFixed(0)).join(', ')}); ratio ${(med(offline) / med(served)).toFixed(2)}× the served page (goal ≈ 1)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchExport();
