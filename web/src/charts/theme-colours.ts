/** The active theme's chart colours for the page's charts, in the page's font. */
import { chartTheme } from '../../../shared/chart/theme.js';
import type { ThemeColours } from './coordinator.js';

/**
 * Colours of a theme (shared with the server's images), in the page's `--font-sans` (styles.css); the
 * charts' default font (the same list) where the stylesheet is not applied.
 */
export function readThemeColours(name: 'light' | 'dark'): ThemeColours {
  const font = getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim();
  return chartTheme(name, font || undefined);
}
