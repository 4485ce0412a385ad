/**
 * Our report page against dstat2graphs' share page, in the same run, interleaved, same browser
 * settings (the warmed Chromium of browser.bench.ts, a fresh context = cold cache per page, 1400×900):
 *
 *   dstat2graphs   reference/dstat2graphs/static-site/ of the team's material folder (MATERIAL) served by `python3 -m http.server` on
 *                  loopback: the load event (every one of its 84 PNGs there)
 *   dstatview      the same log uploaded: `dv:first-screen` (docs/ui-contract.md §1, §21); every chart shown
 *                  (scrolling a viewport at a time from the first screen on: as the server's image or drawn
 *                  by the app, §21); every chart painted (from the top again once the app's charts are
 *                  there, until every figure is painted, §1); and, in a load of its own that nobody scrolls,
 *                  interactive: `dv:first-screen-live`, every chart of the first viewport a drawn canvas
 *                  that answers the pointer, with where the time from the first screen to it went
 *                  (page-breakdown.ts)
 *
 * for the small log (d072_tfvnrl.csv) and the 4 MB one (d072_long_tfvnrl.csv extended to 4000K with
 * the material folder's tools/extend-dstat-csv.py, as the static site's README says). Medians of PAGE_REPEAT; goals:
 * first screen ≤ 0.4 × their load event, interactive ≤ 1.0 ×, every chart (shown) ≤ 1.5 ×; every chart
 * painted is printed beside them. Marks are waited for from the page's console (page-marks.ts), as their load event is: nothing
 * is evaluated in either page while it loads.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { NAME_SHIM, type DomElement, type DomWindow } from '../test/helpers/browser.js';
import { fixturePath } from '../test/helpers/fixtures.js';
import { freePort, uploadCsv, type RunningServer } from '../test/helpers/server.js';
import { trackedPage } from './page-marks.js';
import { breakdownLines, pageBreakdown, type Breakdown } from './page-breakdown.js';

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

const FIRST_SCREEN_RATIO = 0.4;
const INTERACTIVE_RATIO = 1.0;
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
      // The page's images are drawn in the background after the upload: wait for them (≤ 60 s).
      const t0 = performance.now();
      // (the first screen's after the upload, every chart's once the page has been asked for: §21)
      const ready = await waitFor(async () => (await (await fetch(server.url + up.url)).text()).includes('loading="lazy"'), 60_000);
      const images = ready ? ((await (await fetch(server.url + up.url)).text()).match(/<figure data-first-screen=/g) ?? []).length : 0;
      console.log(`${name}: ${ready ? `${images} chart images ready ${((performance.now() - t0) / 1000).toFixed(1)} s after the upload` : 'the images were not ready after 60 s'}`);
      cases.push({ name, d2g: `${siteUrl}/reports/${dir}/index.html`, ours: server.url + up.url });
    }

    const d2gLoad = cases.map(() => [] as number[]);
    const first = cases.map(() => [] as number[]);
    const shown = cases.map(() => [] as number[]);
    const all = cases.map(() => [] as number[]);
    const live = cases.map(() => [] as number[]);
    const breakdowns = cases.map(() => [] as Breakdown[]);
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
          // Every chart shown: scrolled through from the first screen on, as the server's images or drawn.
          const seen = await scrollUntilAllShown(page);
          if (seen.ms !== null) shown[k]!.push(seen.ms);
          else notes.push(`${c.name}: ${seen.shown}/${seen.total} charts shown`);
          if (seen.ms !== null && seen.asImages > 0) notes.push(`${c.name}: up to ${seen.asImages}/${seen.total} charts first shown as images`);
          // Every chart interactive: from the top again once the app's charts are there.
          await cb.markTime(page, 'dv:first-screen-live', 60_000);
          await page.evaluate(() => (globalThis as unknown as DomWindow).scrollTo(0, 0));
          const painted = await cb.scrollUntilAllPainted(page);
          if (painted.ms !== null) all[k]!.push(painted.ms);
          else notes.push(`${c.name}: ${painted.painted}/${painted.total} charts painted`);
        } finally {
          await page.context().close();
        }
        // Interactive, in a load of its own: nothing scrolls or runs in the page until it is.
        const quiet = await newPage(browser);
        try {
          await quiet.goto(c.ours, { waitUntil: 'commit' });
          const t = await cb.markTime(quiet, 'dv:first-screen-live', 60_000);
          if (typeof t === 'number') {
            live[k]!.push(t);
            breakdowns[k]!.push(await pageBreakdown(quiet));
          } else notes.push(`${c.name}: ${t}`);
        } finally {
          await quiet.context().close();
        }
      }
    }
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]! : NaN);
    const rows: string[][] = [
      [
        'log',
        'dstat2graphs load',
        'dv:first-screen',
        `ratio (goal ≤ ${FIRST_SCREEN_RATIO})`,
        'interactive',
        `ratio (goal ≤ ${INTERACTIVE_RATIO})`,
        'every chart shown',
        `ratio (goal ≤ ${ALL_CHARTS_RATIO})`,
        'every chart painted',
        'ratio',
      ],
    ];
    cases.forEach((c, k) => {
      const base = median(d2gLoad[k]!);
      const f = median(first[k]!);
      const s = median(shown[k]!);
      const a = median(all[k]!);
      const l = median(live[k]!);
      const ratio = (v: number, goal?: number) =>
        Number.isFinite(v) ? `${(v / base).toFixed(2)}${goal === undefined ? '' : v / base <= goal ? ' ok' : ' MISS'}` : 'n/a';
      const ms = (v: number) => `${v.toFixed(0)} ms`;
      rows.push([c.name, ms(base), ms(f), ratio(f, FIRST_SCREEN_RATIO), ms(l), ratio(l, INTERACTIVE_RATIO), ms(s), ratio(s, ALL_CHARTS_RATIO), ms(a), ratio(a)]);
    });
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) console.log(r.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd());
    for (const n of [...new Set(notes)]) console.log(`note: ${n}`);
    console.log('\nWhere the time goes (ms from navigation start, medians of the interactive loads; the parts are medians each):');
    for (const line of breakdownLines(cases.map((c, k) => ({ name: c.name, runs: breakdowns[k]! })))) console.log(line);
  } finally {
    site?.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(NAME_SHIM);
  return trackedPage(context);
}

/**
 * Scroll down a viewport at a time from where the page is, waiting at each step (up to 5 s) for what is on
 * screen to show, until every chart of the page (its figure.chart-panel, once the app has rendered them) has
 * been on screen shown: as the server's image (`#first-screen figure[data-first-screen=KEY]`, or the stand-in
 * `[data-first-screen-stand-in]` in the app's figure, its `<img>` loaded) or drawn by the app
 * (`data-painted="true"`, not under the images). The time (from navigation start)
 * when the last one was first shown; `asImages`: how many were first shown as images.
 */
