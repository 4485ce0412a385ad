/**
 * A finding's sentence from its rule's template: `{name}` is replaced by a variable of the finding
 * (a number, formatted for people, or a text per language). Also the window phrase every rule uses.
 */
import { formatBytes, formatNumber } from '../format/number.js';
import type { FindingText } from './finding.js';

export type Lang = 'en' | 'ja';
export type TextVar = number | string | FindingText;
export type TextVars = Readonly<Record<string, TextVar>>;

export function fillTemplate(template: string, vars: TextVars, lang: Lang): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    if (typeof v === 'number') return formatNumber(v);
    if (typeof v === 'string') return v;
    return v[lang];
  });
}

export function fillText(template: FindingText, vars: TextVars): FindingText {
  return { en: fillTemplate(template.en, vars, 'en'), ja: fillTemplate(template.ja, vars, 'ja') };
}

/** Bytes per second for people: `118 MiB/s`. */
export function bytesPerSecond(v: number): FindingText {
  const s = `${formatBytes(v)}/s`;
  return { en: s, ja: s };
}

/** `61 s (20–81 s)`, or with more windows `75 s in 3 windows (longest 20–81 s)`. */
export function spanText(windows: readonly { from: number; to: number }[]): FindingText {
  const total = windows.reduce((s, w) => s + (w.to - w.from), 0);
  const longest = windows.reduce((l, w) => (w.to - w.from > l.to - l.from ? w : l), windows[0] ?? { from: 0, to: 0 });
  const d = formatNumber(Math.round(total));
  const a = formatNumber(Math.round(longest.from));
  const b = formatNumber(Math.round(longest.to));
  if (windows.length <= 1) return { en: `${d} s (${a}–${b} s)`, ja: `${d} 秒間 (${a}–${b} 秒)` };
  return {
    en: `${d} s in ${windows.length} windows (longest ${a}–${b} s)`,
    ja: `${windows.length} 区間で計 ${d} 秒 (最長 ${a}–${b} 秒)`,
  };
}
