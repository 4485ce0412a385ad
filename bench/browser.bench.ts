/**
 * The report page in a real browser (Chromium through playwright-core) against the real built server: how long
 * a big log takes to show, how many bytes it costs, and how fast zoom and hover redraw. Figures only, printed
 * next to the goals; nothing is asserted (a missing hook or a timeout prints "n/a" with the reason).
 *
 * Logs: ~4 MB and 100 000 rows made by make-log.ts from d072_long_tfvnrl.csv, uploaded with POST /api/reports.
 * Each is opened in a fresh browser context (cold HTTP cache; the browser process itself is warmed up once on
 * a small report) once the server has drawn its first screen's images (a report is shared some time after its
 * upload, not within milliseconds: back-to-back uploads leave the images of the first for when the worker
 * threads fall idle); times are from navigation start (the page's
 * performance.timeOrigin), read from the marks of docs/ui-contract.md:
 *   report loaded  `dv:report-loaded`
 *   first screen   `dv:first-screen` (every chart in the viewport at load has painted)
 *   interactive    `dv:first-screen-live` (the charts in the viewport at load drawn: the early charts in the server's
 *                  first screen, web/src/first-screen-live.ts, else the app's)
 *   all charts     scrolling a viewport at a time, until every figure.chart-panel has data-painted="true"
 * Zoom: a drag across a visible chart, from the pointer's release (the mouseup's event time) until every
 * visible painted chart's data-x-min has changed and the next animation frame has run. That frame still has
 * to be painted, committed and presented: the browser's own Event Timing of the mouseup (input until the
 * next frame presented after its handlers, what INP reports) is printed beside it. Hover: a mouse move,
 * until every visible painted chart's [data-crosshair] shows the new time, and the next frame.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, NAME_SHIM, type DomElement, type DomWindow } from '../test/helpers/browser.js';
import { SERVER_MAIN, WEB_INDEX, startServer, uploadCsv, type RunningServer } from '../test/helpers/server.js';
import { fixturePath } from '../test/helpers/fixtures.js';
import { makeLog } from './make-log.js';
import { Y_AXIS_WIDTH } from '../shared/chart/line-config.js';
import { benchAgainstDstat2graphs, VIEWPORT } from './browser-baseline.js';
import { trackedMarkTime, trackedPage } from './page-marks.js';
import { breakdownLines, pageBreakdown, type Breakdown } from './page-breakdown.js';

const REPEAT = 20;
/** Where the plot starts in a chart's canvas (px): past the y axis. */
const PLOT_LEFT = Y_AXIS_WIDTH + 6;

interface Goal {
  /** Absolute goals (the 100k-row log); the others are ratios against dstat2graphs (browser-baseline.ts). */
  firstScreenMs?: number;
  transferredBytes?: number;
  heapBytes?: number;
}

interface LogCase {
  name: string;
  text: string;
  goal: Goal;
}

interface Stat {
  median: number;
  worst: number;
  n: number;
}

interface Measured {
  uploadMs: Stat | string;
  reportLoadedMs: number | string;
  firstScreenMs: number | string;
  interactiveMs: number | string;
  /** The page's timeline until interactive (page-breakdown.ts). */
  breakdown: Breakdown | null;
  /** How long after the uploads the server's first-screen images were ready (or why not). */
  imagesReady: string;
  allChartsMs: number | string;
  charts: string;
  transferred: number;
  resources: number;
  /** The page's JS heap once every chart has painted (CDP Performance.getMetrics JSHeapUsedSize). */
  heap: number | string;
  /**
   * The first zoom, from the pointer's release until the full report has arrived (a reduced run fetches it
   * then, docs/ui-contract.md §23; a whole one: no table pending); the zoom and hover figures come after it.
   */
  firstZoom: number | string;
  zoom: Stat | string;
  /**
   * The same zooms as the browser presented them: the mouseup's PerformanceEventTiming duration (8 ms steps;
   * a zoom under the API's 16 ms floor reports none and counts as 16).
   */
  zoomPresented: Stat | string;
  /** Of the zoom time: until every visible chart's data-x-min had changed (before the next frame). */
  zoomChange: Stat | string;
  /** The app's own `dv:redraw` measures taken during the zoom runs (zooms and resets), for comparison. */
  appRedraw: Stat | string;
  hover: Stat | string;
  /** Input to next frame with nothing to do. */
  baseline: Stat | string;
}

