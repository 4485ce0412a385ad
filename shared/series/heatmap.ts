/**
 * Binning for a heatmap (time × series, e.g. busy % of each of 192 CPUs): one cell per pixel column and
 * series. A cell is the mean of the samples whose time falls in its column (a, b]; when the window is zoomed in
 * so far that a column holds no sample, the cell takes the sample whose interval covers the column's centre
 * (each dstat sample is the average over the interval that ends at its time). Gaps stay gaps: a column in a
 * run of missed ticks, or whose samples are all empty, is NaN.
 */
import { lowerBound, upperBound } from './window.js';

export interface HeatmapOptions {
  t0: number;
  t1: number;
  /** Pixel columns. */
  columns: number;
  /** First row to use (1 leaves out dstat's since-boot row). Default 0. */
  firstRow?: number;
  /** Row after the last one to use. Default: every row. */
  endRow?: number;
  /** A step between rows longer than this (ms) is a gap: no sample covers it. Default: never. */
  maxStepMs?: number;
  /** Interval covered by the first row kept (its predecessor is unknown). Default 0. */
  stepMs?: number;
}

export interface HeatmapGrid {
  columns: number;
  rows: number;
  /** rows × columns, row-major (values[r * columns + c]); NaN = no data. */
  values: Float32Array;
}

export function heatmapGrid(time: ArrayLike<number>, series: readonly ArrayLike<number>[], options: HeatmapOptions): HeatmapGrid {
  const columns = Math.max(1, Math.floor(options.columns));
  const rows = series.length;
  const values = new Float32Array(rows * columns).fill(NaN);
  const first = Math.max(0, options.firstRow ?? 0);
  const end = Math.min(time.length, options.endRow ?? time.length);
  const { t0, t1 } = options;
  const span = t1 - t0;
  if (end <= first || !(span > 0)) return { columns, rows, values };
  const maxStep = options.maxStepMs ?? Infinity;

  // Rows of each column c, (a, b]: [starts[c], starts[c + 1]). A sample is the average over the interval
  // that ends at its time, so it belongs to the column that holds that end (as the line charts draw it).
  const starts = new Int32Array(columns + 1);
  let row = upperBound(time, t0, first, end);
  for (let c = 0; c < columns; c++) {
    starts[c] = row;
    const b = c === columns - 1 ? t1 : t0 + ((c + 1) / columns) * span;
    while (row < end && time[row]! <= b) row++;
  }
  starts[columns] = row;

  // Empty columns: the row whose interval (time − its step, time] covers the column's centre, or -1.
  const covering = new Int32Array(columns).fill(-1);
  for (let c = 0; c < columns; c++) {
    if (starts[c + 1]! > starts[c]!) continue;
    const mid = t0 + ((c + 0.5) / columns) * span;
    const next = lowerBound(time, mid, first, end);
    if (next >= end) continue;
    const step = next > first ? time[next]! - time[next - 1]! : (options.stepMs ?? 0);
    if (step > maxStep || step < 0) continue;
    if (time[next]! - step <= mid) covering[c] = next;
  }

  // Series by series, so that each one is read in order.
  for (let s = 0; s < rows; s++) {
    const v = series[s]!;
    const base = s * columns;
    for (let c = 0; c < columns; c++) {
      const from = starts[c]!;
      const to = starts[c + 1]!;
      if (to > from) {
        let sum = 0;
        let count = 0;
        for (let i = from; i < to; i++) {
          const x = v[i]!;
          if (x === x) {
            sum += x;
            count++;
          }
        }
        if (count > 0) values[base + c] = sum / count;
      } else if (covering[c]! >= 0) {
        const x = v[covering[c]!]!;
        if (x === x) values[base + c] = x;
      }
    }
  }
  return { columns, rows, values };
}
