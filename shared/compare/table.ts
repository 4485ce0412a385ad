/**
 * The Δ table as text: one row per series, grouped by the chart it belongs to (charts and rows ordered by
 * significance, then by the size of the change), named as the page names it (chart title, series label), in
 * the page's units and number format (shared/format/number.ts) or raw; each run's avg, p95 and max, and each
 * other run's change against the baseline with its 95 % interval and verdict (significance.ts). Series zero
 * in every run are left out and counted. The CLI prints it, the compare page shows and copies it (Markdown
 * for a write-up, TSV for a spreadsheet), both with a header naming the runs, window and method.
 */
import { resolveCharts } from '../catalogue/resolve.js';
import type { ResolvedChart, ResolvedSeries } from '../catalogue/types.js';
import { formatValue } from '../format/number.js';
import { spreadsheetText } from '../export/spreadsheet-cell.js';
import type { Lang } from '../chart/chart-text.js';
import type { NoOffsetReason } from './clock-offset.js';
import { changeSize } from './compare.js';
import { SIGNIFICANCE_METHOD } from './significance.js';
import { TABLE_TEXT, type TableText } from './table-text.js';
import type { ComparedSeries, CompareSeriesInput, Delta } from './types.js';
/** A run as the table names it. */
export interface RunLabel {
  /** Short name used in column headings: `A`, `B`, … */
  tag: string;
  /** What the run is: `before.csv (db1, 2026-11-29 20:45:49)`. */
  name: string;
}

/** How the page names a series: its chart's title and its label in that chart, and the chart's page order. */
export interface SeriesName {
  chart: string;
  label: string;
  /** Position of the chart on the page (charts are grouped and, sorted by name, listed in this order). */
  order: number;
}

/** Names of series by id; a series it lacks is named by its id. */
export type SeriesNames = ReadonlyMap<string, SeriesName>;

/**
 * Every series of the runs named as their charts draw them (the baseline's charts first): title and label
 * by the given functions (the page's language; default the catalogue's English), computed totals under the
 * producer's total id as compare's matching names them (match.ts).
 */
export function seriesNames(
  runs: readonly { series: readonly CompareSeriesInput[] }[],
  baseline = 0,
  title: (c: ResolvedChart) => string = (c) => c.heading,
  label: (s: ResolvedSeries) => string = (s) => s.label,
): Map<string, SeriesName> {
  const out = new Map<string, SeriesName>();
  const byKey = new Map<string, number>();
  const order = [baseline, ...runs.keys()].filter((i, k, a) => a.indexOf(i) === k && i < runs.length);
  for (const i of order) {
    for (const chart of resolveCharts(runs[i]!.series)) {
      let at = byKey.get(chart.key);
      if (at === undefined) byKey.set(chart.key, (at = byKey.size));
      for (const rs of chart.series) {
        const id = chart.derived ? `${chart.derived.missing}/${rs.column}` : rs.source.ids[0]!;
        if (!out.has(id)) out.set(id, { chart: title(chart), label: label(rs), order: at });
      }
    }
  }
  return out;
}

export interface DeltaTableOptions {
  /** By significance and size of the change (default), or in the page's chart order. */
  order?: 'change' | 'name';
  /** Names as the page shows them (seriesNames); default: the series ids. */
  names?: SeriesNames;
  /** Figures as raw numbers with a unit column (default: the page's units and number format). */
  raw?: boolean;
  /** Keep series that are zero in every run (default: left out and counted). */
  idle?: boolean;
  lang?: Lang;
}

export interface DeltaTable {
  head: string[];
  rows: string[][];
  /** Per row: its series, its chart, and whether no change in it is significant. */
  meta: { id: string; chart: string; noise: boolean; verdict: Delta['verdict'] | null }[];
  /** Series left out because they are zero in every run. */
  idle: number;
  /** Totals left out because each is the same series as its only busy device (ComparedSeries.twinOf). */
  twins: number;
  /** Leading text cells of a row (chart, series, and unit when raw). */
  textColumns: number;
}

