/**
 * One run's figures and its change against the baseline (shared/compare/delta.ts) on small literal columns:
 * gaps (NaN, ±Infinity), the standard deviation, percentages of negative and zero baselines, the noise
 * rule at its edge. Figures of real runs are in compare.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { delta, runFigures, SIGNIFICANCE_METHOD, type RunFigures } from '../../../shared/compare/index.js';

describe('runFigures', () => {
  it('min, avg, p95, max and the population standard deviation of the rows [from, to)', () => {
    expect(runFigures(Float64Array.from([100, 2, 4, 4, 4, 5, 5, 7, 9, 100]), 1, 9)).toMatchObject({ count: 8, min: 2, avg: 5, p95: 9, max: 9, sd: 2 });
  });

  it('keeps σ accurate for large values with a small spread (deviations squared, not a difference of squares)', () => {
    // Deviations from the mean 1000000005.6: 0.8, −2.3, 4.3, −0.7, −2.1; σ² = 29.32 / 5 = 5.864.
    const values = Float64Array.from([1000000006.4, 1000000003.3, 1000000009.9, 1000000004.9, 1000000003.5]);
    expect(runFigures(values, 0, 5)!.sd).toBeCloseTo(Math.sqrt(5.864), 6);
  });

  it('leaves gaps out: NaN and ±Infinity alike, without changing the column', () => {
    const values = Float64Array.from([1, NaN, 3, Infinity, 5, -Infinity]);
    expect(runFigures(values, 0, 6)).toMatchObject({ count: 3, min: 1, avg: 3, p95: 5, max: 5, sd: Math.sqrt(8 / 3) });
    expect(runFigures(values, 3, 6)).toMatchObject({ count: 1, min: 5, avg: 5, p95: 5, max: 5, sd: 0 });
    expect(values[3]).toBe(Infinity);
    expect(runFigures(Float64Array.from([1, -Infinity, 3]), 0, 3)).toMatchObject({ count: 2, min: 1, avg: 2, p95: 3, max: 3, sd: 1 });
  });

  it('is null when no row of the range has a value', () => {
    expect(runFigures(Float64Array.from([1, NaN, Infinity]), 1, 3)).toBeNull();
    expect(runFigures(Float64Array.from([1, 2]), 1, 1)).toBeNull();
    // A range of nothing but +Infinity, or of nothing but -Infinity, is all gaps.
    expect(runFigures(Float64Array.from([7, Infinity, Infinity]), 1, 3)).toBeNull();
    expect(runFigures(Float64Array.from([-Infinity, -Infinity, 7]), 0, 2)).toBeNull();
  });
});

describe('delta', () => {
  const base: RunFigures = { count: 40, min: -20, avg: -10, p95: 40, max: 50, sd: 5, nEff: 10, se: 1 };

  it('is the run minus the baseline, in % of the baseline’s size (its sign kept for a negative one), with its 95 % interval', () => {
    const d = delta(base, { count: 40, min: 0, avg: -5, p95: 20, max: 75, sd: 1, nEff: 10, se: 1 });
    expect(d).toMatchObject({ avg: 5, p95: -20, max: 25, avgPct: 50, p95Pct: -50, maxPct: 50, verdict: 'significant', withinNoise: false });
    // Δ ± t(0.975, ν = 18 by Welch–Satterthwaite) · √2 = 5 ± 2.101 · 1.414.
    expect(d.avgCi[0]).toBeCloseTo(5 - 2.101 * Math.SQRT2, 2);
    expect(d.avgCi[1]).toBeCloseTo(5 + 2.101 * Math.SQRT2, 2);
  });

  it('has no percentage of a baseline of 0; any change from a constant 0 beyond its interval is significant', () => {
    const zero: RunFigures = { count: 10, min: 0, avg: 0, p95: 0, max: 0, sd: 0, nEff: 10, se: 0 };
    expect(delta(zero, { ...zero, avg: 1, p95: 2, max: 3 })).toMatchObject({ avgPct: null, p95Pct: null, maxPct: null, verdict: 'significant' });
  });

  it('is within noise when the interval holds 0, or when the change is below the minimum change', () => {
    expect(delta(base, { ...base, avg: -12 }).verdict).toBe('noise');
    expect(delta(base, { ...base, avg: -4 }).verdict).toBe('significant');
    expect(delta(base, { ...base, avg: -4 }, 70).verdict).toBe('noise');
    expect(delta(base, { ...base, avg: -4, count: 4 }).verdict).toBe('too-few');
    expect(SIGNIFICANCE_METHOD).toMatch(/lag-1 autocorrelation/);
  });
});
