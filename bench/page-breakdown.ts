/**
 * Where a report page's time goes between its first screen and its interactive charts, read from the page's
 * own timeline once it is interactive (`dv:first-screen-live`; nothing is evaluated in the page before
 * that): Resource Timing of the code's chunks and of the data the first screen is drawn from (the early charts'
 * own, `/r/:id/first-screen/NAME.cols`, else the report's, GET /api/reports/:id/lod), and the
 * marks and measures of docs/ui-contract.md §1 — `dv:first-screen`, `dv:first-screen-code` (the first
 * screen's chart code evaluated, web/src/first-screen-live.ts), the `dv:load` measure (the data fetched and
 * decoded), `dv:app-start` (the app's code evaluated), `dv:report-loaded`, the `dv:draw KEY` measures of the
 * charts drawn until `dv:first-screen-live`. All times are ms from navigation start.
 *
 * The first screen is made interactive by the early charts drawn into it when the page has the server's
 * images, else by the app. The time from the first screen to interactive is cut into four consecutive parts,
 * which add up to it (in one load; their medians over several loads nearly do):
 *   code    first screen → the code that draws it evaluated (the early charts', else the app's: waiting for its
 *           download, compiling and running it)
 *   data    → the first screen's data decoded (the first `dv:load`, else `dv:report-loaded`), beyond the code
 *   render  → the first chart's draw begins (the early charts' plot boxes, or React laying out the page)
 *   charts  → the first screen's charts drawn (Chart.js set-up and drawing, `dv:draw`, one per task early)
 * The app's own code (asked → in → run) is printed beside them: after the early charts it runs off that path.
 */
import type { Page } from 'playwright-core';

export interface Breakdown {
  /** The HTML's last byte. */
  htmlEnd: number;
  firstScreen: number;
  /** The first screen's early charts' chunk (`first-screen-live-*.js`): asked for, last byte in, evaluated. */
  earlyRequested: number;
  earlyArrived: number;
  earlyStart: number;
  /** The app's chunk (`app-main-*.js`): asked for, last byte in. */
  codeRequested: number;
  codeArrived: number;
  /** `dv:app-start`: its code evaluated. */
  appStart: number;
  /**
   * The first screen's data (the early charts' `.cols`, else the report's `/lod`): asked for, last byte in
   * (Resource Timing, or the `dv:load` measure of a worker).
   */
  dataRequested: number;
  dataArrived: number;
  /** Bytes of the data as sent (encoded); NaN when the browser does not say (a worker's fetch). */
  dataBytes: number;
  reportLoaded: number;
  /** The data decoded: the end of the first `dv:load` measure (the early charts' or the app's load). */
  dataReady: number;
  /** The first `dv:draw` that began before interactive. */
  chartsStart: number;
  interactive: number;
  /** Charts drawn until interactive, and the sum of their `dv:draw` measures. */
  charts: number;
  drawMs: number;
}

/** The breakdown of a page that has marked `dv:first-screen-live`. */
export async function pageBreakdown(page: Page): Promise<Breakdown> {
  return page.evaluate(() => {
    interface Timed {
      name: string;
      entryType: string;
      startTime: number;
      duration: number;
      responseEnd?: number;
      encodedBodySize?: number;
      detail?: unknown;
    }
    const all = performance.getEntries() as unknown as Timed[];
    const mark = (name: string): number => all.find((e) => e.entryType === 'mark' && e.name === name)?.startTime ?? NaN;
    const nav = all.find((e) => e.entryType === 'navigation');
    const resource = (re: RegExp): Timed | undefined => all.find((e) => e.entryType === 'resource' && re.test(new URL(e.name).pathname));
    const code = resource(/^\/assets\/app-main-[^/]*\.js$/);
    const early = resource(/^\/assets\/first-screen-live-[^/]*\.js$/);
    const data = resource(/^\/r\/[^/]+\/first-screen\/[^/]+\.cols$/) ?? resource(/^\/api\/reports\/[^/]+\/lod$/);
    const load = all.find((e) => e.entryType === 'measure' && e.name === 'dv:load');
    const loadDetail = (load?.detail ?? {}) as { fetchMs?: number };
    const interactive = mark('dv:first-screen-live');
    const draws = all.filter((e) => e.entryType === 'measure' && e.name.startsWith('dv:draw ') && e.startTime <= interactive);
    return {
      htmlEnd: nav?.responseEnd ?? NaN,
      firstScreen: mark('dv:first-screen'),
      earlyRequested: early?.startTime ?? NaN,
      earlyArrived: early?.responseEnd ?? NaN,
      earlyStart: mark('dv:first-screen-code'),
      codeRequested: code?.startTime ?? NaN,
      codeArrived: code?.responseEnd ?? NaN,
      appStart: mark('dv:app-start'),
      dataRequested: data?.startTime ?? load?.startTime ?? NaN,
      dataArrived: data?.responseEnd ?? (load ? load.startTime + (loadDetail.fetchMs ?? NaN) : NaN),
      dataBytes: data?.encodedBodySize ?? NaN,
      reportLoaded: mark('dv:report-loaded'),
      dataReady: load ? load.startTime + load.duration : NaN,
      chartsStart: draws.length > 0 ? Math.min(...draws.map((d) => d.startTime)) : NaN,
      interactive,
      charts: draws.length,
      drawMs: draws.reduce((a, d) => a + d.duration, 0),
    };
  });
}

