/**
 * Figures of one series of one run over its counted rows, and the change of a run against the baseline:
 * its interval and verdict by the time-series rule of significance.ts (SIGNIFICANCE_METHOD says it in words).
 */
import { windowStats } from '../series/window-stats.js';
import { changeInterval, DEFAULT_MIN_CHANGE, meanUncertainty, verdictOf } from './significance.js';
import type { Delta, RunFigures } from './types.js';


/**
 * min/avg/p95/max (the report's own statistics, from raw samples) plus σ and the mean's uncertainty (n_eff,
 * standard error); null when no sample has a value.
 */
export function runFigures(values: ArrayLike<number>, from: number, to: number): RunFigures | null {
  const clean = finiteOnly(values, from, to);
  const st = windowStats(clean.values, clean.from, clean.to);
  if (!st) return null;
  const u = meanUncertainty(clean.values, clean.from, clean.to, st.avg);
  return {
    count: st.count,
    min: st.min,
    avg: st.avg,
    p95: st.p95,
    max: st.max,
    sd: standardDeviation(clean.values, clean.from, clean.to, st.avg),
    nEff: u.nEff,
    se: u.se,
  };
}

/** The change of `run` against `base`; minChange: the practical threshold, % of the baseline's mean. */
export function delta(base: RunFigures, run: RunFigures, minChange = DEFAULT_MIN_CHANGE): Delta {
  const avg = run.avg - base.avg;
  const ub = { n: base.count, nEff: base.nEff, se: base.se };
  const ur = { n: run.count, nEff: run.nEff, se: run.se };
  const avgCi = changeInterval(avg, ub, ur);
  const verdict = verdictOf(avg, avgCi, base.avg, ub, ur, minChange);
  return {
    avg,
    p95: run.p95 - base.p95,
    max: run.max - base.max,
    avgPct: percent(avg, base.avg),
    p95Pct: percent(run.p95 - base.p95, base.p95),
    maxPct: percent(run.max - base.max, base.max),
    verdict,
    avgCi,
    withinNoise: verdict !== 'significant',
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
