/**
 * Min-max reduction for drawing: a series of 86 400 one-second samples shown 800 pixels wide keeps, for each
 * pixel column, the smallest and the largest sample in it (in time order). Every peak a reader could see in
 * the full data is still drawn, while the chart library gets ~1 600 points instead of 86 400.
 *
 * Gaps stay gaps. A NaN sample (empty cell, dead metric source) and a time step longer than `maxStepMs`
 * (missed ticks: dstat fell behind for several seconds) end the line; the output then carries a break point
 * (y = NaN) so no line is drawn across. Columns are never merged across a gap.
 *
 * The selection is made on row indices, so the drawn points are real samples (a tooltip can show the row),
 * and several series can be drawn at the same rows: stacked areas pick their rows from the stack's top
 * (the total), then every band is drawn at those rows, which keeps the stack exact.
 *
 * Statistics are never computed from this output (see stats.ts): they use the raw samples of the window.
 */
import { lowerBound, upperBound, type TimeWindow } from './window.js';

export interface ReduceOptions extends TimeWindow {
  /** Pixel columns of the plot area; the output has at most about 2 points per column. */
  width: number;
  /** A step between consecutive rows longer than this (ms) is a gap. Default: never. */
  maxStepMs?: number;
  /**
   * Each sample stands for the interval of this length (ms) that ends at its time (dstat rates are averages
   * over the last interval). When > 0, the first point of every line piece gets a copy at `t − stepMs`, so
   * a lone sample between two gaps is drawn as a step of its interval instead of an invisible point.
   */
  stepMs?: number;
  /** First row to use (1 leaves out dstat's since-boot first row). Default 0. */
  firstRow?: number;
  /** Row after the last one to use. Default: every row. */
  endRow?: number;
  /**
   * For areas filled down to zero: keep per column only its largest sample (and its smallest as well when
   * that is below zero). The fill covers everything under the largest, so nothing visible is lost, while
   * the outline no longer plunges to each column's minimum and back: a filled 100k-row series costs the
   * canvas a fraction of the rasterisation (in Chromium, a few ms per chart instead of ~20).
   */
  envelope?: boolean;
}

/** Points to draw: x (ms), y (NaN = break), and the source row of each point (-1 for a break). */
export interface Reduced {
  x: Float64Array;
  y: Float64Array;
  rows: Int32Array;
}

/** Marks a break in the row lists returned by `selectRows`. */
export const BREAK = -1;

/**
 * The gap threshold for a run sampled every `intervalMs`: a step over 2.5 intervals (at least two missed
 * ticks in a row) breaks the line; a single late or missed tick does not.
 */
export function gapThresholdMs(intervalMs: number): number {
  return intervalMs > 0 && Number.isFinite(intervalMs) ? intervalMs * 2.5 : Infinity;
}

/**
 * Rows to draw for `values` in the window, in time order, with BREAK (-1) between line pieces. Includes the
 * nearest row on each side of the window (unless a gap separates it) so lines reach the plot's edges.
 * When the window holds no more than 2 rows per pixel column, every row is kept.
 */
export function selectRows(time: ArrayLike<number>, values: ArrayLike<number>, options: ReduceOptions): Int32Array {
  const { t0, t1 } = options;
  const width = Math.max(1, Math.floor(options.width));
  const maxStep = options.maxStepMs ?? Infinity;
  const first = Math.max(0, options.firstRow ?? 0);
  const end = Math.min(time.length, values.length, options.endRow ?? time.length);
  if (end <= first || !(t1 >= t0)) return new Int32Array(0);

  // The window's rows plus one neighbour on each side.
  const from = Math.max(first, lowerBound(time, t0, first, end) - 1);
  const to = Math.min(end, upperBound(time, t1, first, end) + 1);
  const count = to - from;
  if (count <= 0) return new Int32Array(0);

  const passThrough = count <= 2 * width;
  const span = t1 - t0 || 1;
  // At most 2 rows per column (+ the two outside neighbours' columns), each preceded by at most one break.
  const out = new Int32Array(passThrough ? 2 * count + 1 : 2 * (2 * (width + 2)) + 1);
  let n = 0;
  let pendingBreak = false;

  let bucket = NaN;
  let minRow = -1;
  let maxRow = -1;

  const emit = (row: number): void => {
    if (pendingBreak && n > 0) out[n++] = BREAK;
    pendingBreak = false;
    out[n++] = row;
  };
  const envelope = options.envelope === true;
  const flush = (): void => {
    if (minRow < 0) return;
    if (envelope && !(values[minRow]! < 0)) emit(maxRow);
    else if (minRow === maxRow) emit(minRow);
    else if (minRow < maxRow) {
      emit(minRow);
      emit(maxRow);
    } else {
      emit(maxRow);
      emit(minRow);
    }
    minRow = -1;
    maxRow = -1;
  };

  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v !== v) {
      flush();
      pendingBreak = true;
      continue;
    }
    const t = time[i]!;
    if (i > from) {
      const step = t - time[i - 1]!;
      if (step > maxStep || step < 0) {
        flush();
        pendingBreak = true;
      }
    }
    if (passThrough) {
      emit(i);
      continue;
    }
    // Column of the sample; the neighbours outside the window get columns of their own (-1 and width).
    const b = t < t0 ? -1 : t > t1 ? width : Math.min(width - 1, Math.floor(((t - t0) / span) * width));
    if (b !== bucket) {
      flush();
      bucket = b;
    }
    if (minRow < 0) {
      minRow = i;
      maxRow = i;
    } else {
      if (v < values[minRow]!) minRow = i;
      if (v > values[maxRow]!) maxRow = i;
    }
  }
  flush();
  return out.slice(0, n);
}