const REDRAW_GOAL_MS = 50;

export async function benchBrowser(): Promise<void> {
  console.log(`\n## Browser — report page in Chromium (cold cache per log, ${VIEWPORT.width}×${VIEWPORT.height})`);
  if (!existsSync(SERVER_MAIN) || !existsSync(WEB_INDEX)) {
    console.log('skipped: the app is not built (run npm run build first)');
    return;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`skipped: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    return;
  }
  const { chromium } = await import('playwright-core');

  // BENCH_BROWSER_ONLY=d2g,4mb,100k (comma-separated) runs only those parts (all by default).
  const only = process.env['BENCH_BROWSER_ONLY']?.split(',').map((s) => s.trim().toLowerCase());
  const wanted = (part: string): boolean => !only || only.includes(part);
  const t0 = performance.now();
  const cases: LogCase[] = [];
  if (wanted('4mb')) cases.push({ name: '~4 MB', text: makeLog(undefined, { bytes: 4 * 1024 * 1024 }), goal: {} });
  if (wanted('100k')) {
    cases.push({
      name: '100k rows',
      text: makeLog(undefined, { rows: 100_000 }),
      goal: { firstScreenMs: 1500, transferredBytes: 3 * 1024 * 1024, heapBytes: 150 * 1024 * 1024 },
    });
  }
  console.log(`logs made in ${(performance.now() - t0).toFixed(0)} ms: ${cases.map((c) => describeLog(c)).join('; ')}`);

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    // The page is measured, not the parse: on a busy shared machine the 100k-row upload may take longer than
    // the default parse time limit (it measured 422 PARSE_TIMEOUT at a load average of 25).
    server = await startServer({ env: { MAX_UPLOAD_BYTES: '256MiB', PARSE_TIMEOUT_SECONDS: '300' }, startTimeoutMs: 30_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    console.log(`Chromium ${browser.version()}, server ${server.url}`);
    await warmUp(server, browser);
    if (wanted('d2g')) await benchAgainstDstat2graphs(server, browser, { markTime, scrollUntilAllPainted });
    const results: Measured[] = [];
    for (const c of cases) results.push(await measureLog(server, browser, c));
    if (cases.length > 0) printTable(cases, results);
  } catch (err) {
    console.log(`browser benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
    if (server) console.log(`--- server output (end) ---\n${server.output().slice(-2000)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
}

/**
 * Open a small report once, in a context of its own, so that the first measured log does not pay for the
 * browser process's own start (its HTTP cache stays cold: every log gets a new context).
 */
async function warmUp(server: RunningServer, browser: Browser): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(NAME_SHIM);
    const small = await uploadCsv(server, readFileSync(fixturePath('d072_tfvnrl.csv')), 'warm-up.csv');
    const page = await context.newPage();
    await page.goto(server.url + small.url);
    await markTime(page, 'dv:first-screen', 10_000);
  } catch {
    // a warm-up only
  } finally {
    await context.close().catch(() => undefined);
  }
}

function describeLog(c: LogCase): string {
  const rows = c.text.split('\n').filter((l) => /^\d{2}-\d{2} /.test(l)).length;
  return `${c.name} = ${(Buffer.byteLength(c.text) / 1048576).toFixed(1)} MB, ${rows.toLocaleString('en-US')} rows`;
}

async function measureLog(server: RunningServer, browser: Browser, c: LogCase): Promise<Measured> {
  // Upload three times (the server's work: receive, parse in a worker, store); the first id is viewed.
  let path = '';
  let uploadMs: Stat | string;
  try {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await uploadCsv(server, c.text, `bench-${c.name.replace(/\W+/g, '')}.csv`);
      if (!path) path = r.url;
      times.push(r.ms);
    }
    uploadMs = stat(times);
  } catch (err) {
    return failed(`upload failed: ${message(err)}`);
  }
  const imagesReady = await firstScreenReady(server, path);

  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(NAME_SHIM);
  try {
    const page = await trackedPage(context);
    // Every response, the Web Worker's too (the page's own CDP session would miss those): encoded body +
    // headers as received.
    const sizes: Promise<number>[] = [];
    context.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then(
          (z) => z.responseBodySize + z.responseHeadersSize,
          () => 0,
        ),
      );
    });
    await page.goto(server.url + path, { waitUntil: 'commit' });

    const m: Measured = {
      uploadMs,
      reportLoadedMs: 'n/a',
      firstScreenMs: 'n/a',
      interactiveMs: 'n/a',
      breakdown: null,
      imagesReady,
      allChartsMs: 'n/a',
      charts: '',
      transferred: 0,
      resources: 0,
      heap: 'n/a',
      firstZoom: 'n/a',
      zoom: 'n/a',
      zoomPresented: 'n/a',
      zoomChange: 'n/a',
      appRedraw: 'n/a',
      hover: 'n/a',
      baseline: 'n/a',
    };
    m.reportLoadedMs = await markTime(page, 'dv:report-loaded', 60_000);
    m.firstScreenMs = await markTime(page, 'dv:first-screen', typeof m.reportLoadedMs === 'number' ? 20_000 : 1000);
    m.interactiveMs = await markTime(page, 'dv:first-screen-live', typeof m.reportLoadedMs === 'number' ? 20_000 : 1000);
    if (typeof m.interactiveMs === 'number') m.breakdown = await pageBreakdown(page);
    const all = await scrollUntilAllPainted(page);
    m.allChartsMs = all.ms ?? `n/a (${all.painted}/${all.total} charts painted)`;
    m.charts = `${all.painted}/${all.total}`;
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      m.heap = metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? 'n/a (no JSHeapUsedSize)';
    } catch (err) {
      m.heap = `n/a (${message(err)})`;
    }
    const received = await Promise.all(sizes);
    m.transferred = received.reduce((a, b) => a + b, 0);
    m.resources = received.length;

    await page.evaluate(() => (globalThis as unknown as DomWindow).scrollTo(0, 0));
    await page.waitForTimeout(500);
    m.firstZoom = await measureFirstZoom(page);
    const redrawsBefore = await redrawMeasures(page);
    const zoom = await measureZoom(page);
    m.zoom = zoom.frame;
    m.zoomPresented = zoom.presented;
    m.zoomChange = zoom.change;
    const redraws = (await redrawMeasures(page)).slice(redrawsBefore.length);
    m.appRedraw = redraws.length > 0 ? stat(redraws) : 'n/a (no dv:redraw measures)';
    m.hover = await measureHover(page);
    m.baseline = await measureBaseline(page);
    return m;
  } catch (err) {
    return { ...failed(message(err)), uploadMs };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Wait (up to 60 s) until the report's page carries the server's first-screen images (docs/ui-contract.md
 * §21), as a page shared a while after its upload does; the wait, or why there are none.
 */
async function firstScreenReady(server: RunningServer, path: string): Promise<string> {
  const t0 = performance.now();
  while (performance.now() - t0 < 60_000) {
    const html = await (await fetch(server.url + path)).text().catch(() => '');
    if (html.includes('data-first-screen=')) return `${((performance.now() - t0) / 1000).toFixed(1)} s after the uploads`;
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'none after 60 s';
}

function failed(why: string): Measured {
  return {
    uploadMs: why,
    reportLoadedMs: why,
    firstScreenMs: why,
    interactiveMs: why,
    breakdown: null,
    imagesReady: why,
    allChartsMs: why,
    charts: '',
    transferred: 0,
    resources: 0,
    heap: why,
    firstZoom: why,
    zoom: why,
    zoomPresented: why,
    zoomChange: why,
    appRedraw: why,
    hover: why,
    baseline: why,
  };
}

/** startTime of a performance mark (ms from navigation start), waiting for it; a reason when absent. */
export async function markTime(page: Page, name: string, timeoutMs: number): Promise<number | string> {
  // A page of page-marks.ts: waited for from its console, nothing evaluated in the page while it loads.
  const tracked = trackedMarkTime(page, name, timeoutMs);
  if (tracked) return tracked;
  try {
    const handle = await page.waitForFunction(
      (n: string) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? null,
      name,
      { timeout: timeoutMs, polling: 20 },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    return `n/a (no ${name} mark in ${timeoutMs / 1000} s)`;
  }
}

/**
 * Scroll down a viewport at a time, waiting at each step for the charts on screen to paint, until every
 * figure.chart-panel has data-painted="true"; the time (from navigation start) when the last one painted.
 */
export async function scrollUntilAllPainted(page: Page): Promise<{ ms: number | null; painted: number; total: number }> {
  return page.evaluate(async () => {
    const w = globalThis as unknown as DomWindow;
    const figures = () => Array.from(w.document.querySelectorAll('figure.chart-panel'));
    const painted = (f: DomElement) => f.getAttribute('data-painted') === 'true';
    const onScreen = (f: DomElement) => {
      const r = f.getBoundingClientRect();
      return r.bottom > 0 && r.top < w.innerHeight;
    };
    const frame = () => new Promise<number>((r) => w.requestAnimationFrame(r));
    const deadline = performance.now() + 60_000;
    let stuck = 0;
    for (;;) {
      const all = figures();
      if (all.length > 0 && all.every(painted)) return { ms: performance.now(), painted: all.length, total: all.length };
      // Wait (up to 5 s) for the charts on screen, then move on.
      const stepEnd = performance.now() + 5000;
      while (performance.now() < stepEnd && !figures().filter(onScreen).every(painted)) await frame();
      if (!figures().some(painted)) break; // no data-painted hook at all: do not wait out every step
      const before = w.scrollY;
      w.scrollBy(0, Math.round(w.innerHeight * 0.9));
      await frame();
      if (w.scrollY === before) {
        // At the bottom: give the last charts a moment, then give up.
        if (++stuck > 50) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (performance.now() > deadline) break;
    }
    const all = figures();
    return { ms: null, painted: all.filter(painted).length, total: all.length };
  });
}

/** Painted charts fully on screen: their canvas boxes in page coordinates. */
async function visibleCharts(page: Page): Promise<{ x: number; y: number; width: number; height: number }[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as DomWindow;
    return Array.from(w.document.querySelectorAll('figure.chart-panel[data-painted="true"]'))
      .map((f) => f.querySelector('canvas')?.getBoundingClientRect())
      .filter((r): r is NonNullable<typeof r> => !!r && r.top >= 0 && r.bottom <= w.innerHeight && r.width > 0)
      .map((r) => ({ x: r.left, y: r.top, width: r.width, height: r.height }));
  });
}

/**
 * Arm a watcher in the page: resolves with the time from the last trigger event (its event.timeStamp, the
 * input's time) until every visible painted chart shows the change and one more animation frame has run.
 * The charts are picked at arming time, and the check reads attributes only (no layout), so that watching
 * costs the page nothing measurable.
 */
async function armWatcher(page: Page, kind: 'zoom' | 'hover'): Promise<void> {
  await page.evaluate((k: 'zoom' | 'hover') => {
    const w = globalThis as unknown as DomWindow;
    const charts = Array.from(w.document.querySelectorAll('figure.chart-panel[data-painted="true"]')).filter((f) => {
      const r = f.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= w.innerHeight;
    });
    const crosshairs = charts.map((f) => f.querySelector('[data-crosshair]'));
    const read = (i: number): string | null => {
      if (k === 'zoom') return charts[i]!.getAttribute('data-x-min');
      const c = crosshairs[i];
      if (!c || c.getAttribute('hidden') !== null) return null;
      return c.getAttribute('data-time');
    };
    const before = charts.map((_, i) => read(i));
    let triggerAt = NaN;
    const trigger = k === 'zoom' ? 'mouseup' : 'mousemove';
    const onTrigger = (e: { timeStamp: number }) => {
      triggerAt = e.timeStamp;
    };
    const win = w as unknown as {
      addEventListener(t: string, f: (e: { timeStamp: number }) => void, o: object): void;
      removeEventListener(t: string, f: (e: { timeStamp: number }) => void, o: object): void;
    };
    win.addEventListener(trigger, onTrigger, { capture: true });
    // The browser's Event Timing of the trigger: from its timeStamp until the next frame presented after its
    // handlers ran (reported after that frame; none when under the API's 16 ms floor).
    w.__presented = new Promise<number | null>((resolve) => {
      const Observer = (w as unknown as { PerformanceObserver?: new (cb: (list: { getEntries(): { name: string; startTime: number; duration: number }[] }) => void) => { observe(o: object): void; disconnect(): void } }).PerformanceObserver;
      if (!Observer) {
        resolve(null);
        return;
      }
      const po = new Observer((list) => {
        for (const e of list.getEntries()) {
          if (e.name === trigger && Math.abs(e.startTime - triggerAt) < 1) {
            po.disconnect();
            resolve(e.duration);
          }
        }
      });
      try {
        po.observe({ type: 'event', durationThreshold: 16 });
      } catch {
        resolve(null);
        return;
      }
      setTimeout(() => {
        po.disconnect();
        resolve(null);
      }, 6000);
    });
    w.__watch = new Promise<number>((resolve, reject) => {
      if (charts.length === 0) {
        reject(new Error('no painted chart fully on screen'));
        return;
      }
      const check = () => {
        if (Number.isNaN(triggerAt)) return false;
        const values = charts.map((_, i) => read(i));
        if (values.some((v, i) => v === null || v === before[i])) return false;
        if (k === 'hover' && new Set(values).size !== 1) return false;
        return true;
      };
      const observer = new w.MutationObserver(() => {
        if (!check()) return;
        observer.disconnect();
        clearTimeout(timer);
        win.removeEventListener(trigger, onTrigger, { capture: true });
        const changedAt = performance.now();
        w.requestAnimationFrame(() => {
          w.__changed = changedAt - triggerAt;
          resolve(performance.now() - triggerAt);
        });
      });
      observer.observe(w.document.body, { attributes: true, subtree: true, attributeFilter: ['data-x-min', 'data-time', 'hidden'] });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(k === 'zoom' ? 'no data-x-min change in 5 s' : 'no crosshair update in 5 s'));
      }, 5000);
    });
  }, kind);
}

/** The watcher's result, and how long until the change itself was in the DOM (before the frame). */
async function watched(page: Page, changes?: number[]): Promise<number> {
  const ms = await page.evaluate(() => (globalThis as unknown as DomWindow).__watch as Promise<number>);
  changes?.push(await page.evaluate(() => (globalThis as unknown as DomWindow).__changed as number));
  return ms;
}

/** Durations of the app's `dv:redraw` performance measures so far. */
async function redrawMeasures(page: Page): Promise<number[]> {
  return page.evaluate(() => performance.getEntriesByName('dv:redraw', 'measure').map((e) => e.duration));
}

async function measureFirstZoom(page: Page): Promise<number | string> {
  try {
    const [box] = await visibleCharts(page);
    if (!box) return 'n/a (no chart with data-painted on screen)';
    const y = box.y + box.height / 2;
    const x = (f: number) => box.x + PLOT_LEFT + (box.width - PLOT_LEFT - 12) * f;
    await page.mouse.move(x(0.3), y);
    await page.mouse.down();
    await page.mouse.move(x(0.6), y, { steps: 4 });
    const t0 = performance.now();
    await page.mouse.up();
    // A reduced run marks dv:full-loaded when its full report has arrived; a whole one never fetches it, so
    // after 1.5 s without pending tables it is done.
    await page.waitForFunction(
      (started: number) =>
        performance.getEntriesByName('dv:full-loaded').length > 0 ||
        (performance.now() - started > 1500 &&
          (globalThis as unknown as DomWindow).document.querySelector('[data-stats-pending="true"]') === null),
      await page.evaluate(() => performance.now()),
      { timeout: 60_000, polling: 20 },
    );
    const took = performance.now() - t0;
    await page.mouse.move(2, 2);
    await page.getByRole('button', { name: 'Reset zoom', exact: true }).first().click();
    await page.waitForTimeout(500);
    return took;
  } catch (err) {
    return `n/a (${message(err)})`;
  }
}

/** The Event Timing duration of the last armed trigger (ms; null: none reported, under 16 ms or no API). */
async function presented(page: Page): Promise<number | null> {
  return page.evaluate(() => (globalThis as unknown as DomWindow).__presented as Promise<number | null>);
}

async function measureZoom(page: Page): Promise<{ frame: Stat | string; presented: Stat | string; change: Stat | string }> {
  const times: number[] = [];
  const shown: number[] = [];
  let reported = 0;
  const changes: number[] = [];
  try {
    for (let i = 0; i < REPEAT; i++) {
      const [box] = await visibleCharts(page);
      if (!box) return { frame: 'n/a (no chart with data-painted on screen)', presented: 'n/a', change: 'n/a' };
      const y = box.y + box.height / 2;
      const x = (f: number) => box.x + PLOT_LEFT + (box.width - PLOT_LEFT - 12) * f;
      const a = 0.2 + (i % 4) * 0.05;
      await page.mouse.move(x(a), y);
      await page.mouse.down();
      await page.mouse.move(x(a + 0.35), y, { steps: 4 });
      await armWatcher(page, 'zoom');
      await page.mouse.up();
      times.push(await watched(page, changes));
      const p = await presented(page);
      if (p !== null) reported++;
      shown.push(p ?? 16);
      const reset = page.getByRole('button', { name: 'Reset zoom', exact: true }).first();
      if ((await reset.count()) === 0) {
        const why = `n/a (no "Reset zoom" button; ${times.length} zoom(s) measured: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`;
        return { frame: why, presented: why, change: why };
      }
      await armWatcher(page, 'zoom');
      await page.mouse.move(2, 2);
      await reset.click();
      await page.evaluate(() => (globalThis as unknown as DomWindow).__watch as Promise<number>).catch(() => undefined);
    }
    return {
      frame: stat(times),
      presented: reported > 0 ? stat(shown) : 'n/a (no Event Timing entries: all under 16 ms, or no API)',
      change: stat(changes),
    };
  } catch (err) {
    const why = `n/a (${message(err)})`;
    return { frame: why, presented: why, change: why };
  }
}

/**
 * A reference for the zoom and hover figures: a mouse move over the page's margin (nothing to do) until the
 * next animation frame. Chromium aligns mouse moves to frames, so this is up to a frame or so; it is not a
 * strict floor (where in the frame the input lands varies).
 */
async function measureBaseline(page: Page): Promise<Stat | string> {
  const times: number[] = [];
  try {
    for (let i = 0; i < REPEAT; i++) {
      await page.evaluate(() => {
        const w = globalThis as unknown as DomWindow;
        const win = w as unknown as {
          addEventListener(t: string, f: (e: { timeStamp: number }) => void, o: object): void;
        };
        w.__watch = new Promise<number>((resolve) => {
          win.addEventListener(
            'mousemove',
            (e) => w.requestAnimationFrame(() => resolve(performance.now() - e.timeStamp)),
            { capture: true, once: true },
          );
        });
      });
      await page.mouse.move(4 + (i % 2) * 4, 4 + (i % 3));
      times.push(await watched(page));
    }
    return stat(times);
  } catch (err) {
    return `n/a (${message(err)})`;
  }
}

async function measureHover(page: Page): Promise<Stat | string> {
  const times: number[] = [];
  try {
    const [box] = await visibleCharts(page);
    if (!box) return 'n/a (no painted chart on screen)';
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + PLOT_LEFT + (box.width - PLOT_LEFT - 12) * 0.1, y);
    await page.waitForTimeout(200);
    for (let i = 0; i < REPEAT; i++) {
      const f = 0.15 + ((i * 0.37) % 0.8);
      await armWatcher(page, 'hover');
      await page.mouse.move(box.x + PLOT_LEFT + (box.width - PLOT_LEFT - 12) * f, y);
      times.push(await watched(page));
    }
    return stat(times);
  } catch (err) {
    return `n/a (${message(err)})`;
  }
}

function stat(times: number[]): Stat {
  const s = [...times].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, worst: s[s.length - 1]!, n: s.length };
}

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 160);
}

function ms(v: number | string, goal?: number): string {
  if (typeof v === 'string') return v;
  const text = `${v.toFixed(0)} ms`;
  return goal === undefined ? text : `${text} ${v <= goal ? 'ok' : 'MISS'} (≤ ${goal})`;
}

function mb(bytes: number, goal?: number): string {
  const text = `${(bytes / 1048576).toFixed(2)} MB`;
  return goal === undefined ? text : `${text} ${bytes <= goal ? 'ok' : 'MISS'} (≤ ${(goal / 1048576).toFixed(0)} MB)`;
}

function median(v: Stat | string, goal?: number): string {
  if (typeof v === 'string') return v;
  const text = `${v.median.toFixed(1)} / ${v.worst.toFixed(1)} ms (n=${v.n})`;
  return goal === undefined ? text : `${text} ${v.median <= goal ? 'ok' : 'MISS'} (≤ ${goal})`;
}

function printTable(cases: LogCase[], results: Measured[]): void {
  const rows: [string, (c: LogCase, m: Measured) => string][] = [
    ['upload POST → 201, median / worst (server, reference)', (_c, m) => median(m.uploadMs)],
    ['first-screen images ready', (_c, m) => m.imagesReady],
    ['dv:report-loaded', (_c, m) => ms(m.reportLoadedMs)],
    ['dv:first-screen', (c, m) => ms(m.firstScreenMs, c.goal.firstScreenMs)],
    ['dv:first-screen-live (interactive)', (_c, m) => ms(m.interactiveMs)],
    ['every chart painted, scrolling', (_c, m) => ms(m.allChartsMs)],
    ['charts painted / figures', (_c, m) => m.charts],
    ['bytes transferred (encoded, all responses)', (c, m) => mb(m.transferred, c.goal.transferredBytes) + ` in ${m.resources} responses`],
    ['JS heap after every chart painted', (c, m) => (typeof m.heap === 'number' ? mb(m.heap, c.goal.heapBytes) : m.heap)],
    [`first zoom, until exact statistics (full report if reduced)`, (_c, m) => ms(m.firstZoom)],
    [`zoom redraw, median / worst`, (_c, m) => median(m.zoom, REDRAW_GOAL_MS)],
    [`  as presented (the mouseup's Event Timing, 8 ms steps)`, (_c, m) => median(m.zoomPresented, REDRAW_GOAL_MS)],
    [`  of which: until every data-x-min changed`, (_c, m) => median(m.zoomChange)],
    [`  app's own dv:redraw measure (zooms + resets)`, (_c, m) => median(m.appRedraw)],
    [`hover redraw, median / worst`, (_c, m) => median(m.hover, REDRAW_GOAL_MS)],
    [`input → next frame, nothing to do (reference)`, (_c, m) => median(m.baseline)],
  ];
  const labelWidth = Math.max(...rows.map(([l]) => l.length));
  const cells = rows.map(([, f]) => cases.map((c, i) => f(c, results[i]!)));
  const colWidth = cases.map((c, i) => Math.max(c.name.length, ...cells.map((r) => r[i]!.length)));
  const line = (label: string, values: string[]) =>
    `${label.padEnd(labelWidth)}  ${values.map((v, i) => v.padEnd(colWidth[i]!)).join('  ')}`.trimEnd();
  console.log(line('', cases.map((c) => c.name)));
  rows.forEach(([label], r) => console.log(line(label, cells[r]!)));
  console.log('Where the time goes (ms from navigation start; one load each):');
  for (const l of breakdownLines(cases.map((c, i) => ({ name: c.name, runs: results[i]!.breakdown ? [results[i]!.breakdown!] : [] })))) console.log(l);
  console.log(
    `goals: 100k rows: first screen ≤ 1.5 s, ≤ 3 MB transferred, JS heap ≤ 150 MB; zoom and hover ≤ ${REDRAW_GOAL_MS} ms (median); ` +
      `first screen and every chart of the small and 4 MB logs: ratios against dstat2graphs above`,
  );
}
