/**
 * Figures of one series of one run over its counted rows, and the change of a run against the baseline.
 *
 * NOISE_RULE: a change is within noise when |Δavg| ≤ σ, the population standard deviation of the
 * baseline's own raw samples over the same window: a shift of the mean smaller than the baseline's own
 * sample-to-sample spread is not told apart from it. (A constant baseline has σ = 0: any change counts.)
 */
import { windowStats } from '../series/window-stats.js';
import type { Delta, RunFigures } from './types.js';

export const NOISE_RULE = '|Δavg| ≤ standard deviation of the baseline over the window';

/** min/avg/p95/max (the report's own statistics, from raw samples) plus σ; null when no sample has a value. */
export function runFigures(values: ArrayLike<number>, from: number, to: number): RunFigures | null {
  const clean = finiteOnly(values, from, to);
  const st = windowStats(clean.values, clean.from, clean.to);
  if (!st) return null;
  return { count: st.count, min: st.min, avg: st.avg, p95: st.p95, max: st.max, sd: standardDeviation(clean.values, clean.from, clean.to, st.avg) };
}

/** The change of `run` against `base`. */
export function delta(base: RunFigures, run: RunFigures): Delta {
  const avg = run.avg - base.avg;
  return {
    avg,
    p95: run.p95 - base.p95,
    max: run.max - base.max,
    avgPct: percent(avg, base.avg),
    p95Pct: percent(run.p95 - base.p95, base.p95),
    maxPct: percent(run.max - base.max, base.max),
    withinNoise: Math.abs(avg) <= base.sd,
  };
}

function percent(change: number, of: number): number | null {
  return of === 0 ? null : (change / Math.abs(of)) * 100;
}

function standardDeviation(values: ArrayLike<number>, from: number, to: number, mean: number): number {
  let sum = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v === v) {
      sum += (v - mean) * (v - mean);
      n++;
    }
  }
  return n > 0 ? Math.sqrt(sum / n) : 0;
}

/** ±Infinity is a gap, as in the report's statistics (report-json.ts); copies only when there is one. */
function finiteOnly(values: ArrayLike<number>, from: number, to: number): { values: ArrayLike<number>; from: number; to: number } {
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v === Infinity || v === -Infinity) {
      const copy = new Float64Array(to - from);
      for (let j = from; j < to; j++) copy[j - from] = Number.isFinite(values[j]!) ? values[j]! : NaN;
      return { values: copy, from: 0, to: to - from };
    }
  }
  return { values, from, to };
}
