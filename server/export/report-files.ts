/**
 * What an export holds, made from one stored (or freshly parsed) report: the offline HTML, one PNG per
 * chart (server/render), statistics (stats.csv, stats.json), findings (findings.md) and README.txt. The ZIP (zip.ts), the HTTP
 * routes and the CLI all take their files from here.
 */
import { gunzipSync } from 'node:zlib';
import type { ReportJson, ReportSummary } from '../../shared/api/schemas.js';
import { serialiseViewState } from '../../shared/view/view-state.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { encodeBase85Codes } from '../../shared/export/base85.js';
import { EMBEDDED_REPORT_ELEMENT_ID, type EmbeddedReport, type EmbeddedReportData, type OfflineLinks } from '../../shared/export/embedded.js';
import { floatingIso } from '../../shared/dstat/time.js';
import { runStatsRows, statsCsv, type StatsTableRow } from '../../shared/export/stats-table.js';
import { findingsMarkdown } from '../../shared/findings/markdown.js';
import { MAX_EXPORT_PNGS } from '../../shared/limits.js';
import type { RunData } from '../../shared/report/run-data.js';
import { chartKeys, renderableRun } from '../render/run-charts.js';
import { windowStats } from '../../shared/series/window-stats.js';
import { rowsInWindow } from '../../shared/series/window.js';
import { viewWindow } from '../../shared/view/extent.js';
import { wholeView } from '../../shared/view/view-options.js';
import { offlineHtml, type OfflineAssets } from './offline-html.js';

/** A report to export: its summary, its stored ReportJson (gzip) and that JSON parsed. */
export interface ExportReport {
  summary: ReportSummary;
  reportJsonGz: Uint8Array;
  report: ReportJson;
}

/** `report`: the object `reportJsonGz` holds, when the caller has it (the CLI made it): not parsed again. */
export function exportReport(summary: ReportSummary, reportJsonGz: Uint8Array, report?: ReportJson): ExportReport {
  return { summary, reportJsonGz, report: report ?? (JSON.parse(gunzipSync(reportJsonGz).toString('utf8')) as ReportJson) };
}

/** The run the view shows: `run` (1-based) when the file has it, else the last. */
function runIndex(report: ReportJson, view: ViewQueryOptions): number {
  const n = report.runs.length;
  const run = view.run;
  return run != null && run >= 1 && run <= n ? run - 1 : n - 1;
}

/** A report as an offline page carries it (shared/export/embedded.ts). */
export function embeddedReportData(r: ExportReport): EmbeddedReportData {
  // The stored gzip as it is (server/derive-report.ts: level 4, 836 KB for the 4 MB log): level 9 would
  // make it 813 KB for ~0.5 s more, on the server's event loop or in the CLI's run.
  const gz = r.reportJsonGz;
  const codes = encodeBase85Codes(gz);
  // ASCII codes to a string in one step (latin1 reads a byte as the character of that code).
  return { id: r.summary.id, reportJsonGz: Buffer.from(codes.buffer, codes.byteOffset, codes.length).toString('latin1'), gzBytes: gz.length };
}

/**
 * The offline report (one HTML file) opening with `view`; `firstScreen`: its first screen with the images
 * inline (chart-images.ts offlineFirstScreen), or '' for none; `links`: the CSV beside it, the live report.
 */
export function offlineReportHtml(
  assets: OfflineAssets,
  r: ExportReport,
  view: ViewQueryOptions = {},
  firstScreen = '',
  links: OfflineLinks = {},
): string {
  return offlineReportPage(assets, r, view, links)(firstScreen);
}

/** The live report's URL: `origin` + the report's page + the view (what the export opens with). */
export function liveReportUrl(origin: string, id: string, view: ViewQueryOptions = {}): string {
  return `${origin}/r/${encodeURIComponent(id)}${serialiseViewState(wholeView(view))}`;
}

/**
 * offlineReportHtml in two steps: the data encoded now, the file made once its first screen is there (drawn
 * by other threads meanwhile).
 */
export function offlineReportPage(
  assets: OfflineAssets,
  r: ExportReport,
  view: ViewQueryOptions = {},
  links: OfflineLinks = {},
): (firstScreen: string) => string {
  const run = r.report.runs[runIndex(r.report, view)];
  const host = run?.meta.host.trim();
  const report: EmbeddedReport = { v: 2, search: serialiseViewState(wholeView(view)), ...embeddedReportData(r) };
  if (links.csvName) report.csvHref = encodeURIComponent(links.csvName);
  if (links.liveUrl) report.liveUrl = links.liveUrl;
  return (firstScreen) =>
    offlineHtml(assets, {
      embedded: { elementId: EMBEDDED_REPORT_ELEMENT_ID, data: report },
      title: `${host ? `${host} · ` : ''}${r.summary.fileName} · dstatview`,
      noscript: 'This dstatview report needs JavaScript to draw its graphs.',
      firstScreen,
      ...(view.lang ? { lang: view.lang } : {}),
    });
}

