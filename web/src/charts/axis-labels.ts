/**
 * Where a chart's x-axis labels were drawn, for the figure's `data-x-label-boxes` (docs/ui-contract.md §1):
 * each label's left and right edge in canvas CSS px, as `L-R` comma-separated in tick order (ticks without a
 * label left out), measured with the font the labels are drawn in. Browser tests read it to check that no two labels overlap at any width.
 */
import type { Scale } from 'chart.js';

/** The boxes of a Chart.js x scale's tick labels (centred on their ticks, as maxRotation 0 draws them). */
export function chartLabelBoxes(scale: Scale, font: string): string {
  const g = scale.ctx;
  g.save();
  g.font = font;
  const boxes: string[] = [];
  scale.ticks.forEach((t, i) => {
    const lines = (Array.isArray(t.label) ? t.label : [t.label]).map((l) => String(l ?? ''));
    // A tick without a label (shared/chart/time-axis.ts labels only those there is room for) has no box.
    if (lines.every((l) => l === '')) return;
    boxes.push(centred(scale.getPixelForTick(i), Math.max(...lines.map((l) => g.measureText(l).width))));
  });
  g.restore();
  return boxes.join(',');
}

/** A label of `width` px centred on `x`, as `L-R` to a tenth of a px. */
export function centred(x: number, width: number): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  return `${r(x - width / 2)}-${r(x + width / 2)}`;
}
