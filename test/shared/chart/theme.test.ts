import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERIES_RGB } from '../../../shared/chart/theme.js';

/** `--series-NAME: r g b;` declarations of one CSS block. */
function seriesVars(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--series-(\w+):\s*([\d ]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

describe('chart palette', () => {
  it("is the page's CSS series colours, light and dark (server images look like the page)", () => {
    const css = readFileSync(new URL('../../../web/src/styles.css', import.meta.url), 'utf8');
    const dark = css.indexOf("html[data-theme='dark']");
    expect(dark).toBeGreaterThan(0);
    expect(seriesVars(css.slice(0, dark))).toEqual(SERIES_RGB.light);
    expect(seriesVars(css.slice(dark, css.indexOf('}', dark)))).toEqual(SERIES_RGB.dark);
  });
});
