/**
 * Chart colours and font of the light and dark themes, one truth for the page's charts and the images the
 * server draws. The page's CSS custom properties `--series-*` (swatches, readouts) hold the same values; a
 * test keeps web/src/styles.css equal to these.
 */
import type { ColourToken } from '../catalogue/types.js';

export type ThemeName = 'light' | 'dark';

export interface ChartTheme {
  name: ThemeName;
  /** `r g b` (CSS colour 4 space-separated) of a series colour token. */
  rgb(token: string): string;
  grid: string;
  text: string;
  muted: string;
  /** The chart's background, `#rrggbb`. */
  surface: string;
  font: string;
}

export type SeriesPalette = Readonly<Record<ColourToken, string>>;

/** dstat2graphs' palette, as `r g b`. */
export const SERIES_RGB: Readonly<Record<ThemeName, SeriesPalette>> = {
  light: {
    blue: '18 128 226',
    magenta: '224 32 160',
    yellow: '196 178 0',
    purple: '150 40 225',
    orange: '240 140 20',
    green: '46 160 67',
    cyan: '0 166 190',
    red: '210 50 50',
    brown: '140 90 50',
    grey: '128 128 128',
  },
  dark: {
    blue: '64 160 255',
    magenta: '245 90 190',
    yellow: '226 210 60',
    purple: '180 120 255',
    orange: '255 160 60',
    green: '80 200 110',
    cyan: '50 200 220',
    red: '255 100 100',
    brown: '200 150 100',
    grey: '160 166 175',
  },
};

/** The page's `--chart-grid`, `--chart-text`, `--muted`, `--surface` of each theme. */
const CHROME: Readonly<Record<ThemeName, Pick<ChartTheme, 'grid' | 'text' | 'muted' | 'surface'>>> = {
  light: { grid: 'rgb(0 0 0 / 0.07)', text: '#4a525c', muted: '#5b6470', surface: '#ffffff' },
  dark: { grid: 'rgb(255 255 255 / 0.09)', text: '#b7bec7', muted: '#a1a9b3', surface: '#1a1e24' },
};

/** The page's `--font-sans`; the server draws with the first of these it has (DejaVu Sans at worst). */
export const CHART_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

export function chartTheme(name: ThemeName, font = CHART_FONT): ChartTheme {
  const palette = SERIES_RGB[name];
  return {
    name,
    rgb: (token) => (palette as Record<string, string>)[token] ?? palette.grey,
    ...CHROME[name],
    font,
  };
}

/** `r g b` at `alpha` over a `#rrggbb` background, as an opaque CSS colour. */
export function blend(rgb: string, alpha: number, background: string): string {
  const [r, g, b] = rgb.split(/\s+/).map(Number);
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background.trim());
  if (!m || r === undefined || g === undefined || b === undefined) return `rgb(${rgb} / ${alpha})`;
  const bg = [1, 2, 3].map((i) => parseInt(m[i]!, 16));
  const mix = (c: number, k: number): number => Math.round(c * alpha + bg[k]! * (1 - alpha));
  return `rgb(${mix(r, 0)} ${mix(g, 1)} ${mix(b, 2)})`;
}
