/**
 * Exports of the 4 MB log (bench/make-log.ts), beside the issue's goals:
 *   - `dstatview report LOG -o OUT.html` and `-o OUT.zip` (with a PNG per chart), wall time, CPU time (all
 *     threads) and peak RSS of the whole command as a user runs it (compiled CLI, Node start included). The reference is
 *     dstat2graphs.pl itself when DSTAT2GRAPHS_PL names it (`perl dstat2graphs.pl LOG DIR 512 192 0 0 0 0`,
 *     needs Debian's librrds-perl, libarchive-zip-perl, libhtml-parser-perl): run in turn with ours, median
 *     of BENCH_EXPORT_RUNS (default 3) each, ours printed as a ratio of its time (goals: ≤ 1/10 for HTML,
 *     ≤ 1/5 for the ZIP). Without it, the issue's 5.5–14.5 s measured elsewhere, and the time to start
 *     Node and tokenize the file with csv-parse in this run;
 *   - the size of the offline HTML (goal ≤ 1.5 MB = 1,500,000 bytes): the CLI's OUT.html (no first-screen
 *     images), the ZIP's index.html and the server's export.html (both with them); the ZIP's PNGs;
 *   - first screen (`dv:first-screen`) of the served report page and of the offline file opened from
 *     file:// with every other request aborted, alternated in one browser (goal: about as fast).
 * Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../test/helpers/browser.js';
import { readZip } from '../test/helpers/zip.js';
import { ROOT, startServer, uploadCsv } from '../test/helpers/server.js';
import { makeLog } from './make-log.js';

const CLI = join(ROOT, 'dist', 'server', 'cli', 'main.js');
/** dstat2graphs.pl on the 4 MB log, as measured for the issue (s). */
const D2G_SECONDS = [5.5, 14.5] as const;
/** The issue's goals: our time as a share of dstat2graphs.pl's. */
const GOAL_HTML = 1 / 10;
const GOAL_ZIP = 1 / 5;
/** 1.5 MB, decimal: the stricter reading of the issue's "1.5 MB" (1.5 MiB would be 1,572,864 bytes). */
const GOAL_HTML_BYTES = 1_500_000;

interface Sample {
  ms: number;
  /** Peak resident set size (bytes), or null where /proc is not there to read it. */
  rss: number | null;
  /** CPU time of every thread of the command (s), or null where /proc is not there to read it. */
  cpu: number | null;
}

/** Linux's clock tick, the unit of /proc's CPU times (sysconf(_SC_CLK_TCK), 100 on every Linux build). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (s) of this process' children that have ended: /proc/self/stat's cutime + cstime, fields 16 and 17
 * (counted after the command name's closing parenthesis, which may itself hold spaces). The difference
 * across one child's run is that child's CPU, all its threads included. null without /proc.
 */
