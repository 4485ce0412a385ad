/**
 * One real server and one Chromium per test file, a fresh browser context per test. Test bodies run through
 * `h.run()`, which appends the server's output and the page's errors to a failure.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import type { ReportJson } from '../../shared/api/schemas.js';
import { canvasInk, collectPageErrors, launchBrowser, NAME_SHIM, requireChromium } from '../helpers/browser.js';
import { readFixture } from '../helpers/fixtures.js';
import { explained, startServer, uploadCsv, type RunningServer, type StartOptions } from '../helpers/server.js';

/** `describe` when Chromium is there; `describe.skip` on a machine without it (throws under CI instead). */
export const describeBrowser: typeof describe = requireChromium() ? describe : (describe.skip as typeof describe);

/** How long a contract hook (data-painted, a mark …) may take to show on this small machine. */
export const HOOK_TIMEOUT_MS = 8000;

/** Per-test timeout of the browser tests (vitest.config.ts sets 30 s for every test). */
export const BROWSER_TEST_MS = 45_000;

export interface Harness {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a new context (closed after the test); the default viewport is 1280×900. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Run a test body; a failure quotes the server's output and the page's errors. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Upload a fixture (or any text) through the API once per file; returns the report's path `/r/<id>`. */
  report(fixture: string, content?: string): Promise<string>;
}

export function webHarness(start: StartOptions = {}): Harness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let errors: string[] = [];
  const reports = new Map<string, Promise<string>>();

  beforeAll(async () => {
    // Started side by side; each kept as soon as it is up, so that afterAll stops whichever did start.
    const started = startServer(start).then((s) => (server = s));
    const launched = launchBrowser().then((b) => (browser = b));
    const outcomes = await Promise.allSettled([started, launched]);
    for (const o of outcomes) if (o.status === 'rejected') throw o.reason;
  }, 60_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    errors = [];
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  const h: Harness = {
    get server() {
      if (!server) throw new Error('the server did not start (see beforeAll)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium did not start (see beforeAll)');
      return browser;
    },
    async newPage(options = {}) {
      const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      contexts.push(context);
      await context.addInitScript(NAME_SHIM);
      const page = await context.newPage();
      errors = collectPageErrors(page);
      return page;
    },
    run(fn) {
      return explained(server, fn, errors);
    },
    report(fixture, content) {
      const key = content === undefined ? fixture : `${fixture}\u0000${content}`;
      let p = reports.get(key);
      if (!p) {
        p = uploadCsv(h.server, content ?? readFixture(fixture), fixture).then((r) => r.url);
        reports.set(key, p);
      }
      return p;
    },
  };
  return h;
}

/**
 * The chart keys of a report page's server images (`<figure data-first-screen>`, docs/ui-contract.md §21),
 * once the HTML carries every chart's (after the upload only the first screen's: asking for the page draws
 * the rest); waits up to 60 s, then gives what the HTML has.
 */
export async function pageImageKeys(serverUrl: string, reportPath: string): Promise<string[]> {
  let html = '';
  for (let i = 0; i < 300 && !html.includes('loading="lazy"'); i++) {
    html = await (await fetch(serverUrl + reportPath)).text();
    if (!html.includes('loading="lazy"')) await new Promise((r) => setTimeout(r, 200));
  }
  return [...html.matchAll(/<figure data-first-screen="([^"]+)"/g)].map((m) => m[1]!);
}

/** The report's JSON, as the page gets it (GET /api/reports/:id). */
export async function fetchReport(serverUrl: string, reportPath: string): Promise<ReportJson> {
  const id = reportPath.replace(/^\/r\//, '').replace(/\?.*$/, '');
  const res = await fetch(`${serverUrl}/api/reports/${id}`);
  if (!res.ok) throw new Error(`GET /api/reports/${id} → ${res.status}`);
  return (await res.json()) as ReportJson;
}

/**
 * Open a report page and wait for its first chart to carry `data-painted="true"` (docs/ui-contract.md §1).
 * A page without the hook fails here, fast and in words, rather than in a later timeout.
 */
export async function openReport(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('figure.chart-panel').first().waitFor({ timeout: 15_000 });
  const painted = page.locator('figure.chart-panel[data-painted="true"]');
  const deadline = Date.now() + HOOK_TIMEOUT_MS;
  let inkSince = 0;
  for (;;) {
    if ((await painted.count()) > 0) return;
    // Charts already drawn but none marked: the hook is missing, no need to wait out the timeout.
    const firstCanvas = page.locator('figure.chart-panel canvas').first();
    if (inkSince === 0 && (await firstCanvas.count()) > 0 && (await canvasInk(page.locator('figure.chart-panel').first())).coloured > 0) {
      inkSince = Date.now();
    }
    const why =
      inkSince > 0 && Date.now() - inkSince > 2000
        ? 'charts are drawn but none carries data-painted="true" 2 s later'
        : Date.now() > deadline
          ? `no figure.chart-panel got data-painted="true" within ${HOOK_TIMEOUT_MS} ms`
          : null;
    if (why) throw new Error(`${why} after opening ${url} (docs/ui-contract.md §1: the report viewer hooks are missing)`);
    await page.waitForTimeout(100);
  }
}

/** Wait for a contract hook, failing with what was expected instead of a bare timeout. */
export async function expectHook(what: string, wait: Promise<unknown>): Promise<void> {
  try {
    await wait;
  } catch (err) {
    throw new Error(`${what} (docs/ui-contract.md): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, {
      cause: err,
    });
  }
}

/** Time origin of `from`/`to` (seconds "from the run's first sample"): row 0, or the first drawn row. */
export function timeOrigins(run: ReportJson['runs'][number]): number[] {
  const origins = [run.time[0]!];
  if (run.firstRowIsSinceBoot && run.time.length > 1) origins.push(run.time[1]!);
  return origins;
}