/** Column tags of runs: A, B, C … (at most MAX_COMPARE_RUNS, well inside the alphabet). */
export function runTag(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Zero (or missing) in every run: an idle device, an unused column. */
export function isIdleSeries(s: Pick<ComparedSeries, 'runs'>): boolean {
  return s.runs.every((f) => f === null || (f.min === 0 && f.max === 0));
}

/**
 * What both tables start from: the texts, the series' names, the series shown (twin totals left out, idle
 * ones too unless asked) and how many were left out of each kind, the head's first columns (chart, series,
 * unit when raw), a value's cell, a row's first cells.
 */
function tableBasis(series: readonly ComparedSeries[], o: Omit<DeltaTableOptions, 'order'>) {
  const t = TABLE_TEXT[o.lang ?? 'en'];
  const raw = o.raw ?? false;
  const nameOf = (s: ComparedSeries): SeriesName =>
    o.names?.get(s.id) ?? { chart: s.group, label: s.column, order: Number.MAX_SAFE_INTEGER };
  // A total that is its only busy device's twin is left out as the page does not draw it (twins.ts).
  const notTwins = series.filter((s) => !s.twinOf);
  const shown = o.idle ? notTwins : notTwins.filter((s) => !isIdleSeries(s));
  const head = [t.chart, t.series];
  if (raw) head.push(t.unit);
  const value = (x: number, unit: string): string => (raw ? figure(x) : formatValue(x, unit));
  const rowStart = (s: ComparedSeries): string[] => {
    const n = nameOf(s);
    const row = [n.chart, n.label + (s.derived.length > 0 ? ` ${t.computed}` : '')];
    if (raw) row.push(s.unit);
    return row;
  };
  const left = { idle: notTwins.length - shown.length, twins: series.length - notTwins.length };
  return { t, raw, nameOf, shown, left, head, value, rowStart };
}

export function deltaTable(
  series: readonly ComparedSeries[],
  labels: readonly RunLabel[],
  baseline: number,
  options: DeltaTableOptions | 'change' | 'name' = {},
): DeltaTable {
  const o: DeltaTableOptions = typeof options === 'string' ? { order: options } : options;
  const { t, raw, nameOf, shown, left, head, value, rowStart } = tableBasis(series, o);
  for (const l of labels) head.push(`${l.tag} ${t.avg}`, `${l.tag} p95`, `${l.tag} max`);
  labels.forEach((l, i) => {
    // The verdict beside its interval: on a page as wide as a laptop's, the columns after it scroll out of view first.
    if (i !== baseline) head.push(`Δavg ${l.tag}`, `${t.interval} ${l.tag}`, `${t.verdict} ${l.tag}`, `Δavg % ${l.tag}`, `Δp95 % ${l.tag}`, `Δmax % ${l.tag}`);
  });
  const sorted = o.order === 'name' ? byChart(shown, nameOf) : bySignificance(shown, nameOf);
  const rows = sorted.map((s) => {
    const row = rowStart(s);
    for (const f of s.runs) row.push(...(f ? [value(f.avg, s.unit), value(f.p95, s.unit), value(f.max, s.unit)] : ['–', '–', '–']));
    s.delta.forEach((d, i) => {
      if (i !== baseline) row.push(...deltaCells(d, (x) => value(x, s.unit), t));
    });
    return row;
  });
  const meta = sorted.map((s) => {
    const c = changeSize(s);
    const deltas = s.delta.filter((d): d is Delta => d !== null);
    const verdict = deltas.length === 0 ? null : c.rank === 2 ? 'significant' : c.rank === 1 ? 'noise' : 'too-few';
    return { id: s.id, chart: nameOf(s).chart, noise: deltas.length > 0 && !c.real, verdict } as const;
  });
  return { head, rows, meta, ...left, textColumns: raw ? 3 : 2 };
}

/**
 * The table of the hosts layout: per series each run's min, avg, p95 and max side by side, no change and no
 * verdict (the runs are different machines, not a before and an after); rows in the page's chart order.
 * Series zero in every run are left out and counted, as in deltaTable.
 */
export function hostsTable(series: readonly ComparedSeries[], labels: readonly RunLabel[], options: Omit<DeltaTableOptions, 'order'> = {}): DeltaTable {
  const { t, raw, nameOf, shown, left, head, value, rowStart } = tableBasis(series, options);
  for (const l of labels) head.push(`${l.tag} min`, `${l.tag} ${t.avg}`, `${l.tag} p95`, `${l.tag} max`);
  const sorted = byChart(shown, nameOf);
  const rows = sorted.map((s) => {
    const row = rowStart(s);
    for (const f of s.runs) row.push(...(f ? [f.min, f.avg, f.p95, f.max].map((x) => value(x, s.unit)) : ['–', '–', '–', '–']));
    return row;
  });
  const meta = sorted.map((s) => ({ id: s.id, chart: nameOf(s).chart, noise: false, verdict: null }));
  return { head, rows, meta, ...left, textColumns: raw ? 3 : 2 };
}

/** Charts in page order, each chart's series in its own order (stable). */
function byChart(series: readonly ComparedSeries[], nameOf: (s: ComparedSeries) => SeriesName): ComparedSeries[] {
  return series
    .map((s, i) => ({ s, i, n: nameOf(s) }))
    .sort((a, b) => a.n.order - b.n.order || (a.n.chart < b.n.chart ? -1 : a.n.chart > b.n.chart ? 1 : 0) || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * Rows grouped by chart: a chart's rows by significance then |Δ%|, the charts by their first row's place in
 * that same order (the chart with the most telling change first).
 */
function bySignificance(series: readonly ComparedSeries[], nameOf: (s: ComparedSeries) => SeriesName): ComparedSeries[] {
  const ranked = series
    .map((s, i) => ({ s, i, c: changeSize(s), chart: nameOf(s).chart }))
    .sort((a, b) => b.c.rank - a.c.rank || b.c.size - a.c.size || a.i - b.i);
  const groups = new Map<string, ComparedSeries[]>();
  for (const r of ranked) {
    let g = groups.get(r.chart);
    if (!g) groups.set(r.chart, (g = []));
    g.push(r.s);
  }
  return [...groups.values()].flat();
}

function deltaCells(d: Delta | null, value: (x: number) => string, t: TableText): string[] {
  if (!d) return ['–', '–', '–', '–', '–', '–'];
  return [
    signed(value(d.avg), d.avg),
    `${signed(value(d.avgCi[0]), d.avgCi[0])} … ${signed(value(d.avgCi[1]), d.avgCi[1])}`,
    t.verdicts[d.verdict],
    pct(d.avgPct),
    pct(d.p95Pct),
    pct(d.maxPct),
  ];
}

/** A figure as it pastes well: whole numbers from 1000 up, else 4 significant digits, no exponent below 1e-4. */
export function figure(x: number): string {
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1000) return String(Math.round(x));
  if (a < 1e-4) return x.toExponential(2);
  return String(Number(x.toPrecision(4)));
}

function signed(text: string, x: number): string {
  return x > 0 ? '+' + text : text;
}

function pct(p: number | null): string {
  if (p === null) return 'n/a';
  const text = Math.abs(p) >= 100 ? p.toFixed(0) : p.toFixed(1);
  // A change that rounds to nothing is shown without a sign (never "-0.0 %").
  if (Number(text) === 0) return text.replace('-', '') + ' %';
  return (p > 0 ? '+' : '') + text + ' %';
}

/**
 * The window of runs compared by windows of their own (`ID@FROM-TO`) as the header says it — "A 10–40 s,
 * B 45–75 s" (seconds from each run's row 0), a run without one "whole run" —, or null when no run has one.
 */
export function ownWindowsText(windows: readonly ({ from: number; to: number } | null | undefined)[], labels: readonly RunLabel[], lang: Lang = 'en'): string | null {
  if (!windows.some((w) => w)) return null;
  const t = TABLE_TEXT[lang];
  const parts = labels.map((l, i) => {
    const w = windows[i];
    return `${l.tag} ${w ? `${w.from}–${w.to} s` : t.wholeRun}`;
  });
  return t.ownWindows(parts.join(', '));
}

/**
 * The window of window=steady as the header says it: each run's steady state, and which runs have none
 * (compared whole). `steady`: per run, whether it was cut to its steady state (undefined: a window of its own).
 */
export function steadyWindowText(steady: readonly (boolean | undefined)[], labels: readonly RunLabel[], lang: Lang = 'en'): string {
  const t = TABLE_TEXT[lang];
  const none = labels.filter((_, i) => steady[i] === false).map((l) => l.tag);
  return none.length > 0 ? `${t.steadyWindows}; ${t.noSteady(none.join(', '))}` : t.steadyWindows;
}

/** What the copies say above the table: the runs (host, file, run, start), the window and the method. */
export interface TableHeader {
  /** `whole runs` or `20 s to 80 s of aligned elapsed time`. */
  window?: string;
  /** Practical threshold, % of the baseline's mean. */
  minChange?: number;
  /** Per run, its clock-offset estimate (align=clock; null for the baseline): said under the runs. */
  offsetEstimates?: readonly ({ offsetS: number | null; strength: number | null; reason?: NoOffsetReason } | null)[];
  /** `hosts`: the table is hostsTable's (no baseline, no method; the header says so). */
  layout?: 'overlay' | 'hosts';
  /** How the runs are lined up, said for whole runs (default: elapsed time). */
  align?: 'elapsed' | 'clock';
  lang?: Lang;
}

function headerLines(table: DeltaTable, labels: readonly RunLabel[], baseline: number, h: TableHeader): [string, string][] {
  const t = TABLE_TEXT[h.lang ?? 'en'];
  const hosts = h.layout === 'hosts';
  const lines: [string, string][] = labels.map((l, i) => [`${l.tag}${i === baseline && !hosts ? ` (${t.baseline})` : ''}`, l.name]);
  h.offsetEstimates?.forEach((e, i) => {
    if (!e || !labels[i]) return;
    const found = e.offsetS === null ? t.offsetNone[e.reason ?? 'unclear'] : t.offsetFound(e.offsetS > 0 ? `+${e.offsetS}` : String(e.offsetS), String(e.strength));
    lines.push([t.offsetEstimate(labels[i].tag), found]);
  });
  lines.push([t.window, h.window ?? (h.align === 'clock' ? t.wholeRunsOnClock : t.wholeRuns)]);
  if (hosts) lines.push([t.layout, t.hostsSideBySide]);
  else lines.push([t.method, `${SIGNIFICANCE_METHOD}${h.minChange !== undefined ? ` (${t.minChange} ${h.minChange} %)` : ''}`]);
  if (table.idle > 0) lines.push([t.idleNote, t.idleCount(table.idle)]);
  if (table.twins > 0) lines.push([t.idleNote, t.twinCount(table.twins)]);
  return lines;
}

/** GitHub-flavoured Markdown: the header (runs, window, method, idle series left out), then the table. */
export function deltaTableMarkdown(table: DeltaTable, labels: readonly RunLabel[], baseline: number, header: TableHeader = {}): string {
  const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
  const lines = headerLines(table, labels, baseline, header).map(([k, v]) => `- **${cell(k)}**: ${cell(v)}`);
  lines.push('');
  lines.push('| ' + table.head.map(cell).join(' | ') + ' |');
  lines.push('|' + table.head.map((_, i) => (i < table.textColumns ? ' --- |' : ' ---: |')).join(''));
  for (const row of table.rows) lines.push('| ' + row.map(cell).join(' | ') + ' |');
  return lines.join('\n') + '\n';
}

/**
 * Tab-separated: the header as `key<TAB>value` lines, a blank line, the table's heading line and one line per
 * series; tabs and newlines in names become spaces. The text cells from the uploads (chart, series, unit,
 * run names) that a spreadsheet would run as a formula start with `'` (spreadsheet-cell.ts); the figures
 * (`+12.5 %`) are written by this module and left as they are.
 */
export function deltaTableTsv(table: DeltaTable, labels: readonly RunLabel[] = [], baseline = 0, header: TableHeader | null = null): string {
  const cell = (s: string): string => s.replace(/[\t\r\n]+/g, ' ');
  const row = (r: readonly string[]) => r.map((s, i) => cell(i < table.textColumns ? spreadsheetText(s) : s)).join('\t');
  const top = header ? headerLines(table, labels, baseline, header).map(([k, v]) => `${cell(k)}\t${cell(spreadsheetText(v))}`).concat('') : [];
  return [...top, table.head.map(cell).join('\t'), ...table.rows.map(row)].join('\n') + '\n';
}

/**
 * What names a run in the legend and the table: file (and run of a multi-run file), its window when it is
 * compared by one (`@ 0–300 s`, seconds from its start), host, start.
 */
export function runName(r: { fileName: string; run: number; runs: number; host: string; start: string; window?: { from: number; to: number } }): string {
  const which = r.runs > 1 ? ` run ${r.run}` : '';
  const part = r.window ? ` @ ${r.window.from}–${r.window.to} s` : '';
  const where = [r.host, r.start.replace('T', ' ')].filter((s) => s !== '').join(', ');
  return `${r.fileName}${which}${part}${where ? ` (${where})` : ''}`;
}
