/**
 * The UI language: the one the user picked (kept in localStorage); else the one an offline report was
 * exported in (`<html data-lang>`, server/export/offline-html.ts); else Japanese when the browser prefers it
 * (`navigator.language` ja*), English otherwise. `<html lang>` always shows the active one.
 */
import { useSyncExternalStore } from 'react';
import { MESSAGES, type Lang, type Messages } from './messages.js';
import { browserLang } from './text.js';

export type { Lang, Messages };
export { browserLang, chartNote, chartTitle, sectionTitle, seriesLabel } from './text.js';

const STORAGE_KEY = 'dstatview.lang';
const listeners = new Set<() => void>();

function stored(): Lang | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'en' || v === 'ja' ? v : null;
  } catch {
    return null;
  }
}

/** The language the page's file was made in (an offline report's), or null. */
function fileLang(): Lang | null {
  const v = typeof document !== 'undefined' ? document.documentElement.dataset['lang'] : undefined;
  return v === 'en' || v === 'ja' ? v : null;
}

let current: Lang = stored() ?? fileLang() ?? browserLang(globalThis.navigator?.languages, globalThis.navigator?.language);

function apply(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}
apply();

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page
  }
  if (lang === current) return;
  current = lang;
  apply();
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang, getLang);
}

/** The messages of the active language. */
export function useT(): Messages {
  return MESSAGES[useLang()];
}

export function messages(lang: Lang): Messages {
  return MESSAGES[lang];
}

