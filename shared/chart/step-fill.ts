/**
 * The fill under a stepped line down to the axis (datasets with `stepFill`), drawn in one pass over
 * its points instead of Chart.js' Filler, which interpolates every segment's ends along the whole line
 * (O(points × gaps) per dataset: a quarter of a wide chart's draw on a log with a few dozen gaps).
 *
 * The same shape as the Filler's: each unbroken run of points (a NaN point is a break, `spanGaps: false`)
 * is outlined as Chart.js strokes a `stepped: 'after'` line — from the previous point's x at the new
 * value, then to the new point — closed down to the scale's base value (0 on a zero-based axis), clipped
 * to the chart area, filled with the dataset's backgroundColor before the dataset's line is drawn (so the
 * datasets drawn later, the lower bands, paint over it as with the Filler). test/shared/chart/step-fill.test.ts
 * compares it with the Filler's `fill: 'origin'`, pixel for pixel, on every fixture.
 */
import type { Chart, Plugin } from 'chart.js';
import type { LineDataset } from './line-data.js';

interface XY {
  x: number;
  y: number;
  skip?: boolean;
}

export const stepFillPlugin: Plugin<'line'> = {
  id: 'dvStepFill',
  beforeDatasetDraw(chart: Chart<'line'>, args) {
    const dataset = chart.data.datasets[args.index] as LineDataset | undefined;
    const y = chart.scales['y'];
    if (!dataset?.stepFill || !y || args.meta.hidden) return;
    const points = args.meta.data as unknown as XY[];
    const area = chart.chartArea;
    const base = y.getPixelForValue(y.getBaseValue());
    const g = chart.ctx;
    g.save();
    g.beginPath();
    g.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
    g.clip();
    g.fillStyle = dataset.backgroundColor as string;
    const stepped = dataset.stepped === 'after';
    // Each unbroken run as the Filler draws it: clipped to its own x range, outlined from its first point
    // along the steps, down to the base at its last point, back along the base, closed.
    let first = -1;
    const fillRun = (from: number, to: number): void => {
      const a = points[from]!;
      const b = points[to]!;
      g.save();
      g.beginPath();
      g.rect(a.x, area.top, b.x - a.x, area.bottom - area.top);
      g.clip();
      g.beginPath();
      g.moveTo(a.x, a.y);
      for (let i = from + 1; i <= to; i++) {
        const p = points[i]!;
        if (stepped) g.lineTo(points[i - 1]!.x, p.y);
        g.lineTo(p.x, p.y);
      }
      g.lineTo(b.x, base);
      g.lineTo(a.x, base);
      g.closePath();
      g.fill();
      g.restore();
    };
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const broken = p.skip || !Number.isFinite(p.y);
      if (!broken && first < 0) first = i;
      if (broken && first >= 0) {
        fillRun(first, i - 1);
        first = -1;
      }
    }
    if (first >= 0) fillRun(first, points.length - 1);
    g.restore();
  },
};
