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
 *
 * A dataset with `denseFill` (a window with more samples than the plot has pixel columns) is filled a device
 * pixel column at a time instead (fillColumns: rectangles on pixel edges, no seams, no clip): the same shape
 * to within a device pixel sideways, every peak kept, while the canvas fills an outline of thousands of
 * vertical steps as a polygon, ~5–12 ms per band on a 1 300 px plot in Chromium, the rectangles in ~0.5 ms.
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
    if (dataset.denseFill && dataset.stepped === 'after') {
      fillColumns(g, points, area, base, chart.currentDevicePixelRatio || 1, dataset.backgroundColor as string);
      return;
    }
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

/**
 * Each step of a `stepped: 'after'` line (from the previous point's x to the point's, at the point's value)
 * filled down to `base`, a device pixel column at a time: each column from the highest to the lowest edge
 * of the steps that reach into it (so a step narrower than a pixel, a peak, still fills its column), within
 * `area`, as few rectangles as columns of equal extent allow. A break (NaN or skipped point) fills nothing
 * up to the next point, as the line draws nothing there.
 */
function fillColumns(
  g: Chart<'line'>['ctx'],
  points: readonly XY[],
  area: { left: number; right: number; top: number; bottom: number },
  base: number,
  ratio: number,
  colour: string,
): void {
  const left = area.left * ratio;
  const right = area.right * ratio;
  const clampY = (y: number): number => Math.max(area.top, Math.min(area.bottom, y));
  const low = clampY(base);
  g.save();
  g.fillStyle = colour;
  // The column being gathered (device px) and its extent (CSS px); then the run of equal columns pending.
  let col = -1;
  let top = 0;
  let bottom = 0;
  let runFrom = -1;
  let runTo = -1;
  let runTop = 0;
  let runBottom = 0;
  const emit = (): void => {
    if (runFrom >= 0 && runBottom > runTop) g.fillRect(runFrom / ratio, runTop, (runTo - runFrom) / ratio, runBottom - runTop);
    runFrom = -1;
  };
  const add = (from: number, to: number, t: number, b: number): void => {
    if (runFrom >= 0 && runTo === from && runTop === t && runBottom === b) {
      runTo = to;
      return;
    }
    emit();
    runFrom = from;
    runTo = to;
    runTop = t;
    runBottom = b;
  };
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const q = points[i - 1]!;
    if (p.skip || q.skip || !Number.isFinite(p.y) || !Number.isFinite(q.y)) continue;
    const a = Math.max(left, q.x * ratio);
    const b = Math.min(right, p.x * ratio);
    if (!(b > a)) continue;
    const y = clampY(p.y);
    const t = Math.min(y, low);
    const bt = Math.max(y, low);
    const c0 = Math.floor(a);
    const c1 = Math.ceil(b) - 1;
    if (c0 === col) {
      top = Math.min(top, t);
      bottom = Math.max(bottom, bt);
    } else {
      if (col >= 0) add(col, col + 1, top, bottom);
      col = c0;
      top = t;
      bottom = bt;
    }
    if (c1 > c0) {
      add(col, col + 1, top, bottom);
      if (c1 > c0 + 1) add(c0 + 1, c1, t, bt);
      col = c1;
      top = t;
      bottom = bt;
    }
  }
  if (col >= 0) add(col, col + 1, top, bottom);
  emit();
  g.restore();
}