export async function scrollUntilAllShown(page: Page): Promise<{ ms: number | null; shown: number; total: number; asImages: number }> {
  return page.evaluate(async () => {
    const w = globalThis as unknown as DomWindow;
    const doc = w.document;
    const seen = new Map<string, { ms: number; image: boolean }>();
    const frame = () => new Promise<number>((r) => w.requestAnimationFrame(r));
    const onScreen = (el: DomElement) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < w.innerHeight && r.width > 0;
    };
    /** Every item on screen (key, shown now?), marking those shown. */
    const look = (): { key: string; shown: boolean; image: boolean }[] => {
      const now = performance.now();
      const items: { key: string; shown: boolean; image: boolean }[] = [];
      const cover = doc.querySelector('#first-screen');
      const coverBottom = cover ? cover.getBoundingClientRect().bottom : -Infinity;
      for (const f of Array.from(doc.querySelectorAll('#first-screen figure[data-first-screen]'))) {
        const img = f.querySelector('img') as (DomElement & { complete: boolean; naturalWidth: number }) | null;
        if (!img || !onScreen(img)) continue;
        items.push({ key: f.getAttribute('data-first-screen')!, shown: img.complete && img.naturalWidth > 0, image: true });
      }
      for (const f of Array.from(doc.querySelectorAll('figure.chart-panel'))) {
        // Under the images (#first-screen lies over the top of the page) a chart is not seen.
        if (!onScreen(f) || f.getBoundingClientRect().top < coverBottom) continue;
        // Not painted yet, it may show its server image as a stand-in (docs/ui-contract.md §21).
        const standIn = f.querySelector('[data-first-screen-stand-in] img') as (DomElement & { complete: boolean; naturalWidth: number }) | null;
        const asImage = f.getAttribute('data-painted') !== 'true' && standIn !== null && standIn.complete && standIn.naturalWidth > 0;
        items.push({ key: f.getAttribute('data-chart')!, shown: f.getAttribute('data-painted') === 'true' || asImage, image: asImage });
      }
      for (const it of items) if (it.shown && !seen.has(it.key)) seen.set(it.key, { ms: now, image: it.image });
      return items;
    };
    const deadline = performance.now() + 60_000;
    let stepEnd = performance.now() + 5000;
    let stuck = 0;
    while (performance.now() < deadline) {
      await frame();
      const items = look();
      const keys = Array.from(doc.querySelectorAll('figure.chart-panel')).map((f) => f.getAttribute('data-chart')!);
      if (keys.length > 0 && keys.every((k) => seen.has(k))) {
        const times = keys.map((k) => seen.get(k)!);
        return { ms: Math.max(...times.map((t) => t.ms)), shown: keys.length, total: keys.length, asImages: times.filter((t) => t.image).length };
      }
      if (items.some((it) => !it.shown) && performance.now() < stepEnd) continue;
      const before = w.scrollY;
      w.scrollBy(0, Math.round(w.innerHeight * 0.9));
      stepEnd = performance.now() + 5000;
      if (w.scrollY !== before) continue;
      // At the bottom: the app's charts may not be there yet (wait), or some were passed (the images gave
      // way to the app's page, of another layout): go through the page again from the top.
      if (keys.length > 0 && ++stuck > 20) {
        stuck = 0;
        w.scrollTo(0, 0);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const keys = Array.from(doc.querySelectorAll('figure.chart-panel')).map((f) => f.getAttribute('data-chart')!);
    return { ms: null, shown: keys.filter((k) => seen.has(k)).length, total: keys.length, asImages: 0 };
  });
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

