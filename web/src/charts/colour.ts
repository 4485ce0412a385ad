/** Colour arithmetic for the charts, pure. */

/** `r g b` at `alpha` over a `#rrggbb` background, as an opaque CSS colour. */
export function blend(rgb: string, alpha: number, background: string): string {
  const [r, g, b] = rgb.split(/\s+/).map(Number);
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background.trim());
  if (!m || r === undefined || g === undefined || b === undefined) return `rgb(${rgb} / ${alpha})`;
  const bg = [1, 2, 3].map((i) => parseInt(m[i]!, 16));
  const mix = (c: number, k: number): number => Math.round(c * alpha + bg[k]! * (1 - alpha));
  return `rgb(${mix(r, 0)} ${mix(g, 1)} ${mix(b, 2)})`;
}

