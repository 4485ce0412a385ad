/**
 * Run-length windows over a per-sample condition. A sample is a row of the run (since-boot row excluded);
 * a sample stands for the interval that ends at its time, so a window of rows a…b covers
 * (t[a] − interval, t[b]] in seconds from the run's first sample (clamped at 0).
 *
 * Tolerance: one sample where the condition fails between two where it holds does not break a window (a
 * single-sample dip is dstat's sampling jitter, not the end of a situation); two in a row do. A window
 * never spans a sampling gap (a time step over twice the interval): what happened there is unknown.
 */

/** Row ranges [a, b] (inclusive) of a run whose condition holds, after the single-sample tolerance. */
export interface RowRange {
  a: number;
  b: number;
}

/** Consecutive false samples bridged inside a window. */
export const DIP_TOLERANCE = 1;

/**
 * Ranges of rows where `cond[i]` is set, dips of up to DIP_TOLERANCE samples bridged, never across a time
 * step over `maxStepS` (`t` in seconds).
 */
export function conditionRanges(cond: Uint8Array, t: Float64Array, maxStepS: number, tolerance = DIP_TOLERANCE): RowRange[] {
  const out: RowRange[] = [];
  let a = -1;
  let last = -1;
  for (let i = 0; i < cond.length; i++) {
    const broken = i > 0 && !(t[i]! - t[i - 1]! <= maxStepS);
    if (a >= 0 && (broken || i - last > tolerance + 1)) {
      out.push({ a, b: last });
      a = -1;
    }
    if (cond[i]) {
      if (a < 0) a = i;
      last = i;
    }
  }
  if (a >= 0) out.push({ a, b: last });
  return out;
}

/** Seconds a row range covers: from the start of its first sample's interval to its last sample. */
export function rangeSeconds(r: RowRange, t: Float64Array, intervalS: number): number {
  return t[r.b]! - t[r.a]! + intervalS;
}

/** A row range as a finding's window in seconds from the run's first sample. */
export function rangeWindow(r: RowRange, t: Float64Array, intervalS: number): { from: number; to: number } {
  return { from: round1(Math.max(0, t[r.a]! - intervalS)), to: round1(t[r.b]!) };
}

/** Ranges of at least `minS` seconds. */
export function longEnough(ranges: readonly RowRange[], t: Float64Array, intervalS: number, minS: number): RowRange[] {
  return ranges.filter((r) => rangeSeconds(r, t, intervalS) >= minS - 1e-9);
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
