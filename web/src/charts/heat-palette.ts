/** The heatmap's colours, pure: a square-root scale of busy % onto a sequential palette per theme. */

/**
 * Palette position of a busy % (0–100): on a square-root scale, so that the 1–10 % of a mostly idle
 * machine still shows while 100 % stays the top (25 % is mid-way).
 */
export function colourIndex(busy: number): number {
  return Math.max(0, Math.min(255, Math.round(Math.sqrt(Math.max(0, busy) / 100) * 255)));
}

/** Busy % at a palette position (the inverse of colourIndex), for the legend. */
export const SCALE_TICKS = [0, 5, 25, 50, 100];

/** Colour of a palette position (0–255) as packed ABGR for ImageData, per theme. */
export function palette(dark: boolean): Uint32Array {
  const stops: [number, number, number, number][] = dark
    ? [
        [0, 33, 38, 46],
        [0.25, 62, 48, 120],
        [0.5, 168, 56, 110],
        [0.75, 238, 122, 52],
        [1, 252, 232, 140],
      ]
    : [
        [0, 246, 247, 243],
        [0.25, 253, 224, 130],
        [0.5, 246, 150, 40],
        [0.75, 204, 62, 36],
        [1, 96, 16, 24],
      ];
  const lut = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const f = i / 255;
    let k = 0;
    while (k < stops.length - 2 && f > stops[k + 1]![0]) k++;
    const [f0, r0, g0, b0] = stops[k]!;
    const [f1, r1, g1, b1] = stops[k + 1]!;
    const u = (f - f0) / (f1 - f0);
    const r = Math.round(r0 + (r1 - r0) * u);
    const g = Math.round(g0 + (g1 - g0) * u);
    const b = Math.round(b0 + (b1 - b0) * u);
    lut[i] = (255 << 24) | (b << 16) | (g << 8) | r;
  }
  return lut;
}

/** CSS gradient of the palette, for the legend. */
export function paletteGradient(dark: boolean): string {
  const lut = palette(dark);
  const stops = [0, 64, 128, 191, 255].map((i) => {
    const c = lut[i]!;
    return `rgb(${c & 255} ${(c >> 8) & 255} ${(c >> 16) & 255}) ${Math.round((i / 255) * 100)}%`;
  });
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

