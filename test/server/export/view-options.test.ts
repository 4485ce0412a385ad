/**
 * Every option of the view table (shared/view/view-options.ts) survives into an export: for each option an
 * export with the table's example value differs from one with the default view in the way the option says —
 * the offline page opens with it (its embedded query reads back the value), an option that is drawn changes the
 * PNGs (one that is not leaves them byte for byte), an option that narrows the rows (run, window, offset,
 * duration) makes stats.csv the statistics of those rows, any other leaves stats.csv as it is (statistics are
 * always of the raw samples). The same export code makes the server's export.zip/export.html and the CLI's.
 */
import { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveReport } from '../../../server/derive-report.js';
import { inThreadRenderer } from '../../../server/export/chart-images.js';
import { loadOfflineAssets } from '../../../server/export/offline-html.js';
import { exportCharts, type ExportReport } from '../../../server/export/report-files.js';
import { exportEntries } from '../../../server/export/zip.js';
import { renderableRun } from '../../../server/render/run-charts.js';
import { HEATMAP_MIN_CPUS, perCpuCharts } from '../../../shared/view/page-order.js';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS, type ViewOptionName, type ViewState } from '../../../shared/view/view-options.js';
import { parseViewState } from '../../../shared/view/view-state.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { figuresOf, independentColumns } from '../../helpers/independent-stats.js';

const assets = await loadOfflineAssets(fileURLToPath(new URL('../../../dist/web', import.meta.url)));

function exportOf(name: string): ExportReport {
  const fields = { id: 'R1d-of-the-report_0123', fileName: name, createdAt: '2026-12-02T10:00:00.000Z', bytes: 1 };
  return deriveReport(readFileSync(fixturePath(name)), fields);
}

interface Exported {
  /** The view the offline page opens with. */
  opens: ViewState;
  /** PNG entry name → bytes (base64). */
  pngs: Map<string, string>;
  statsCsv: string;
}

async function exported(r: ExportReport, view: Partial<ViewState>): Promise<Exported> {
  const csv = { name: 'log.csv', open: async () => Readable.from([Buffer.from('csv')]) };
  const pngs = new Map<string, string>();
  let statsCsv = '';
  let html = '';
  for await (const e of exportEntries(assets, r, csv, view, inThreadRenderer)) {
    if (e.name.endsWith('.png')) pngs.set(e.name, (e.data as Buffer).toString('base64'));
    else if (e.name === 'stats.csv') statsCsv = e.data as string;
    else if (e.name === 'index.html') html = e.data as string;
  }
  const search = /"search":"([^"]*)"/.exec(html)?.[1] ?? '';
  return { opens: parseViewState(search), pngs, statsCsv };
}

/** The value an export is made with for an option: the table's example (the zoom window's ends as a pair). */
function viewWith(name: ViewOptionName): Partial<ViewState> {
  if (name === 'from' || name === 'to') return { from: VIEW_OPTIONS.from.example, to: VIEW_OPTIONS.to.example };
  return { [name]: VIEW_OPTIONS[name].example };
}

/** Options that narrow the rows the statistics cover. */
const NARROWING: ReadonlySet<ViewOptionName> = new Set(['run', 'from', 'to', 'offset', 'duration']);

/** The fixture that shows an option: two runs for `run`; a host of 16+ CPUs for `heatmap`. */
const FIXTURE: Partial<Record<ViewOptionName, string>> = {
  run: 'd072_tfvnrl_appended-2-runs.csv',
  heatmap: 'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv',
  // Two CPUs busy with eight runnable threads: cpu-busy found, shaded on CPU usage.
  finding: 'scenarios/runqueue.csv',
};
const BASE_FIXTURE = 'd072_tfvnrl.csv';

const reports = new Map<string, ExportReport>();
const baselines = new Map<string, Exported>();
async function baseline(fixture: string): Promise<{ r: ExportReport; base: Exported }> {
  if (!reports.has(fixture)) reports.set(fixture, exportOf(fixture));
  const r = reports.get(fixture)!;
  if (!baselines.has(fixture)) baselines.set(fixture, await exported(r, {}));
  return { r, base: baselines.get(fixture)! };
}

