/**
 * The y axis is a fixed width (Y_AXIS_WIDTH) so that the time axes of a page line up: every label the axis
 * can carry must fit in it, measured with the font the server's images are drawn in (@napi-rs/canvas, the
 * same text metrics as the page's DejaVu Sans / system-ui at 11 px, the theme's font size). The old 54 px
 * clipped "768 MiB".
 */
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { Y_AXIS_WIDTH } from '../../../shared/chart/line-config.js';
import { byteAxisLabels, niceTicks } from '../../../shared/chart/ticks.js';
import { formatAxisValue } from '../../../shared/format/number.js';
import { CHART_FONT } from '../../../shared/chart/theme.js';

/** Chart.js' y axis beside its labels: the tick marks (grid.tickLength 8) and the labels' padding (3). */
const AXIS_CHROME_PX = 8 + 3;

function widest(labels: readonly string[]): { label: string; width: number } {
  const g = createCanvas(10, 10).getContext('2d');
  g.font = `11px ${CHART_FONT}`;
  let best = { label: '', width: 0 };
  for (const label of labels) {
    const width = g.measureText(label).width;
    if (width > best.width) best = { label, width };
  }
  return best;
}

/**
 * Every axis top in small steps, 2 to 8 ticks: the labels an axis can show (bytes up to 1 PiB; other units,
 * counts and rates, up to 10^12).
 */
function axisLabels(kind: 'binary' | 'decimal'): string[] {
  const out = new Set<string>();
  for (let top = 1; top < (kind === 'binary' ? 2 ** 50 : 1e12); top *= 1.07) {
    for (let count = 2; count <= 8; count++) {
      const ticks = niceTicks(0, top, count, kind);
      for (const l of kind === 'binary' ? byteAxisLabels(ticks) : ticks.map(formatAxisValue)) out.add(l);
    }
  }
  return [...out];
}

describe('y axis width', () => {
  it.each(['binary', 'decimal'] as const)('fits every %s tick label', (kind) => {
    const w = widest(axisLabels(kind));
    expect(w.width + AXIS_CHROME_PX, `"${w.label}" is ${w.width.toFixed(1)} px`).toBeLessThanOrEqual(Y_AXIS_WIDTH);
  });

  it('fits the label the old width clipped', () => {
    expect(widest(['768 MiB']).width + AXIS_CHROME_PX).toBeLessThanOrEqual(Y_AXIS_WIDTH);
  });
});