/** File name of a chart's PNG: its key with anything but [A-Za-z0-9._-] as `_` (`disk:vda` → `disk_vda.png`). */
export function pngName(chartKey: string, taken: Set<string>): string {
  const base = chartKey.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[.]+/, '_').slice(0, 120) || 'chart';
  let name = `${base}.png`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}-${i}.png`;
  taken.add(name.toLowerCase());
  return name;
}

export interface ChartImage {
  name: string;
  key: string;
  title: string;
  png: Buffer;
}

/** The charts an export draws for a view, in page order, at most MAX_EXPORT_PNGS; and those left out. */
export function exportCharts(run: RunData | null, view: ViewQueryOptions = {}): { keys: string[]; left: string[] } {
  const keys = run ? chartKeys(run, view) : [];
  return { keys: keys.slice(0, MAX_EXPORT_PNGS), left: keys.slice(MAX_EXPORT_PNGS) };
}

/**
 * The statistics of what the view shows, one row per numeric series: the run's own figures (the API's) for
 * the whole run, else those of the rows in the view's window (offset/duration, zoom), from the raw samples.
 */
export function statsRows(r: ExportReport, view: ViewQueryOptions = {}): StatsTableRow[] {
  const v = wholeView(view);
  const run = r.report.runs[runIndex(r.report, v)];
  if (!run) return [];
  if (v.offset === 0 && v.duration === 0 && v.from === null) return runStatsRows(run.series);
  const data = renderableRun(r.report, v.run);
  const window = data && viewWindow(data, v);
  const rows = data && window ? rowsInWindow(data.time, window, data.firstRow) : null;
  return runStatsRows(
    run.series.map((s) => (s.kind === 'number' ? { ...s, stats: rows && data ? windowStats(data.columns.get(s.id)!.values, rows.from, rows.to) : null } : s)),
  );
}

export function statsCsvFile(rows: readonly StatsTableRow[]): string {
  return statsCsv(rows);
}

/** stats.json: the run's facts and its rows. */
export function statsJsonFile(r: ExportReport, rows: readonly StatsTableRow[], view: ViewQueryOptions = {}): string {
  const i = runIndex(r.report, view);
  const run = r.report.runs[i];
  return (
    JSON.stringify(
      {
        file: r.summary.fileName,
        host: run?.meta.host ?? '',
        timezone: run?.meta.timezone ?? '',
        run: i + 1,
        runs: r.report.runs.length,
        start: run ? floatingIso(run.start) : null,
        end: run ? floatingIso(run.end) : null,
        series: rows,
      },
      null,
      2,
    ) + '\n'
  );
}

/** findings.md: what limited the view's run (shared/findings/), as a Markdown list; CSV-derived text escaped. */
export function findingsMdFile(r: ExportReport, view: ViewQueryOptions = {}): string {
  const i = runIndex(r.report, view);
  const run = r.report.runs[i];
  return findingsMarkdown(run ? [{ index: i + 1, findings: run.findings }] : []);
}

/** README.txt: what the export holds. Plain text; names from the CSV are only ever data here. */
export function readmeText(
  r: ExportReport,
  files: { csvName: string; images: readonly ChartImage[]; left: readonly string[] },
  view: ViewQueryOptions = {},
): string {
  const i = runIndex(r.report, view);
  const run = r.report.runs[i];
  const lines = [
    `dstatview report of ${r.summary.fileName}`,
    '',
    run ? `Host: ${run.meta.host}` : '',
    run ? `Run ${i + 1} of ${r.report.runs.length}: ${floatingIso(run.start)} to ${floatingIso(run.end)} (${run.meta.timezone || 'zone not recorded'})` : '',
    `Report id: ${r.summary.id}`,
    '',
    'Files:',
    '  index.html   the interactive report (open it in a browser; it works offline, from this folder or alone)',
    `  ${files.csvName}   the CSV as uploaded, unchanged`,
    '  stats.csv    min, avg, p95 and max of every series (from the raw samples, in the units of the unit column)',
    '  stats.json   the same, with the run\'s facts',
    '  findings.md  what limited the run: findings with their windows, and the checks that could not run',
    `  *.png        one image per chart (${files.images.length}), at 2x, titled with host, file, time range and unit`,
  ];
  if (files.left.length > 0) {
    lines.push(`  (${files.left.length} more charts are in index.html only: ${files.left.slice(0, 20).join(', ')}${files.left.length > 20 ? ', …' : ''})`);
  }
  const q = serialiseViewState(wholeView(view));
  if (q) lines.push('', `View options: ${q.slice(1)}`);
  return lines.filter((l, n) => l !== '' || n === 1 || lines[n - 1] !== '').join('\n') + '\n';
}
