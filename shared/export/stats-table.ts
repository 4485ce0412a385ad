/**
 * Statistics as tables for tickets, wikis and spreadsheets: one row per series (id, label, unit, min, avg,
 * p95, max), written as CSV (RFC 4180), TSV, Markdown or JSON. The ZIP export's stats.csv / stats.json and the
 * web page's "Copy as Markdown / TSV" buttons are made here. Pure; numbers are written in full unless the
 * caller gives a formatter (the web page gives its own, with units).
 */
import { resolveCharts } from '../catalogue/resolve.js';
import type { SeriesInfo } from '../catalogue/types.js';
import { spreadsheetText } from './spreadsheet-cell.js';

export interface StatsTableRow {
  /** Series id (`dsk/vda/read`), or the chart's series key for a computed total. */
  id: string;
  /** For a person: `Disk I/O vda: read`. */
  label: string;
  unit: string;
  /** null: no sample had a value. */
  min: number | null;
  avg: number | null;
  p95: number | null;
  max: number | null;
}

export const STATS_COLUMNS = ['id', 'label', 'unit', 'min', 'avg', 'p95', 'max'] as const;
export type StatsColumn = (typeof STATS_COLUMNS)[number];

const FIGURES = ['min', 'avg', 'p95', 'max'] as const;

/** A run's series with their statistics, as the API gives them (ReportJson) or the parser (with seriesStats). */
export interface SeriesWithStats extends SeriesInfo {
  /** Absent for text series. */
  stats?: { min: number; avg: number; p95: number; max: number } | null;
}

/**
 * One row per numeric series of a run, in file order, labelled by the chart that draws it (`Disk I/O vda:
 * read`; a series no chart names is labelled by its id). The figures are the series' own statistics.
 */
export function runStatsRows(series: readonly SeriesWithStats[]): StatsTableRow[] {
  const labels = new Map<string, string>();
  for (const chart of resolveCharts(series)) {
    for (const s of chart.series) {
      if (s.source.combine === 'one') labels.set(s.source.ids[0]!, `${chart.heading}: ${s.label}`);
    }
  }
  return series
    .filter((s) => s.kind === 'number')
    .map((s) => ({
      id: s.id,
      label: labels.get(s.id) ?? s.id,
      unit: s.unit,
      min: s.stats?.min ?? null,
      avg: s.stats?.avg ?? null,
      p95: s.stats?.p95 ?? null,
      max: s.stats?.max ?? null,
    }));
}

/** How the text formats write a figure: `(value, unit) => text`; default: the number in full. */
export type FigureFormat = (value: number, unit: string) => string;

export interface TableTextOptions {
  /** Column headings, by column (default: the column names). */
  headings?: Partial<Record<StatsColumn, string>>;
  /** Columns to write, in order (default: all). */
  columns?: readonly StatsColumn[];
  format?: FigureFormat;
  /** Text for a missing figure (default: empty). */
  missing?: string;
}

/** `text`: how a text cell (id, label, unit: from the upload) is written; figures are never changed. */
function cells(row: StatsTableRow, columns: readonly StatsColumn[], format: FigureFormat, missing: string, text: (s: string) => string): string[] {
  return columns.map((c) => {
    if (c === 'id' || c === 'label' || c === 'unit') return text(row[c]);
    const v = row[c];
    return v === null ? missing : format(v, row.unit);
  });
}

const plain: FigureFormat = (v) => String(v);

function table(rows: readonly StatsTableRow[], o: TableTextOptions, text: (s: string) => string = (s) => s): { head: string[]; body: string[][] } {
  const columns = o.columns ?? STATS_COLUMNS;
  return {
    head: columns.map((c) => o.headings?.[c] ?? c),
    body: rows.map((r) => cells(r, columns, o.format ?? plain, o.missing ?? '', text)),
  };
}

/**
 * RFC 4180 CSV with CRLF line ends; cells with a comma, quote or line break are quoted; a text cell a
 * spreadsheet would run as a formula starts with `'` (spreadsheet-cell.ts).
 */
export function statsCsv(rows: readonly StatsTableRow[], o: TableTextOptions = {}): string {
  const { head, body } = table(rows, o, spreadsheetText);
  const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [head, ...body].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Tab-separated, for pasting into a spreadsheet; tabs and line breaks inside a cell become spaces; a text
 * cell a spreadsheet would run as a formula starts with `'` (spreadsheet-cell.ts).
 */
export function statsTsv(rows: readonly StatsTableRow[], o: TableTextOptions = {}): string {
  const { head, body } = table(rows, o, spreadsheetText);
  const cell = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  return [head, ...body].map((r) => r.map(cell).join('\t')).join('\n') + '\n';
}

/**
 * A GitHub-flavoured Markdown table, figures right-aligned. Cell text is escaped so that a series name
 * cannot break the table or become markup (`|`, `\`, `<`, `*`, `_`, backticks, brackets).
 */
export function statsMarkdown(rows: readonly StatsTableRow[], o: TableTextOptions = {}): string {
  const columns = o.columns ?? STATS_COLUMNS;
  const { head, body } = table(rows, o);
  const cell = (s: string) => s.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  const rule = `|${columns.map((c) => ((FIGURES as readonly string[]).includes(c) ? ' ---: ' : ' --- ')).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n') + '\n';
}

/** JSON: the rows as objects with numbers (null for a missing figure), as in stats.json. */
export function statsJson(rows: readonly StatsTableRow[]): string {
  return JSON.stringify(rows, null, 2) + '\n';
}
