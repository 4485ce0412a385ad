/**
 * Non-text contrast (WCAG 1.4.11) of the real stylesheet: every series colour against the chart surface and
 * every control border against the page and the surface reach 3:1, in the light and the dark theme.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseRgb } from '../../../web/src/charts/colour.js';
import { FALLBACK_COLOURS } from '../../../shared/catalogue/index.js';

const css = readFileSync(new URL('../../../web/src/styles.css', import.meta.url), 'utf8');

/** The custom properties of the first rule with this selector. */
function properties(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector} in styles.css`);
  const body = css.slice(start, css.indexOf('}', start));
  const out = new Map<string, string>();
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out.set(m[1]!, m[2]!.trim());
  return out;
}

const light = properties(':root');
const themes = { light, dark: new Map([...light, ...properties("html[data-theme='dark']")]) };

function colour(props: Map<string, string>, name: string): [number, number, number] {
  const value = props.get(name);
  const rgb = value === undefined ? null : parseRgb(value);
  if (!rgb) throw new Error(`${name} is not a plain colour: ${value}`);
  return rgb;
}

describe('contrast of the palette (styles.css)', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
    // The yellow and orange of dstat2graphs' palette, which this test exists to keep out.
    expect(contrastRatio([196, 178, 0], [255, 255, 255])).toBeLessThan(3);
    expect(contrastRatio([240, 140, 20], [255, 255, 255])).toBeLessThan(3);
  });

  for (const [name, props] of Object.entries(themes)) {
    it(`${name}: every series colour is 3:1 against the chart surface`, () => {
      const surface = colour(props, '--surface');
      const tokens = new Set([...FALLBACK_COLOURS, 'blue', 'magenta', 'yellow', 'purple', 'orange', 'green', 'cyan', 'red', 'brown', 'grey']);
      const low = [...tokens]
        .map((t) => ({ t, ratio: contrastRatio(colour(props, `--series-${t}`), surface) }))
        .filter((x) => x.ratio < 3)
        .map((x) => `${x.t} ${x.ratio.toFixed(2)}:1`);
      expect(low).toEqual([]);
    });

    it(`${name}: control borders are 3:1 against the page and the surface`, () => {
      const border = colour(props, '--control-border');
      for (const bg of ['--bg', '--surface']) {
        expect(contrastRatio(border, colour(props, bg)), `--control-border on ${bg}`).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
