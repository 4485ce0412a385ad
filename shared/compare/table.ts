/**
 * The Δ table as text: one row per series (sorted by the size of the change), each run's avg, p95 and max,
 * and each other run's change against the baseline, absolute and in %. The CLI prints it, the compare page
 * copies it (Markdown for a write-up, TSV for a spreadsheet) — one table, written once.
 */
import { NOISE_RULE } from './delta.js';
import { sortByChange } from './compare.js';
import type { ComparedSeries, Delta } from './types.js';
import { spreadsheetText } from '../export/spreadsheet-cell.js';

/** A run as the table names it. */
export interface RunLabel {
  /** Short name used in column headings: `A`, `B`, … */
  tag: string;
  /** What the run is: `before.csv (db1, 2026-11-29 20:45:49)`. */
  name: string;
}

export interface DeltaTable {
  head: string[];
  rows: string[][];
  /** Per row: its series, and whether every change in it is within noise (no change stands out). */
  meta: { id: string; noise: boolean }[];
}

/** Column tags of runs: A, B, C … (at most MAX_COMPARE_RUNS, well inside the alphabet). */
export function runTag(index: number): string {
  return String.fromCharCode(65 + index);
}

/** A row's leading text cells: series and unit. */
const TEXT_COLUMNS = 2;

/** Rows by the size of the change (sortByChange), or by series id. */
export function deltaTable(
  series: readonly ComparedSeries[],
  labels: readonly RunLabel[],
  baseline: number,
  order: 'change' | 'name' = 'change',
): DeltaTable {
  const head = ['series', 'unit'];
  for (const l of labels) head.push(`${l.tag} avg`, `${l.tag} p95`, `${l.tag} max`);
  labels.forEach((l, i) => {
    if (i !== baseline) head.push(`Δavg ${l.tag}`, `Δavg % ${l.tag}`, `Δp95 % ${l.tag}`, `Δmax % ${l.tag}`);
  });
  const sorted = order === 'name' ? [...series].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) : sortByChange(series);
  const rows = sorted.map((s) => {
    const row = [s.id + (s.derived.length > 0 ? ' (computed)' : ''), s.unit];
    for (const f of s.runs) row.push(...(f ? [figure(f.avg), figure(f.p95), figure(f.max)] : ['–', '–', '–']));
    s.delta.forEach((d, i) => {
      if (i !== baseline) row.push(...deltaCells(d));
    });
    return row;
  });
  const meta = sorted.map((s) => {
    const deltas = s.delta.filter((d): d is Delta => d !== null);
    return { id: s.id, noise: deltas.length > 0 && deltas.every((d) => d.withinNoise) };
  });
  return { head, rows, meta };
}

function deltaCells(d: Delta | null): string[] {
  if (!d) return ['–', '–', '–', '–'];
  return [signed(figure(d.avg), d.avg) + (d.withinNoise ? ' (noise)' : ''), pct(d.avgPct), pct(d.p95Pct), pct(d.maxPct)];
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

/** GitHub-flavoured Markdown: the runs listed first, then the table; `|` in untrusted names escaped. */
export function deltaTableMarkdown(table: DeltaTable, labels: readonly RunLabel[], baseline: number): string {
  const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
  const lines = labels.map((l, i) => `- **${l.tag}**${i === baseline ? ' (baseline)' : ''}: ${cell(l.name)}`);
  lines.push(`- within noise: ${NOISE_RULE}`, '');
  lines.push('| ' + table.head.map(cell).join(' | ') + ' |');
  lines.push('|' + table.head.map((_, i) => (i < 2 ? ' --- |' : ' ---: |')).join(''));
  for (const row of table.rows) lines.push('| ' + row.map(cell).join(' | ') + ' |');
  return lines.join('\n') + '\n';
}

/**
 * Tab-separated: a header line and one line per series; tabs and newlines in names become spaces. The text
 * cells (series and unit, from the uploads) that a spreadsheet would run as a formula start with `'`
 * (spreadsheet-cell.ts); the figures (`+12.5 %`) are written by this module and left as they are.
 */
export function deltaTableTsv(table: DeltaTable): string {
  const cell = (s: string): string => s.replace(/[\t\r\n]+/g, ' ');
  const row = (r: readonly string[]) => r.map((s, i) => cell(i < TEXT_COLUMNS ? spreadsheetText(s) : s)).join('\t');
  return [table.head.map(cell).join('\t'), ...table.rows.map(row)].join('\n') + '\n';
}

/** What names a run in the legend and the table: file (and run of a multi-run file), host, start. */
export function runName(r: { fileName: string; run: number; runs: number; host: string; start: string }): string {
  const which = r.runs > 1 ? ` run ${r.run}` : '';
  const where = [r.host, r.start.replace('T', ' ')].filter((s) => s !== '').join(', ');
  return `${r.fileName}${which}${where ? ` (${where})` : ''}`;
}