describe('every option of the view table, in an export', () => {
  it('has an example other than its default, and the table covers the page URL options', () => {
    expect(VIEW_OPTION_NAMES).toEqual(
      expect.arrayContaining(['run', 'from', 'to', 'offset', 'duration', 'height', 'cols', 'diskMax', 'iopsMax', 'netMax', 'x', 'trend', 'smooth', 'hide', 'idle', 'heatmap']),
    );
    for (const name of VIEW_OPTION_NAMES) expect(VIEW_OPTIONS[name].example, name).not.toEqual(VIEW_OPTIONS[name].default);
  });

  for (const name of VIEW_OPTION_NAMES.filter((n) => n !== 'heatmap')) {
    const o = VIEW_OPTIONS[name];
    it(`${name}: the offline page opens with it; ${o.drawn ? 'the PNGs change' : 'the PNGs stay'}; ${NARROWING.has(name) ? 'stats.csv covers its rows' : 'stats.csv stays'}`, async () => {
      const { r, base } = await baseline(FIXTURE[name] ?? BASE_FIXTURE);
      const view = viewWith(name);
      const e = await exported(r, view);
      expect(e.opens[name], 'the offline page opens with the option').toEqual(view[name]);
      if (o.drawn) {
        const same = e.pngs.size === base.pngs.size && [...e.pngs].every(([n, png]) => base.pngs.get(n) === png);
        expect(same, 'a drawn option changes the PNGs').toBe(false);
      } else {
        expect(e.pngs, 'a layout option leaves the PNGs as they are').toEqual(base.pngs);
      }
      if (NARROWING.has(name)) expect(e.statsCsv).not.toBe(base.statsCsv);
      else expect(e.statsCsv, 'statistics stay those of the samples').toBe(base.statsCsv);
    }, 60_000);
  }

  it('heatmap: per-CPU charts are exported only when the heatmap is off (it replaces them on the page)', () => {
    const r = exportOf(FIXTURE.heatmap!);
    const run = renderableRun(r.report)!;
    const cpus = perCpuCharts(run.charts).map((c) => c.key);
    expect(cpus.length).toBeGreaterThanOrEqual(HEATMAP_MIN_CPUS);
    const on = exportCharts(run, {});
    const off = exportCharts(run, { heatmap: false });
    expect([...on.keys, ...on.left].filter((k) => cpus.includes(k))).toEqual([]);
    expect([...off.keys, ...off.left].filter((k) => cpus.includes(k)).sort()).toEqual(cpus.filter((k) => !run.idle().has(k)).sort());
  });

  it('a zoom window: stats.csv holds the statistics of the rows in the window, as an independent reader computes them', async () => {
    const { r } = await baseline(BASE_FIXTURE);
    const from = 10;
    const to = 40;
    const e = await exported(r, { from, to });
    const columns = independentColumns(readFileSync(fixturePath(BASE_FIXTURE), 'utf8'));
    const run = r.report.runs[0]!;
    // Rows whose time is in [start + from, start + to], the since-boot row left out.
    const times = run.time.slice(1);
    const inWindow = times.map((t) => t >= run.start + from * 1000 && t <= run.start + to * 1000);
    const rows = e.statsCsv.trim().split('\n').slice(1);
    let checked = 0;
    for (const [id, values] of columns) {
      if (values.length !== times.length) continue;
      const line = rows.find((l) => l.startsWith(`${id},`) || l.startsWith(`"${id}",`));
      if (!line) continue;
      const figures = figuresOf(values.filter((_, i) => inWindow[i]));
      const cells = line.split(',').slice(-4).map(Number);
      expect(cells, id).toEqual([figures.min, figures.avg, figures.p95, figures.max].map((v) => Number(String(v))));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  }, 60_000);

  it('hide: a hidden chart has no PNG', async () => {
    const { r, base } = await baseline(BASE_FIXTURE);
    const hidden = [...base.pngs.keys()][0]!.replace(/\.png$/, '').replace('_', ':');
    const e = await exported(r, { hide: [hidden] });
    expect(base.pngs.has(`${hidden.replace(':', '_')}.png`)).toBe(true);
    expect(e.pngs.has(`${hidden.replace(':', '_')}.png`)).toBe(false);
  }, 60_000);
});
