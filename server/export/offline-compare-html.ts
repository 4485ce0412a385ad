/**
 * The offline compare page: one self-contained HTML file (offline-html.ts: inlined build, hashed-script CSP,
 * no request of any kind) that is the same interactive page as `/compare?ids=…` — every run overlaid, the
 * Δ table, baseline and shift controls — with the reports its runs come from inside
 * (shared/export/embedded.ts `EmbeddedCompare`; a file two of whose runs are compared is carried once).
 */
import { compareQuery, type RunRef } from '../../shared/api/compare-ref.js';
import type { CompareLayout, CompareSort } from '../../shared/view/compare-options.js';
import { EMBEDDED_COMPARE_ELEMENT_ID, type EmbeddedCompare } from '../../shared/export/embedded.js';
import { runName } from '../../shared/compare/index.js';
import { floatingIso } from '../../shared/dstat/time.js';
import { offlineHtml, type OfflineAssets } from './offline-html.js';
import { embeddedReportData, type ExportReport } from './report-files.js';

/** One run of the comparison: its report and which of its runs (1-based; null: the last). */
export interface ComparedRun {
  report: ExportReport;
  run: number | null;
}

/** How the page opens (the compare page's query, docs/ui-contract.md §18). */
export interface CompareOpening {
  baseline: number;
  shifts: readonly number[];
  /** Zoom window, aligned elapsed seconds; null: the whole runs. */
  window: { from: number; to: number } | null;
  /** The table's order (default by change). */
  sort?: CompareSort;
  /** How the runs are drawn (default overlaid). */
  layout?: CompareLayout;
  /** Each run cut to its steady state (window=steady). */
  steady?: boolean;
}

export function offlineCompareHtml(assets: OfflineAssets, runs: readonly ComparedRun[], opening: CompareOpening): string {
  const reports = [...new Set(runs.map((r) => r.report))];
  const refs: RunRef[] = runs.map((r) => ({ id: r.report.summary.id, run: r.run }));
  const search = compareQuery({
    refs,
    baseline: opening.baseline,
    shifts: opening.shifts,
    from: opening.window?.from ?? null,
    to: opening.window?.to ?? null,
    sort: opening.sort,
    layout: opening.layout,
    window: opening.steady ? 'steady' : undefined,
  });
  const data: EmbeddedCompare = { v: 1, search, reports: reports.map(embeddedReportData) };
  return offlineHtml(assets, {
    embedded: { elementId: EMBEDDED_COMPARE_ELEMENT_ID, data },
    title: `${runs.map(({ report, run }) => nameOf(report, run)).join(' vs ')} · dstatview`,
    noscript: 'This dstatview comparison needs JavaScript to draw its graphs.',
  });
}

/** A run as the page's legend names it: file (run N), host, start. */
function nameOf(r: ExportReport, run: number | null): string {
  const runs = r.report.runs;
  const n = run ?? runs.length;
  const json = runs[n - 1];
  return runName({
    fileName: r.summary.fileName,
    run: n,
    runs: runs.length,
    host: json?.meta.host ?? '',
    start: json && json.time.length > 0 ? floatingIso(json.time[0]!) : '',
  });
}
