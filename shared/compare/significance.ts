/**
 * Whether a change of a series' mean between two runs is told apart from the runs' own fluctuation, for
 * time series whose samples are not independent (docs/compare.md "Significance").
 *
 * Method: per run, the standard error of its mean from an effective sample size. Successive 1-s samples
 * are correlated (a busy second is followed by a busy second), so n samples carry the information of
 * fewer independent ones: for a first-order autoregressive process with lag-1 autocorrelation r,
 * n_eff = n · (1 − r) / (1 + r) (r estimated from the samples with Kendall's small-sample correction
 * r + (1 + 4r) / n, taken as 0 when negative so that n_eff ≤ n).
 * The interval of Δavg = avg(run) − avg(baseline) is Δ ± t(0.975, ν) · √(se₁² + se₂²), ν by
 * Welch–Satterthwaite on the effective sizes. A change is significant when that 95 % interval excludes 0
 * and |Δavg| is at least `minChange` % of the baseline's mean (a practical threshold: a real but tiny
 * change is not worth a row); a run with fewer than MIN_SAMPLES samples or MIN_EFFECTIVE effective ones has
 * too few to say.
 */

/** The uncertainty of one run's mean of one series. */
export interface MeanUncertainty {
  /** Samples with a value. */
  n: number;
  /** Effective number of independent samples, n · (1 − r) / (1 + r); ≤ n. */
  nEff: number;
  /** Standard error of the mean, in the series' unit: s / √n_eff (s: sample standard deviation). */
  se: number;
}

/** What the interval of a change says. */
export type Verdict = 'significant' | 'noise' | 'too-few';

/** Default practical threshold, % of the baseline's mean. */
export const DEFAULT_MIN_CHANGE = 5;

/** Fewer samples than this in either run: too few to say. */
export const MIN_SAMPLES = 5;
/** Fewer effective samples than this in either run: too few to say. */
export const MIN_EFFECTIVE = 2;

export const SIGNIFICANCE_METHOD =
  '95 % interval of Δavg with each run’s effective sample size from its lag-1 autocorrelation; significant when it excludes 0 and |Δavg| ≥ the minimum change';

/**
 * n, n_eff and the standard error of the mean of the finite samples of values[from, to). Gaps (NaN) are
 * skipped; the autocorrelation uses only pairs of neighbouring rows that both have a value.
 */
export function meanUncertainty(values: ArrayLike<number>, from: number, to: number, mean: number): MeanUncertainty {
  let n = 0;
  let ss = 0;
  let lag = 0;
  let prev = NaN;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v !== v) {
      prev = NaN;
      continue;
    }
    const d = v - mean;
    n++;
    ss += d * d;
    if (prev === prev) lag += prev * d;
    prev = d;
  }
  if (n === 0) return { n: 0, nEff: 0, se: 0 };
  // The sample autocorrelation is biased low by about (1 + 4r) / n (Kendall): corrected, so that short runs
  // are not taken for more independent than they are.
  const raw = ss > 0 ? lag / ss : 0;
  const r = ss > 0 ? Math.max(0, Math.min(raw + (1 + 4 * Math.max(0, raw)) / n, 0.999)) : 0;
  const nEff = Math.min(n, (n * (1 - r)) / (1 + r));
  const variance = n > 1 ? ss / (n - 1) : 0;
  return { n, nEff, se: nEff > 0 ? Math.sqrt(variance / nEff) : 0 };
}

/** The 95 % interval of Δ = run − base of two means with these uncertainties. */
export function changeInterval(change: number, base: MeanUncertainty, run: MeanUncertainty): [number, number] {
  const va = base.se * base.se;
  const vb = run.se * run.se;
  const se = Math.sqrt(va + vb);
  if (se === 0) return [change, change];
  // Degrees of freedom at least 1 each, so that the interval stays finite (runs with fewer effective
  // samples than MIN_EFFECTIVE get the verdict too-few whatever it is).
  const den = (va * va) / Math.max(1, base.nEff - 1) + (vb * vb) / Math.max(1, run.nEff - 1);
  const df = ((va + vb) * (va + vb)) / den;
  const half = tQuantile975(df) * se;
  return [change - half, change + half];
}

/**
 * The verdict on a change with its interval: too few samples, significant (interval excludes 0 and the change
 * is at least minChange % of the baseline's mean; any change from a mean of 0), or within noise.
 */
export function verdictOf(
  change: number,
  interval: readonly [number, number],
  baseMean: number,
  base: MeanUncertainty,
  run: MeanUncertainty,
  minChange: number,
): Verdict {
  if (base.n < MIN_SAMPLES || run.n < MIN_SAMPLES || base.nEff < MIN_EFFECTIVE || run.nEff < MIN_EFFECTIVE) return 'too-few';
  const excludesZero = interval[0] > 0 || interval[1] < 0;
  const bigEnough = baseMean === 0 ? change !== 0 : (Math.abs(change) / Math.abs(baseMean)) * 100 >= minChange;
  return excludesZero && bigEnough ? 'significant' : 'noise';
}

/** Student's t two-sided 95 % critical values for 1 to 4 degrees of freedom. */
const T_SMALL = [Infinity, 12.7062, 4.3027, 3.1824, 2.7764];

/**
 * The 0.975 quantile of Student's t with df degrees of freedom (df may be fractional, as Welch's is): a
 * table up to 4 (linear between whole degrees), the Cornish–Fisher expansion beyond (error < 1e-3).
 */
export function tQuantile975(df: number): number {
  const z = 1.959963985;
  if (!(df > 0)) return Infinity;
  if (df === Infinity) return z;
  if (df < 4) {
    if (df < 1) return T_SMALL[1]!; // Not reached from changeInterval (ν ≥ 1).
    const lo = Math.floor(df);
    const f = df - lo;
    return T_SMALL[lo]! + f * (T_SMALL[lo + 1]! - T_SMALL[lo]!);
  }
  const z2 = z * z;
  const g1 = (z2 * z + z) / 4;
  const g2 = (5 * z2 * z2 * z + 16 * z2 * z + 3 * z) / 96;
  const g3 = (3 * z2 * z2 * z2 * z + 19 * z2 * z2 * z + 17 * z2 * z - 15 * z) / 384;
  const g4 = (79 * z2 ** 4 * z + 776 * z2 ** 3 * z + 1482 * z2 * z2 * z - 1920 * z2 * z - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}
