/**
 * Texts in the page's language that depend on data, pure (no DOM): chart titles and notes, section
 * headings, series labels, and the language a browser asks for.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { JA_NOUNS } from '../../../shared/chart/chart-text.js';
import { MESSAGES, type Lang } from './messages.js';

export { chartTitle, sectionTitle, seriesLabel } from '../../../shared/chart/chart-text.js';

/** Japanese when the browser's first language is ja*, English otherwise. */
export function browserLang(languages: readonly string[] | undefined, language: string | undefined): Lang {
  const first = languages?.[0] ?? language ?? '';
  return /^ja\b/i.test(first) ? 'ja' : 'en';
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
