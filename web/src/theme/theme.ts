/**
 * Light or dark: follows `prefers-color-scheme` until the user picks one (kept in localStorage).
 * `<html data-theme>` shows the active theme; the colours themselves are CSS custom properties.
 */
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

import { THEME_STORAGE_KEY as STORAGE_KEY } from './theme-key.js';
const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
let choice: ThemeChoice = stored();
let snapshot = { choice, theme: effective() };

function effective(): Theme {
  if (choice !== 'system') return choice;
  return media?.matches ? 'dark' : 'light';
}

function apply(): void {
  const theme = effective();
  if (typeof document !== 'undefined') document.documentElement.dataset['theme'] = theme;
  if (snapshot.choice !== choice || snapshot.theme !== theme) {
    snapshot = { choice, theme };
    for (const l of listeners) l();
  }
}

media?.addEventListener('change', () => apply());
apply();

export function setThemeChoice(next: ThemeChoice): void {
  try {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // private mode: the choice lasts for this page
  }
  choice = next;
  apply();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

const get = (): { choice: ThemeChoice; theme: Theme } => snapshot;

export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  return useSyncExternalStore(subscribe, get, get);
}

export function currentTheme(): Theme {
  return snapshot.theme;
}

export function onThemeChange(l: () => void): () => void {
  return subscribe(l);
}
