/**
 * The worker-pool tasks of server/render, called here in this process (the pool runs them in threads, where
 * a mutation run cannot reach): a report page's first screen (first-screen-task.ts), a compare page's
 * (compare-first-screen-task.ts, compare-first-screen.ts) and an export's PNGs (chart-pngs-task.ts), on real
 * dstat files; and which run of a report is drawn (run-charts.ts).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { transferableSymbol, valueSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { decodeColumnar } from '../../../shared/report/columnar-codec.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { FIRST_SCREEN_CHARTS } from '../../../shared/view/first-screen.js';
import { parseCompareView } from '../../../shared/view/compare-view.js';
import { deriveReport } from '../../../server/derive-report.js';
import { encodeLod } from '../../../server/lod/lod-task.js';
import { chartPngsTask, renderExportPngs } from '../../../server/render/chart-pngs-task.js';
import { COMPARE_CHART_HEIGHT, compareRuns, renderCompareFirstScreen } from '../../../server/render/compare-first-screen.js';
import { compareFirstScreenTask } from '../../../server/render/compare-first-screen-task.js';
import { firstScreenTask } from '../../../server/render/first-screen-task.js';
import { FIRST_SCREEN_WIDTH } from '../../../server/render/first-screen.js';
import { chartKeys, columnarRun, renderableRun, reportRun } from '../../../server/render/run-charts.js';
import { toColumnarRun } from '../../../shared/report/columnar.js';
import { firstScreenSources, pngDataUrlBytes } from '../../helpers/first-screen-html.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { pngSize } from '../../helpers/zip.js';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';
function derive(name: string, id: string) {
  const csv = readFileSync(fixturePath(name));
  return deriveReport(csv, { id, fileName: name, createdAt: '2026-12-03T00:00:00.000Z', bytes: csv.length });
}
const one = derive('d072_tfvnrl.csv', A);
const two = derive('d072_tfvnrl_appended-2-runs.csv', B);

describe('firstScreenTask', () => {
  it("draws the page's first charts for the query: light 1× inline, the rest files under the report's page", async () => {
    const page = await firstScreenTask({ id: A, reportJsonGz: one.reportJsonGz, query: '?height=150', charts: FIRST_SCREEN_CHARTS });
    const sources = firstScreenSources(page.html);
    expect(sources.map((s) => s.key)).toEqual(chartKeys(renderableRun(one.report)!).slice(0, FIRST_SCREEN_CHARTS));
    expect(page.html).toContain(`${one.report.runs[0]!.meta.host} — d072_tfvnrl.csv`);
    for (const s of sources) {
      const inline = pngDataUrlBytes(s.light['1x']!)!;
      expect(pngSize(inline)).toEqual({ width: FIRST_SCREEN_WIDTH, height: 150 });
      for (const u of [s.light['2x']!, s.dark['1x']!, s.dark['2x']!]) {
        expect(u.startsWith(`/r/${A}/first-screen/`)).toBe(true);
        expect(page.files.has(u.slice(`/r/${A}/first-screen/`.length))).toBe(true);
      }
      expect(pngSize(Buffer.from(page.files.get(s.dark['2x']!.split('/').pop()!)!))).toEqual({ width: FIRST_SCREEN_WIDTH * 2, height: 300 });
    }
    // Files named by content: two charts' identical images (an idle chart's, say) are one file; and the
    // early charts' data, named in the markup and preloaded by the head.
    const named = new Set(sources.flatMap((s) => [s.light['2x']!, s.dark['1x']!, s.dark['2x']!]).map((u) => u.split('/').pop()!));
    const columns = /<div id="first-screen" data-columns="\/r\/[A-Za-z0-9_-]{22}\/first-screen\/([A-Za-z0-9_-]{22}\.cols)"/.exec(page.html)?.[1];
    expect(columns).toBeDefined();
    expect(new Set(page.files.keys())).toEqual(new Set([...named, columns!]));
    expect(page.head).toBe(`<link rel="preload" href="/r/${A}/first-screen/${columns}" as="fetch" crossorigin="anonymous">`);
    // The view's run, whole (84 rows).
    const data = decodeColumnar(new Uint8Array(gunzipSync(page.files.get(columns!)!)));
    expect(data.runs).toEqual([columnarRun(one.report)]);
  }, 60_000);

  it("heads a multi-run file's page by the view's run, whose data alone its early charts get", async () => {
    const page = await firstScreenTask({ id: B, reportJsonGz: two.reportJsonGz, query: '?run=1', charts: 1 });
    expect(firstScreenSources(page.html)).toHaveLength(1);
    expect(page.html).toContain(`>${two.report.runs[0]!.meta.host} — d072_tfvnrl_appended-2-runs.csv</p>`);
    const columns = [...page.files.entries()].find(([name]) => name.endsWith('.cols'))![1];
    expect(decodeColumnar(new Uint8Array(gunzipSync(columns))).runs).toEqual([columnarRun(two.report, 1)]);
  }, 60_000);

  it('names no data for the early charts of a view of a window (they wait for the report\'s)', async () => {
    const page = await firstScreenTask({ id: A, reportJsonGz: one.reportJsonGz, query: '?from=10&to=40', charts: 1 });
    expect(firstScreenSources(page.html)).toHaveLength(1);
    expect(page.html).not.toContain('data-columns');
    expect(page.head).toBe('');
    expect([...page.files.keys()].some((n) => n.endsWith('.cols'))).toBe(false);
  }, 60_000);
});

describe("a compare page's first screen", () => {
  const reports = new Map([
    [A, toColumnar(one.report)],
    [B, toColumnar(two.report)],
  ]);

  it('picks the runs the view names, aligned, each named as the legend names it; none when one is missing', () => {
    const picked = compareRuns(reports, parseCompareView(`?ids=${A},${B}:1`))!;
    expect(picked.names).toHaveLength(2);
    expect(picked.names[0]).toMatch(/^A d072_tfvnrl\.csv \(vm, 2026-11-29 20:45:49\)$/);
    expect(picked.names[1]).toMatch(/^B d072_tfvnrl_appended-2-runs\.csv run 1 \(vm, 2026-11-29 20:52:12\)$/);
    expect(picked.runs.map((r) => r.time[0])).toEqual([0, 0]);
    expect(compareRuns(reports, parseCompareView(`?ids=${A},${B}`))!.names[1]).toMatch(/ run 2 \(/);
    expect(compareRuns(reports, parseCompareView(`?ids=${A},${B}&shift=0,2`))!.runs[1]!.time[0]).toBe(-2000);
    expect(compareRuns(reports, parseCompareView(`?ids=${A},CCCCCCCCCCCCCCCCCCCCCC`))).toBeNull();
    expect(compareRuns(reports, parseCompareView(`?ids=${A},${B}:3`))).toBeNull();
  });

  it("draws the first overlay charts in both themes at 1× and 2×, over the view's window", async () => {
    const picked = compareRuns(reports, parseCompareView(`?ids=${A},${B}:1`))!;
    const images = await renderCompareFirstScreen(picked.runs, parseCompareView(`?ids=${A},${B}:1`));
    expect(images.length).toBeGreaterThan(0);
    expect(images.length).toBeLessThanOrEqual(FIRST_SCREEN_CHARTS);
    for (const img of images) {
      expect(img).toMatchObject({ width: FIRST_SCREEN_WIDTH, height: COMPARE_CHART_HEIGHT });
      expect(img.variants.map((v) => `${v.theme} ${v.ratio}`)).toEqual(['light 1', 'light 2', 'dark 1', 'dark 2']);
      expect(pngSize(Buffer.from(img.variants[1]!.png))).toEqual({ width: FIRST_SCREEN_WIDTH * 2, height: COMPARE_CHART_HEIGHT * 2 });
    }
    const windowed = await renderCompareFirstScreen(picked.runs, parseCompareView(`?ids=${A},${B}:1&from=5&to=10`));
    expect(windowed.map((i) => i.key)).toEqual(images.map((i) => i.key));
    expect(Buffer.from(windowed[0]!.variants[0]!.png).equals(Buffer.from(images[0]!.variants[0]!.png))).toBe(false);
    expect(await renderCompareFirstScreen([], parseCompareView(''))).toEqual([]);
  }, 60_000);

  it('is the task’s page from the levels of detail, under /compare, headed by the runs; empty for a run not there', async () => {
    const task = { reports: [{ id: A, lodGz: encodeLod(one.report) }, { id: B, lodGz: encodeLod(two.report) }], query: `?ids=${A},${B}:1` };
    const page = await compareFirstScreenTask(task);
    const sources = firstScreenSources(page.html);
    expect(sources.length).toBeGreaterThan(0);
    expect(page.html).toContain('>A d072_tfvnrl.csv (vm, 2026-11-29 20:45:49) · B d072_tfvnrl_appended-2-runs.csv run 1 (vm, 2026-11-29 20:52:12)</p>');
    expect(pngDataUrlBytes(sources[0]!.light['1x']!)).not.toBeNull();
    expect(sources[0]!.dark['2x']!.startsWith('/compare/first-screen/')).toBe(true);
    const missing = await compareFirstScreenTask({ ...task, query: `?ids=${A},${B}:5` });
    expect(missing.html).toBe('');
    expect(missing.files.size).toBe(0);
  }, 60_000);
});

describe("an export's PNGs", () => {
  it('are drawn in the order asked, each at 2× with its texts; an unknown chart is a RangeError naming it', async () => {
    const run = renderableRun(one.report)!;
    const keys = chartKeys(run).slice(0, 2).reverse();
    // Handed to the pool's caller without a copy: piscina's move() of the PNGs' buffers.
    const moved = (await chartPngsTask({ run: toColumnarRun(one.report.runs[0]!), fileName: 'd072_tfvnrl.csv', view: { height: 150 }, keys })) as unknown as {
      [valueSymbol]: Uint8Array[];
      [transferableSymbol]: ArrayBuffer[];
    };
    const pngs = moved[valueSymbol];
    expect(moved[transferableSymbol]).toEqual(pngs.map((p) => p.buffer));
    expect(pngs).toHaveLength(2);
    const alone = await renderExportPngs(run, { height: 150 }, keys);
    for (const [i, png] of pngs.entries()) expect(Buffer.from(png).equals(Buffer.from(alone[i]!)), keys[i]).toBe(true);
    expect(pngSize(Buffer.from(pngs[0]!)).width).toBe(1600);
    await expect(renderExportPngs(run, {}, ['no:such'])).rejects.toThrow(new RangeError('no chart "no:such" in this report'));
  }, 60_000);
});

describe('the run of a report that is drawn', () => {
  const report = two.report as ReportJson;
  it('is the run asked for (1-based) when the report has it, else the last; none without runs', () => {
    expect(reportRun(report, 1)).toBe(report.runs[0]);
    expect(reportRun(report, 2)).toBe(report.runs[1]);
    for (const asked of [undefined, null, 0, 3, -1]) expect(reportRun(report, asked), String(asked)).toBe(report.runs[1]);
    expect(reportRun({ ...report, runs: [] }, 1)).toBeNull();
    expect(columnarRun({ ...report, runs: [] })).toBeNull();
    expect(renderableRun({ ...report, runs: [] })).toBeNull();
  });

  it('is made columns once: a run already in columns is taken as it is', () => {
    const columnar = toColumnar(report);
    expect(columnarRun(columnar, 1)).toBe(columnar.runs[0]);
    const fromJson = columnarRun(report, 1)!;
    expect(fromJson.time).toBeInstanceOf(Float64Array);
    expect(Array.from(fromJson.time)).toEqual(report.runs[0]!.time);
  });

  it("lists the charts the page draws, idle devices' and twin totals left out, in page order", () => {
    const run = renderableRun(report)!;
    const idle = run.idle();
    expect(idle.size).toBeGreaterThan(0);
    expect(chartKeys(run)).toEqual(run.charts.map((c) => c.key).filter((k) => !idle.has(k) && !run.twins().has(k)));
  });
});
