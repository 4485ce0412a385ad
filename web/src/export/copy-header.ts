/**
 * What a copied statistics table says before its rows, so that it can be read where it is pasted (a ticket,
 * a wiki, a spreadsheet): its title (the chart's, or "Statistics of every chart"), then host, file, run,
 * the time window the figures cover and where their units are; and how many idle devices' rows were left
 * out. Text from the file (host, file name) stays text: the Markdown form escapes it (stats-table.ts).
 */
import type { RunData } from '../../../shared/report/run-data.js';
import type { TimeWindow } from '../../../shared/series/window.js';
import { formatDateTime, formatDuration } from '../format.js';
import type { Lang } from '../i18n/i18n.js';
import type { ExportMessages } from './export-messages.js';

export interface CopyHeader {
  title: string;
  /** Label and value, in order. */
  facts: [string, string][];
  /** Series of idle devices left out of the rows (0: none). */
  leftOut: number;
}

export function copyHeader(run: RunData, window: TimeWindow | null, title: string, x: ExportMessages, lang: Lang, leftOut = 0): CopyHeader {
  const w = window ?? run.window;
  const zone = run.meta.timezone.trim();
  const facts: [string, string][] = [
    [x.host, run.meta.host || '–'],
    [x.file, run.fileName || '–'],
    [x.run, String(run.index)], // 1-based, as the run picker counts
  ];
  if (w) facts.push([x.window, `${formatDateTime(w.t0)} – ${formatDateTime(w.t1)} (${formatDuration(w.t1 - w.t0, lang)})${zone ? ` ${zone}` : ''}`]);
  return { title, facts, leftOut };
}

/** Markdown control characters escaped, on one line (as the table's cells: stats-table.ts). */
const mdText = (s: string): string => s.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);

/** The header as Markdown: the title in bold, then one line per fact, and a blank line before the table. */
export function markdownHeader(h: CopyHeader, x: ExportMessages): string {
  const lines = [`**${mdText(h.title)}**`, '', ...h.facts.map(([k, v]) => `- ${mdText(k)}: ${mdText(v)}`), `- ${mdText(x.unitsShown)}`];
  if (h.leftOut > 0) lines.push(`- ${mdText(x.idleLeftOut(h.leftOut))}`);
  return lines.join('\n') + '\n\n';
}

/** The header as TSV: the title, then `label<TAB>value` lines, and a blank line before the table. */
export function tsvHeader(h: CopyHeader, x: ExportMessages): string {
  const cell = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  const lines = [cell(h.title), ...h.facts.map(([k, v]) => `${cell(k)}\t${cell(v)}`), cell(x.unitsColumn)];
  if (h.leftOut > 0) lines.push(cell(x.idleLeftOut(h.leftOut)));
  return lines.join('\n') + '\n\n';
}
