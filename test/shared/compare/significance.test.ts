/**
 * The time-series rule of significance (shared/compare/significance.ts) on synthetic series with known
 * answers: first-order autoregressive (AR(1)) series of a known mean, drawn from a seeded generator, so
 * that how often the rule is wrong is counted, not guessed.
 */
import { describe, expect, it } from 'vitest';
import { delta, meanUncertainty, runFigures, tQuantile975 } from '../../../shared/compare/index.js';
import { normalFrom, uniform } from '../../helpers/random.js';

/** n samples of x(t) = mean + φ·(x(t−1) − mean) + ε, ε normal with sd `noise`, started in its stationary spread. */
function ar1(seed: number, n: number, mean: number, phi: number, noise: number): Float64Array {
  const normal = normalFrom(uniform(seed));
  const out = new Float64Array(n);
  let x = (normal() * noise) / Math.sqrt(1 - phi * phi);
  for (let i = 0; i < n; i++) {
    x = phi * x + noise * normal();
    out[i] = mean + x;
  }
  return out;
}

const SEEDS = 1000;

/** How many of SEEDS pairs of independent AR(1) series (means `meanA`, `meanB`) get each verdict. */
function verdicts(meanA: number, meanB: number, phi: number, n: number, minChange?: number) {
  const count = { significant: 0, noise: 0, 'too-few': 0 };
  let covered = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const a = runFigures(ar1(seed * 2, n, meanA, phi, 10), 0, n)!;
    const b = runFigures(ar1(seed * 2 + 1, n, meanB, phi, 10), 0, n)!;
    const d = delta(a, b, minChange);
    count[d.verdict]++;
    if (d.avgCi[0] <= meanB - meanA && meanB - meanA <= d.avgCi[1]) covered++;
  }
  return { ...count, covered };
}

describe('significance of a change of means of autocorrelated series', () => {
  it('flags at most 5 % of 1,000 pairs of independent AR(1) series with equal means (default minimum change)', () => {
    const v = verdicts(20, 20, 0.8, 120);
    expect(v.significant).toBeLessThanOrEqual(SEEDS * 0.05);
  });

  it('its 95 % interval alone (no minimum change) holds the true Δ of 0 in about 95 % of pairs, for φ from 0 to 0.9', () => {
    for (const phi of [0, 0.5, 0.8, 0.9]) {
      const v = verdicts(20, 20, phi, 300, 0);
      expect(v.significant, `φ = ${phi}`).toBeLessThanOrEqual(SEEDS * 0.07);
      expect(v.covered, `φ = ${phi}`).toBeGreaterThanOrEqual(SEEDS * 0.93);
    }
  });

  it('a plain t-test that takes every sample as independent would flag far more of the same pairs', () => {
    let flagged = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const a = ar1(seed * 2, 120, 20, 0.8, 10);
      const b = ar1(seed * 2 + 1, 120, 20, 0.8, 10);
      const fa = runFigures(a, 0, 120)!;
      const fb = runFigures(b, 0, 120)!;
      const se = Math.sqrt((fa.sd * fa.sd) / 119 + (fb.sd * fb.sd) / 119);
      if (Math.abs(fb.avg - fa.avg) > 1.97 * se) flagged++;
    }
    expect(flagged).toBeGreaterThan(SEEDS * 0.3);
  });

  it('finds a real change of one stationary standard deviation (20 → 36.7, φ = 0.8) in almost every pair, and its interval holds the true Δ', () => {
    const v = verdicts(20, 20 + 10 / 0.6, 0.8, 300);
    expect(v.significant).toBeGreaterThanOrEqual(SEEDS * 0.9);
    expect(v.covered).toBeGreaterThanOrEqual(SEEDS * 0.93);
  });

  it('a real change smaller than the minimum change is within noise', () => {
    const v = verdicts(1000, 1020, 0.5, 300);
    expect(v.significant).toBe(0);
    expect(verdicts(1000, 1020, 0.5, 300, 1).significant).toBeGreaterThanOrEqual(SEEDS * 0.9);
  });

  it('says too few with fewer than 5 samples, or when one run is nearly constant in one long swing', () => {
    const short = runFigures(Float64Array.from([1, 2, 3, 4]), 0, 4)!;
    expect(delta(short, short).verdict).toBe('too-few');
    const ramp = runFigures(Float64Array.from({ length: 10 }, (_, i) => i), 0, 10)!;
    expect(ramp.nEff).toBeLessThan(2);
    expect(delta(ramp, runFigures(Float64Array.from({ length: 10 }, (_, i) => 100 + i), 0, 10)!).verdict).toBe('too-few');
  });

  it('a series compared with itself is within noise, its interval centred on 0', () => {
    const a = runFigures(ar1(7, 200, 50, 0.6, 10), 0, 200)!;
    const d = delta(a, a);
    expect(d.verdict).toBe('noise');
    expect(d.avgCi[0]).toBeCloseTo(-d.avgCi[1], 12);
    expect(d.avgCi[0]).toBeLessThan(0);
  });

  it('constant runs: any change beyond the minimum is significant with a zero-width interval', () => {
    const a = runFigures(new Float64Array(30).fill(10), 0, 30)!;
    const b = runFigures(new Float64Array(30).fill(12), 0, 30)!;
    expect(delta(a, b)).toMatchObject({ verdict: 'significant', avgCi: [2, 2] });
  });
});

describe('meanUncertainty', () => {
  it('independent samples: n_eff near n; an AR(1) of φ = 0.8: n_eff near n·(1 − φ)/(1 + φ)', () => {
    expect(meanUncertainty(ar1(3, 5000, 0, 0, 1), 0, 5000, 0).nEff).toBeGreaterThan(4500);
    const u = meanUncertainty(ar1(3, 5000, 0, 0.8, 1), 0, 5000, 0);
    expect(u.nEff / 5000).toBeGreaterThan((0.2 / 1.8) * 0.8);
    expect(u.nEff / 5000).toBeLessThan((0.2 / 1.8) * 1.2);
  });

  it('skips gaps, and pairs across a gap', () => {
    const u = meanUncertainty(Float64Array.from([1, NaN, 3, 1, 3, 1]), 0, 6, 1.8);
    expect(u.n).toBe(5);
  });
});

describe('tQuantile975', () => {
  it.each([
    [1, 12.706],
    [2, 4.303],
    [5, 2.571],
    [10, 2.228],
    [30, 2.042],
    [120, 1.98],
    [Infinity, 1.96],
  ])('df %d: %d', (df, t) => {
    expect(tQuantile975(df)).toBeCloseTo(t, 2);
  });
});