function endedChildrenCpu(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Peak RSS so far of a running process (VmHWM, a high-water mark); null once it is gone. */
function highWaterMark(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Wall time, CPU time and peak RSS of a command (RSS read every 10 ms while it runs: its last reading before
 * exit). The CPU against the wall time says how much of the machine's cores the command kept busy.
 */
function measure(command: string, args: string[]): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const cpu0 = endedChildrenCpu();
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let rss: number | null = null;
    const poll = setInterval(() => {
      rss = highWaterMark(child.pid!) ?? rss;
    }, 10);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      const cpu1 = endedChildrenCpu();
      clearInterval(poll);
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${stderr}`));
      else resolve({ ms, rss, cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 });
    });
  });
}

const htmlSize = (bytes: number): string =>
  `${bytes.toLocaleString('en')} bytes (goal ≤ ${GOAL_HTML_BYTES.toLocaleString('en')}) ${bytes <= GOAL_HTML_BYTES ? 'ok' : 'MISS'}`;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The median of the samples' values that were measured; null when none was. */
const medianOf = (xs: readonly (number | null)[]): number | null => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length > 0 ? median(known) : null;
};

function summary(samples: readonly Sample[]): { ms: number; rss: number | null; text: string } {
  const ms = median(samples.map((x) => x.ms));
  const rss = medianOf(samples.map((x) => x.rss));
  const cpu = medianOf(samples.map((x) => x.cpu));
  const all = samples.map((x) => (x.ms / 1000).toFixed(2)).join(', ');
  const cpuText = cpu === null ? 'n/a' : `${cpu.toFixed(2)} s (${((cpu * 1000) / ms).toFixed(2)} cores of ${availableParallelism()})`;
  return { ms, rss, text: `${(ms / 1000).toFixed(2)} s (${all}), CPU ${cpuText}, peak RSS ${rss === null ? 'n/a' : `${(rss / 1048576).toFixed(0)} MiB`}` };
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
    const d2g = process.env.DSTAT2GRAPHS_PL?.trim() || null;
    if (d2g && !existsSync(d2g)) throw new Error(`DSTAT2GRAPHS_PL=${d2g}: no such file`);
    // dstat2graphs.pl keeps its RRD file in /dev/shm/dstat2graphs/ and dies when that folder is missing.
    if (d2g && existsSync('/dev/shm')) mkdirSync('/dev/shm/dstat2graphs', { recursive: true });
    const runs = Math.max(3, Number(process.env.BENCH_EXPORT_RUNS) || 3);
    const samples = { ref: [] as Sample[], d2g: [] as Sample[], html: [] as Sample[], zip: [] as Sample[] };
    // In turn, so that a busy spell of the machine falls on all of them alike.
    for (let i = 0; i < runs; i++) {
      if (d2g) {
        const out = join(dir, `d2g-${i}`);
        samples.d2g.push(await measure('perl', [d2g, log, out, '512', '192', '0', '0', '0', '0']));
        if (i === 0 && !existsSync(join(out, 'cpu.png'))) throw new Error(`${d2g} made no PNG in ${out}`);
        rmSync(out, { recursive: true, force: true });
      } else {
        samples.ref.push(await measure(process.execPath, ['--input-type=module', '-e', CSV_PARSE_CHILD, log]));
      }
      samples.html.push(await measure(process.execPath, [CLI, 'report', log, '-o', html]));
      samples.zip.push(await measure(process.execPath, [CLI, 'report', log, '-o', zip]));
    }
    const ours = { html: summary(samples.html), zip: summary(samples.zip) };
    const htmlBytes = statSync(html).size;
    console.log(`\nexport — ${(text.length / 1e6).toFixed(2)} MB log, ${text.split('\n').length} lines; median of ${runs}, run in turn`);
    let vs: (ms: number, goal: number) => string;
    if (d2g) {
      const ref = summary(samples.d2g);
      console.log(`reference: dstat2graphs.pl, same file, 512×192, this run  ${ref.text}`);
      vs = (ms, goal) => {
        const ratio = ms / ref.ms;
        return `${ratio.toFixed(3)} of dstat2graphs.pl (1/${(1 / ratio).toFixed(1)}; goal ≤ 1/${1 / goal}) ${ratio <= goal ? 'ok' : 'MISS'}`;
      };
    } else {
      const ref = summary(samples.ref);
      console.log(`reference: node start + csv-parse of the same file      ${ref.text}`);
      console.log('(set DSTAT2GRAPHS_PL=/path/to/dstat2graphs.pl to measure dstat2graphs.pl itself in this run)');
      vs = (ms, goal) =>
        `${(ms / ref.ms).toFixed(1)}× the reference; 1/${((D2G_SECONDS[0] * 1000) / ms).toFixed(1)} – 1/${((D2G_SECONDS[1] * 1000) / ms).toFixed(1)} of dstat2graphs.pl's 5.5–14.5 s measured for the issue (goal ≤ 1/${1 / goal})`;
    }
    console.log(`dstatview report -o out.html (one file)                 ${ours.html.text}; ${vs(ours.html.ms, GOAL_HTML)}`);
    console.log(`dstatview report -o out.zip (HTML + PNG per chart)      ${ours.zip.text}; ${vs(ours.zip.ms, GOAL_ZIP)}`);
    const entries = await readZip(readFileSync(zip));
    const pngs = [...entries].filter(([name]) => name.endsWith('.png'));
    console.log(`offline HTML size, CLI's out.html (no first-screen images) ${htmlSize(htmlBytes)}`);
    console.log(`offline HTML size, the ZIP's index.html                   ${htmlSize(entries.get('index.html')?.length ?? 0)}`);
    console.log(
      `ZIP                                                      ${(statSync(zip).size / 1e6).toFixed(2)} MB; ${pngs.length} PNGs, ${pngs.reduce((n, [, b]) => n + b.length, 0).toLocaleString('en')} bytes`,
    );
    const exported = join(dir, 'export.html');
    await benchFirstScreen(text, exported, html);
    console.log(`offline HTML size, the server's export.html              ${htmlSize(statSync(exported).size)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** dv:first-screen of the served page, of the server's offline file and (if given) of the CLI's, alternated,
 * median of each. */
export async function benchFirstScreen(text: string, htmlFile: string, cliHtmlFile?: string): Promise<void> {
  const server = await startServer({ env: { MAX_UPLOAD_BYTES: '64MiB' }, startTimeoutMs: 30_000 });
  const browser = await launchBrowser();
  try {
    const { id } = await uploadCsv(server, text, 'big.csv');
    const res = await fetch(`${server.url}/api/reports/${id}/export.html`);
    writeFileSync(htmlFile, Buffer.from(await res.arrayBuffer()));
    const samples = { served: [] as number[], offline: [] as number[], cli: [] as number[] };
    const modes = cliHtmlFile ? (['served', 'offline', 'cli'] as const) : (['served', 'offline'] as const);
    const urls = { served: `${server.url}/r/${id}`, offline: pathToFileURL(htmlFile).href, cli: cliHtmlFile ? pathToFileURL(cliHtmlFile).href : '' };
    for (let i = 0; i < 4; i++) {
      for (const mode of modes) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        if (mode !== 'served') {
          await context.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
        }
        const page = await context.newPage();
        await page.goto(urls[mode]);
        const handle = await page.waitForFunction(
          () => performance.getEntriesByName('dv:first-screen', 'mark')[0]?.startTime ?? null,
          undefined,
          { timeout: 60_000, polling: 20 },
        );
        samples[mode].push((await handle.jsonValue()) as number);
        await context.close();
      }
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
    const list = (a: number[]) => a.map((v) => v.toFixed(0)).join(', ');
    const { served } = samples;
    console.log(`first screen, served page /r/:id                        ${med(served).toFixed(0)} ms (${list(served)})`);
    const labels = { offline: "server's export.html from file://, network aborted", cli: "CLI's out.html from file://, network aborted" };
    for (const mode of cliHtmlFile ? (['offline', 'cli'] as const) : (['offline'] as const)) {
      const a = samples[mode];
      console.log(`first screen, ${labels[mode]} ${med(a).toFixed(0)} ms (${list(a)}); ratio ${(med(a) / med(served)).toFixed(2)}× the served page (goal ≈ 1)`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchExport();