/** When the data was first decoded (the earlier of dataReady and reportLoaded that is known). */
function dataAt(b: Breakdown): number {
  const known = [b.dataReady, b.reportLoaded].filter(Number.isFinite);
  return known.length > 0 ? Math.min(...known) : NaN;
}

const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : NaN;
};

/** The four consecutive parts of first screen → interactive (ms); they add up to it. */
export function parts(b: Breakdown): { code: number; data: number; render: number; charts: number } {
  // The early charts' code drew the first screen when it ran before interactive; else the app's did.
  const early = b.earlyStart <= b.interactive;
  const codeDone = Math.max(b.firstScreen, early ? b.earlyStart : b.appStart);
  const dataDone = Math.max(codeDone, dataAt(b));
  const renderDone = Math.max(dataDone, b.chartsStart);
  return { code: codeDone - b.firstScreen, data: dataDone - codeDone, render: renderDone - dataDone, charts: b.interactive - renderDone };
}

/**
 * Lines for a table of each case's medians: the timeline (HTML, code, data, marks) and the four parts of
 * first screen → interactive.
 */
export function breakdownLines(cases: readonly { name: string; runs: readonly Breakdown[] }[]): string[] {
  const ms = (v: number): string => (Number.isFinite(v) ? v.toFixed(0) : 'n/a');
  const m = (runs: readonly Breakdown[], f: (b: Breakdown) => number): number => median(runs.map(f));
  const rows: string[][] = [
    [
      'log',
      'HTML in',
      'first screen',
      'early code asked → in → run',
      'app code asked → in → run',
      'data asked → in (KB) → ready',
      'first draw',
      'interactive',
      'first screen → interactive: code + data + render + charts (n, Σ dv:draw)',
    ],
  ];
  for (const { name, runs } of cases) {
    if (runs.length === 0) {
      rows.push([name, 'n/a']);
      continue;
    }
    const p = runs.map(parts);
    const kb = m(runs, (b) => b.dataBytes / 1024);
    rows.push([
      name,
      ms(m(runs, (b) => b.htmlEnd)),
      ms(m(runs, (b) => b.firstScreen)),
      `${ms(m(runs, (b) => b.earlyRequested))} → ${ms(m(runs, (b) => b.earlyArrived))} → ${ms(m(runs, (b) => b.earlyStart))}`,
      `${ms(m(runs, (b) => b.codeRequested))} → ${ms(m(runs, (b) => b.codeArrived))} → ${ms(m(runs, (b) => b.appStart))}`,
      `${ms(m(runs, (b) => b.dataRequested))} → ${ms(m(runs, (b) => b.dataArrived))}${Number.isFinite(kb) ? ` (${kb.toFixed(0)})` : ''} → ${ms(m(runs, dataAt))}`,
      ms(m(runs, (b) => b.chartsStart)),
      ms(m(runs, (b) => b.interactive)),
      `${ms(m(runs, (b) => b.interactive - b.firstScreen))} = ${ms(median(p.map((x) => x.code)))} + ${ms(median(p.map((x) => x.data)))} + ` +
        `${ms(median(p.map((x) => x.render)))} + ${ms(median(p.map((x) => x.charts)))} (${ms(m(runs, (b) => b.charts))}, ${ms(m(runs, (b) => b.drawMs))})`,
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd());
}