/**
 * The points for `rows` (from `selectRows`), taking y from `values`. Breaks are placed halfway between their
 * neighbours so x stays increasing; see `ReduceOptions.stepMs` for the lead-in points.
 */
export function pointsAt(
  time: ArrayLike<number>,
  values: ArrayLike<number>,
  rows: Int32Array,
  stepMs = 0,
): Reduced {
  const cap = rows.length * 2;
  const x = new Float64Array(cap);
  const y = new Float64Array(cap);
  const src = new Int32Array(cap);
  let n = 0;
  let pieceStart = true;
  let pendingBreak = false;
  const push = (px: number, py: number, row: number): void => {
    x[n] = px;
    y[n] = py;
    src[n] = row;
    n++;
  };
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    if (row < 0) {
      pendingBreak = n > 0;
      pieceStart = true;
      continue;
    }
    const t = time[row]!;
    const v = values[row]!;
    let firstX = t;
    const lead = pieceStart && stepMs > 0 && (n === 0 || t - stepMs > x[n - 1]!);
    if (lead) firstX = t - stepMs;
    if (pendingBreak) push((x[n - 1]! + firstX) / 2, NaN, BREAK);
    if (lead) push(firstX, v, row);
    push(t, v, row);
    pieceStart = false;
    pendingBreak = false;
  }
  return { x: x.slice(0, n), y: y.slice(0, n), rows: src.slice(0, n) };
}

/** Min-max reduction of one series to about 2 points per pixel column (see the module comment). */
export function reduceMinMax(time: ArrayLike<number>, values: ArrayLike<number>, options: ReduceOptions): Reduced {
  return pointsAt(time, values, selectRows(time, values, options), options.stepMs ?? 0);
}

/**
 * Cumulative sums of stacked bands, bottom first: tops[k][i] = bands[0][i] + … + bands[k][i]. A row where
 * any band is NaN is NaN in every top (a gap for the whole stack, never a band drawn on a missing floor).
 * Computed once per chart; the window only changes which rows are drawn.
 */
export function stackBands(bands: readonly ArrayLike<number>[], length?: number): Float64Array[] {
  const n = length ?? (bands.length > 0 ? Math.min(...bands.map((b) => b.length)) : 0);
  const tops = bands.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let k = 0; k < bands.length; k++) {
      sum += bands[k]![i]!; // NaN propagates
      tops[k]![i] = sum;
    }
    if (sum !== sum) for (let k = 0; k < bands.length; k++) tops[k]![i] = NaN;
  }
  return tops;
}

/**
 * Reduce a stack consistently: the rows are chosen on the top of the stack (its total: its spikes stay
 * visible), and every band's top is drawn at those same rows, so all bands share x and the fills between
 * them are exact. `tops` comes from `stackBands`.
 */
export function reduceStacked(
  time: ArrayLike<number>,
  tops: readonly Float64Array[],
  options: ReduceOptions,
): Reduced[] {
  const total = tops[tops.length - 1];
  if (!total) return [];
  const rows = selectRows(time, total, options);
  return tops.map((top) => pointsAt(time, top, rows, options.stepMs ?? 0));
}
