/**
 * Texts in the page's language that depend on data, pure (no DOM): chart titles and notes, section
 * headings, series labels, and the language a browser asks for.
 */
import type { ResolvedChart, ResolvedSeries } from '../../../shared/catalogue/index.js';
import { JA_GROUPS, JA_NOUNS, JA_SECTIONS, JA_SERIES, JA_TITLES, MESSAGES, type Lang } from './messages.js';

/** Japanese when the browser's first language is ja*, English otherwise. */
export function browserLang(languages: readonly string[] | undefined, language: string | undefined): Lang {
  const first = languages?.[0] ?? language ?? '';
  return /^ja\b/i.test(first) ? 'ja' : 'en';
}

/** A chart's title in a language (the device name is the file's own). */
export function chartTitle(chart: ResolvedChart, lang: Lang): string {
  if (lang === 'en') return chart.heading;
  if (chart.specId === 'generic') {
    // A dstat plugin's group: its known meaning, and the unit when the group is split by unit.
    const title = JA_GROUPS[chart.title];
    if (!title) return chart.heading;
    return chart.heading.startsWith(chart.title) ? `${title}${chart.heading.slice(chart.title.length)}` : title;
  }
  const title = JA_TITLES[chart.specId];
  if (!title) return chart.heading;
  if (chart.device !== null && chart.device !== 'total') return `${title} ${chart.device}`;
  // A second group drawn alike: "Memory usage (advanced memory usage)".
  const extra = chart.heading.startsWith(chart.title) ? chart.heading.slice(chart.title.length) : '';
  return `${title}${extra}`;
}

export function sectionTitle(section: string, lang: Lang): string {
  return lang === 'ja' ? (JA_SECTIONS[section] ?? section) : section;
}

export function seriesLabel(series: ResolvedSeries, lang: Lang): string {
  return lang === 'ja' ? (JA_SERIES[series.label] ?? series.label) : series.label;
}

function nameList(names: readonly string[]): string {
  return names.length <= 8 ? names.join(', ') : `${names.slice(0, 3).join(', ')}, …, ${names[names.length - 1]}`;
}

/** The note of a chart (computed total) in a language. */
export function chartNote(chart: ResolvedChart, lang: Lang): string | null {
  const d = chart.derived;
  if (!d) return chart.note;
  const t = MESSAGES[lang];
  const n = d.devices.length;
  const nounEn = n === 1 ? d.noun[0] : d.noun[1];
  const noun = lang === 'ja' ? (JA_NOUNS[nounEn] ?? nounEn) : nounEn;
  const text = (d.how === 'sum' ? t.noteSum : t.noteMean)(n, noun, nameList(d.devices), d.missing);
  return d.left.length > 0 ? text + t.noteLeft(nameList(d.left)) : text;
}
