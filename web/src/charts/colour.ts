/** Contrast arithmetic for the page's colours (WCAG 2), pure. The chart palette itself: shared/chart/theme.ts. */

/** `#rrggbb` or `r g b` (the series custom properties) as [r, g, b] 0–255; null when neither. */
export function parseRgb(colour: string): [number, number, number] | null {
  const text = colour.trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const parts = text.split(/\s+/).map(Number);
  if (parts.length === 3 && parts.every((v) => Number.isFinite(v) && v >= 0 && v <= 255)) return parts as [number, number, number];
  return null;
}

/** WCAG 2 relative luminance of an sRGB colour (0 black – 1 white). */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * WCAG 2 contrast ratio of two colours (1–21). Lines, swatches and control borders need 3:1 against what
 * they are drawn on (WCAG 1.4.11, non-text contrast).
 */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
