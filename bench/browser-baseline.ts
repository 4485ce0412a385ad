/**
 * Our report page against dstat2graphs' share page (issue 11), in the same run, interleaved, same browser
 * settings (the warmed Chromium of browser.bench.ts, a fresh context = cold cache per page, 1400×900):
 *
 *   dstat2graphs   ../shared/reference/dstat2graphs/static-site/ served by `python3 -m http.server` on
 *                  loopback: the load event (every one of its 84 PNGs there)
 *   dstatview      the same log uploaded: `dv:first-screen` (docs/ui-contract.md §1, §10) and every chart
 *                  painted while scrolling a viewport at a time
 *
 * for the small log (d072_tfvnrl.csv) and the 4 MB one (d072_long_tfvnrl.csv extended to 4000K with
 * ../shared/tools/extend-dstat-csv.py, as the static site's README says). Medians of PAGE_REPEAT; goals:
 * first screen ≤ 0.5 × their load event, every chart ≤ 1.5 ×.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { NAME_SHIM } from '../test/helpers/browser.js';
import { fixturePath } from '../test/helpers/fixtures.js';
import { freePort, uploadCsv, type RunningServer } from '../test/helpers/server.js';

export const VIEWPORT = { width: 1400, height: 900 };
const PAGE_REPEAT = 5;
/**
 * The team's material folder (../shared beside the clone; a git worktree sits one level deeper), or
 * DSTATVIEW_SHARED_DIR.
 */
const MATERIAL = (() => {
  const root = new URL('../', import.meta.url);
  const candidates = [process.env['DSTATVIEW_SHARED_DIR'], new URL('../shared/', root).pathname, new URL('../../shared/', root).pathname];
  return candidates.find((dir) => dir && existsSync(join(dir, 'reference'))) ?? new URL('../shared/', root).pathname;
})();
const SITE = join(MATERIAL, 'reference/dstat2graphs/static-site/');
const EXTEND = join(MATERIAL, 'tools/extend-dstat-csv.py');

const FIRST_SCREEN_RATIO = 0.5;
const ALL_CHARTS_RATIO = 1.5;

interface Case {
  name: string;
  /** dstat2graphs' page for the same log. */
  d2g: string;
  /** Our report page's path. */
  ours: string;
}

type Callbacks = {
  markTime(page: Page, name: string, timeoutMs: number): Promise<number | string>;
  scrollUntilAllPainted(page: Page): Promise<{ ms: number | null; painted: number; total: number }>;
};

export async function benchAgainstDstat2graphs(server: RunningServer, browser: Browser, cb: Callbacks): Promise<void> {
  console.log(`\n## Browser — dstatview against dstat2graphs' static share page (${VIEWPORT.width}×${VIEWPORT.height}, cold cache, median of ${PAGE_REPEAT}, interleaved)`);
  if (!existsSync(join(SITE, 'reports'))) {
    console.log(`skipped: no dstat2graphs baseline at ${SITE}`);
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'dstatview-d2g-'));
  let site: ChildProcess | undefined;
  try {
    const big = join(tmp, 'd072_long_4000K.csv');
    execFileSync('python3', [EXTEND, fixturePath('d072_long_tfvnrl.csv'), big, '--size', '4000K']);
    const port = await freePort();
    site = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', SITE], { stdio: 'ignore' });
    const siteUrl = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${siteUrl}/reports/d072-small/index.html`)).ok, 10_000);

    const cases: Case[] = [];
    for (const [name, file, dir] of [
      ['small (84 rows)', fixturePath('d072_tfvnrl.csv'), 'd072-small'],
      ['4 MB (11,649 rows)', big, 'd072-4mb'],
    ] as const) {
      const up = await uploadCsv(server, readFileSync(file), file.split('/').pop());
      // The first-screen images are drawn in the background after the upload: wait for them (≤ 60 s).
      const ready = await waitFor(async () => (await (await fetch(server.url + up.url)).text()).includes('data-first-screen'), 60_000);
      if (!ready) console.log(`note: ${name}: the first-screen images were not ready after 60 s`);
      cases.push({ name, d2g: `${siteUrl}/reports/${dir}/index.html`, ours: server.url + up.url });
    }

    const d2gLoad = cases.map(() => [] as number[]);
    const first = cases.map(() => [] as number[]);
    const all = cases.map(() => [] as number[]);
    const notes: string[] = [];
    for (let i = 0; i < PAGE_REPEAT; i++) {
      for (const [k, c] of cases.entries()) {
        d2gLoad[k]!.push(await loadEvent(browser, c.d2g));
        const page = await newPage(browser);
        try {
          await page.goto(c.ours, { waitUntil: 'commit' });
          const fs = await cb.markTime(page, 'dv:first-screen', 30_000);
          if (typeof fs === 'number') first[k]!.push(fs);
          else notes.push(`${c.name}: ${fs}`);
          // The interactive charts replace the images: scroll once they are there.
          await cb.markTime(page, 'dv:first-screen-live', 60_000);
          const painted = await cb.scrollUntilAllPainted(page);
          if (painted.ms !== null) all[k]!.push(painted.ms);
          else notes.push(`${c.name}: ${painted.painted}/${painted.total} charts painted`);
        } finally {
          await page.context().close();
        }
      }
    }
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]! : NaN);
    const rows: string[][] = [['log', 'dstat2graphs load', 'dv:first-screen', 'ratio (goal ≤ 0.5)', 'every chart', 'ratio (goal ≤ 1.5)']];
    cases.forEach((c, k) => {
      const base = median(d2gLoad[k]!);
      const f = median(first[k]!);
      const a = median(all[k]!);
      const ratio = (v: number, goal: number) => (Number.isFinite(v) ? `${(v / base).toFixed(2)} ${v / base <= goal ? 'ok' : 'MISS'}` : 'n/a');
      rows.push([c.name, `${base.toFixed(0)} ms`, `${f.toFixed(0)} ms`, ratio(f, FIRST_SCREEN_RATIO), `${a.toFixed(0)} ms`, ratio(a, ALL_CHARTS_RATIO)]);
    });
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) console.log(r.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd());
    for (const n of [...new Set(notes)]) console.log(`note: ${n}`);
  } finally {
    site?.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(NAME_SHIM);
  return context.newPage();
}

/** dstat2graphs' page: its load event (ms from navigation start), all of its PNGs in. */
async function loadEvent(browser: Browser, url: string): Promise<number> {
  const page = await newPage(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(() => {
      const nav = (performance as unknown as { getEntriesByType(t: string): { loadEventStart?: number }[] }).getEntriesByType('navigation')[0];
      return nav?.loadEventStart ?? NaN;
    });
  } finally {
    await page.context().close();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

