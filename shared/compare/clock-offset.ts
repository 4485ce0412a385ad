/**
 * An estimate of the clock offset between two hosts' runs (align=clock): what one host sends the other
 * receives, so run A's network send and run B's network receive (and B's send with A's receive) rise and
 * fall together once B is placed at its true time. Both runs are put on the aligned axis by their current
 * shifts, resampled onto one grid (the coarser run's interval) and put on a log scale (so that one burst
 * does not outweigh the rest); for each lag within ±maxLagS the correlation of each
 * direction is taken over the bins both runs have (both directions pooled), and the lag with the highest
 * correlation is the estimate, unless it is not a clear peak: too weak a correlation, not standing out from
 * those at the other lags, or a second peak nearly as high. Pure.
 *
 * The network series of a run is its family total as the page draws it (shared/catalogue/resolve.ts): the
 * file's `net/total`, the total computed from its interfaces, or the one interface that stands for it.
 */
import { sourceValues } from '../catalogue/derive.js';
import { resolveCharts } from '../catalogue/resolve.js';
import { elapsedSeconds, firstCountedRow } from './align.js';
import type { CompareRunInput } from './types.js';

/** Lags searched by default, seconds each way: hosts' clocks rarely differ by more. */
export const MAX_OFFSET_LAG_S = 600;
/** The lowest peak correlation called a match. */
export const MIN_OFFSET_STRENGTH = 0.25;
/**
 * How far the peak must stand above the correlations at the other lags, in their robust standard deviations
 * (1.4826 × median absolute deviation): a lag found by chance stands 2–7 above, a true one 12 and more
 * (measured on the synthetic hosts and the fixtures of test/shared/compare/clock-offset.test.ts).
 */
export const MIN_OFFSET_PROMINENCE = 9;
/** How far above any other peak the best must stand (in correlation) to be called clear. */
export const MIN_OFFSET_MARGIN = 0.1;
/**
 * A load of bursts of about one length and gap matches its own levels again a period away: the correlations
 * at the other lags swing widely and no peak stands out by MIN_OFFSET_PROMINENCE (two hosts of one test on
 * this machine, their traffic's correlation 0.997 at the true lag, 0.49 a period away: 3.5 robust standard
 * deviations). Such a peak is called a match when it is this strong, stands this far above every other
 * peak, and lines up at least MIN_COINCIDENT_RISES of the traffic's rises (by RISE_LOG on the log scale,
 * ~7-fold) in each run: a chance alignment of unrelated hosts' one or two bursts is not (0.59 and 0.42
 * against 0.40 and 0.35 for the fixtures' unrelated pairs).
 */
export const STRONG_OFFSET_STRENGTH = 0.8;
export const STRONG_OFFSET_MARGIN = 0.3;
export const MIN_COINCIDENT_RISES = 3;
const RISE_LOG = 2;
/** The least spread of the other lags' correlations counted (a flat curve does not make any peak stand out). */
const MIN_SPREAD = 0.01;
/** The fewest grid bins both runs must share at a lag, and the least share of the shorter run. */
const MIN_PAIRS = 20;
const MIN_OVERLAP_SHARE = 0.5;
/** Bins × lags above which the search first runs on a coarser grid, then refines near its best lag. */
const SEARCH_BUDGET = 2_000_000;

/**
 * Why no offset is offered: a run without network columns, no traffic in either direction, too little
 * overlap at every lag, or no clear peak.
 */
export const NO_OFFSET_REASONS = ['no-network', 'flat', 'too-short', 'unclear'] as const;
export type NoOffsetReason = (typeof NO_OFFSET_REASONS)[number];

export type OffsetEstimate =
  | {
      /** Seconds to add to run B's shift (its clock offset) so that it lines up with run A. */
      offsetS: number;
      /** The correlation at that lag, 0–1. */
      strength: number;
    }
  | {
      offsetS: null;
      /** The best correlation found (null when nothing could be correlated). */
      strength: number | null;
      reason: NoOffsetReason;
    };

export interface OffsetOptions {
  /** Lags searched, seconds each way (default MAX_OFFSET_LAG_S). */
  maxLagS?: number;
}

/** A run's network send and receive per row (its family total); null when it records no network. */
export function networkTotals(run: Pick<CompareRunInput, 'series'>): { send: ArrayLike<number>; recv: ArrayLike<number> } | null {
  const charts = resolveCharts(run.series).filter((c) => c.specId === 'net');
  const total = charts.find((c) => c.device === 'total') ?? charts.find((c) => !c.collapseIdle) ?? charts[0];
  if (!total) return null;
  const lookup = (id: string): Float64Array | undefined => {
    const s = run.series.find((x) => x.id === id && x.kind === 'number');
    if (!s) return undefined;
    return s.values instanceof Float64Array ? s.values : Float64Array.from(s.values as ArrayLike<number>);
  };
  const column = (name: string) => {
    const rs = total.series.find((s) => s.column === name);
    return rs ? sourceValues(rs.source, lookup) : null;
  };
  const send = column('send');
  const recv = column('recv');
  return send && recv ? { send, recv } : null;
}

/**
 * The offset to add to run B's shift (seconds) that lines its network traffic up with run A's, both placed
 * by their current shifts (`shiftA`, `shiftB`, as CompareOptions.shifts), or why none is clear.
 */
export function estimateClockOffset(
  a: CompareRunInput,
  b: CompareRunInput,
  shiftA = 0,
  shiftB = 0,
  options: OffsetOptions = {},
): OffsetEstimate {
  const netA = networkTotals(a);
  const netB = networkTotals(b);
  if (!netA || !netB) return { offsetS: null, strength: null, reason: 'no-network' };
  const dtA = intervalS(a);
  const dtB = intervalS(b);
  const placedA = placed(a, shiftA);
  const placedB = placed(b, shiftB);
  if (!placedA || !placedB || !(dtA > 0 && dtB > 0)) return { offsetS: null, strength: null, reason: 'too-short' };
  // The finer run's interval: a sample of the coarser one fills every bin of the span it averages.
  const stepS = Math.min(dtA, dtB);
  const origin = Math.min(placedA.from - dtA, placedB.from - dtB);
  const bins = Math.floor((Math.max(placedA.to, placedB.to) - origin) / stepS) + 1;
  const grid = (run: CompareRunInput, shift: number, dt: number, values: ArrayLike<number>) =>
    logScale(resample(run, shift, dt, values, origin, stepS, bins));
  // Each direction: what A sends against what B receives, and what B sends against what A receives.
  const directions = [
    [grid(a, shiftA, dtA, netA.send), grid(b, shiftB, dtB, netB.recv)],
    [grid(a, shiftA, dtA, netA.recv), grid(b, shiftB, dtB, netB.send)],
  ].filter(([x, y]) => !isFlat(x!) && !isFlat(y!)) as [Float64Array, Float64Array][];
  if (directions.length === 0) return { offsetS: null, strength: null, reason: 'flat' };

  const spanBins = (p: { from: number; to: number }, dt: number) => (p.to - p.from + dt) / stepS;
  const minPairs = Math.max(MIN_PAIRS, Math.ceil(MIN_OVERLAP_SHARE * Math.min(spanBins(placedA, dtA), spanBins(placedB, dtB))));
  const maxLag = Math.min(Math.round((options.maxLagS ?? MAX_OFFSET_LAG_S) / stepS), bins - 1);
  const scores = lagScores(directions, -maxLag, maxLag, minPairs);
  const best = argMax(scores);
  if (best < 0) return { offsetS: null, strength: null, reason: 'too-short' };
  const strength = scores[best]!;
  const lobe = peakLobe(scores, best);
  // Each test only when the ones before it have passed (the prominence sorts every lag's score; the rises scan the grid).
  const clear = strength >= MIN_OFFSET_STRENGTH && clearPeak(scores, lobe, MIN_OFFSET_MARGIN);
  const stands = () => prominence(scores, lobe) >= MIN_OFFSET_PROMINENCE;
  const strong = () =>
    strength >= STRONG_OFFSET_STRENGTH && clearPeak(scores, lobe, STRONG_OFFSET_MARGIN) && coincidentRises(directions, best - maxLag) >= MIN_COINCIDENT_RISES;
  if (!clear || !(stands() || strong())) return { offsetS: null, strength: round3(Math.max(0, strength)), reason: 'unclear' };
  return { offsetS: round3((best - maxLag) * stepS), strength: round3(strength) };
}

/**
 * The fewest, over the directions that carry rises, of one run's rises (a bin above the one before by RISE_LOG)
 * met by a rise of the other within a bin at this lag; 0 when no direction has one.
 */
function coincidentRises(directions: readonly [Float64Array, Float64Array][], lag: number): number {
  const rises = (x: Float64Array, k: number) => k > 0 && x[k]! - x[k - 1]! >= RISE_LOG;
  let fewest = Infinity;
  for (const [x, y] of directions) {
    let met = 0;
    let any = false;
    for (let k = 1; k < x.length; k++) {
      if (!rises(x, k)) continue;
      any = true;
      const j = k + lag;
      if (rises(y, j - 1) || rises(y, j) || rises(y, j + 1)) met++;
    }
    if (any) fewest = Math.min(fewest, met);
  }
  return Number.isFinite(fewest) ? fewest : 0;
}

/**
 * Per run, the clock offset to give it (its `shift` under align=clock) so that its network lines up with the
 * baseline's as placed now: the lag estimateClockOffset finds with the run placed without the offset it was
 * `given` (`placed`: each run's shift in effect, the given offset included), so that the estimate does not
 * depend on it. Null for the baseline.
 */
export function offsetEstimates(
  runs: readonly CompareRunInput[],
  baseline: number,
  placed: readonly number[],
  given: readonly number[],
  options: OffsetOptions = {},
): (OffsetEstimate | null)[] {
  return runs.map((run, i) => {
    if (i === baseline) return null;
    return estimateClockOffset(runs[baseline]!, run, placed[baseline] ?? 0, (placed[i] ?? 0) - (given[i] ?? 0), options);
  });
}

/** The run's sampling interval, seconds: the median step between its counted rows. */
function intervalS(run: CompareRunInput): number {
  const first = firstCountedRow(run);
  const steps: number[] = [];
  for (let i = first + 1; i < run.time.length; i++) steps.push(run.time[i]! - run.time[i - 1]!);
  steps.sort((x, y) => x - y);
  return steps.length > 0 ? steps[steps.length >> 1]! / 1000 : 0;
}

/** A run's counted rows on the aligned axis: its first and last row's seconds. */
function placed(run: CompareRunInput, shift: number): { from: number; to: number } | null {
  const first = firstCountedRow(run);
  if (run.time.length - first < 2) return null;
  return { from: elapsedSeconds(run, run.time[first]!, shift), to: elapsedSeconds(run, run.time[run.time.length - 1]!, shift) };
}

/**
 * A run's samples on the grid of `stepS` from `origin` (aligned seconds; bin k is the instant origin + k·step):
 * a sample at T, dstat's mean over the `dt` before it, fills the bins in (T − dt, T]; bins no sample fills
 * (a gap in the log) are NaN.
 */
function resample(run: CompareRunInput, shift: number, dt: number, values: ArrayLike<number>, origin: number, stepS: number, bins: number): Float64Array {
  const out = new Float64Array(bins).fill(NaN);
  // A millionth of a step of slack: a row on a bin's instant is in that bin after the round trip to seconds.
  const at = (s: number) => Math.floor((s - origin) / stepS + 1e-6);
  for (let i = firstCountedRow(run); i < run.time.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    const t = elapsedSeconds(run, run.time[i]!, shift);
    for (let k = Math.max(0, at(t - dt) + 1); k <= Math.min(bins - 1, at(t)); k++) out[k] = v;
  }
  return out;
}

/**
 * Bytes/s on a log scale. Traffic is bursty: on raw bytes, one burst of one host lined up with any sample of
 * the other outweighs everything else; on a log scale a lag must line up many bursts, and a host's own
 * background (a few KiB/s of ssh or monitoring) stays small beside them.
 */
function logScale(x: Float64Array): Float64Array {
  return x.map((v) => (Number.isNaN(v) ? NaN : Math.log1p(Math.max(0, v))));
}

function isFlat(x: Float64Array): boolean {
  let first = NaN;
  for (const v of x) {
    if (Number.isNaN(v)) continue;
    if (Number.isNaN(first)) first = v;
    else if (v !== first) return false;
  }
  return true;
}

/**
 * Per lag L from `lo` to `hi` (bins; B's bin k + L against A's bin k): the pooled correlation of the
 * directions (lagScore); NaN where too few bins pair up or nothing varies. A search
 * over too many bins × lags runs on a coarser grid first and is refined near its best lag.
 */
function lagScores(directions: readonly [Float64Array, Float64Array][], lo: number, hi: number, minPairs: number): Float64Array {
  const bins = directions[0]![0].length;
  const factor = Math.ceil((bins * (hi - lo + 1)) / SEARCH_BUDGET);
  const scores = new Float64Array(hi - lo + 1).fill(NaN);
  if (factor <= 1) {
    for (let lag = lo; lag <= hi; lag++) scores[lag - lo] = lagScore(directions, lag, minPairs);
    return scores;
  }
  const coarse = directions.map(([x, y]) => [coarsen(x, factor), coarsen(y, factor)] as [Float64Array, Float64Array]);
  const coarseLo = Math.ceil(lo / factor);
  const coarseScores = new Float64Array(Math.floor(hi / factor) - coarseLo + 1);
  for (let k = 0; k < coarseScores.length; k++) {
    coarseScores[k] = lagScore(coarse, coarseLo + k, Math.ceil(minPairs / factor));
  }
  // The coarse curve stands for every lag; near its best, every lag at the fine step.
  for (let lag = lo; lag <= hi; lag++) scores[lag - lo] = coarseScores[Math.round(lag / factor) - coarseLo] ?? NaN;
  const best = argMax(coarseScores);
  if (best < 0) return scores;
  const centre = (coarseLo + best) * factor;
  for (let lag = Math.max(lo, centre - factor); lag <= Math.min(hi, centre + factor); lag++) scores[lag - lo] = lagScore(directions, lag, minPairs);
  return scores;
}

/** Bins merged by `factor` (mean of those with a value). */
function coarsen(x: Float64Array, factor: number): Float64Array {
  const out = new Float64Array(Math.ceil(x.length / factor)).fill(NaN);
  for (let k = 0; k < out.length; k++) {
    let sum = 0;
    let n = 0;
    for (let i = k * factor; i < Math.min(x.length, (k + 1) * factor); i++) {
      if (Number.isNaN(x[i]!)) continue;
      sum += x[i]!;
      n++;
    }
    if (n > 0) out[k] = sum / n;
  }
  return out;
}

/**
 * The correlation at one lag of both directions pooled: each direction centred on its own means, their
 * co-variations and variations summed, so that a direction that carries little (a host that sends next to
 * nothing: only its own background) weighs little. NaN when no direction has minPairs bins or nothing varies.
 */
function lagScore(directions: readonly [Float64Array, Float64Array][], lag: number, minPairs: number): number {
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of directions) {
    const m = moments(x, y, lag, minPairs);
    if (!m) continue;
    sxy += m.sxy;
    sxx += m.sxx;
    syy += m.syy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

/**
 * Sums of products about the means of x[k] and y[k + lag] over the k where both have a value; null below
 * minPairs. One pass (the values are logs of bytes/s, below 50: the sums lose nothing that matters).
 */
function moments(x: Float64Array, y: Float64Array, lag: number, minPairs: number): { sxy: number; sxx: number; syy: number } | null {
  const from = Math.max(0, -lag);
  const to = Math.min(x.length, y.length - lag);
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = from; k < to; k++) {
    const a = x[k]!;
    const b = y[k + lag]!;
    if (a !== a || b !== b) continue;
    n++;
    sx += a;
    sy += b;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  if (n < minPairs) return null;
  // What is left of a constant stretch's variation by rounding is none.
  const none = (v: number) => (v > 1e-9 * n ? v : 0);
  return { sxy: sxy - (sx * sy) / n, sxx: none(sxx - (sx * sx) / n), syy: none(syy - (sy * sy) / n) };
}

/** Index of the highest score that is a number; −1 when none is. */
function argMax(scores: ArrayLike<number>): number {
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i]!) && (best < 0 || scores[i]! > scores[best]!)) best = i;
  return best;
}

/** The best lag's lobe: the lags around it whose score stays above half of it, as [first, last] indices. */
function peakLobe(scores: Float64Array, best: number): { best: number; lo: number; hi: number } {
  const half = scores[best]! / 2;
  let lo = best;
  let hi = best;
  while (lo > 0 && scores[lo - 1]! > half) lo--;
  while (hi < scores.length - 1 && scores[hi + 1]! > half) hi++;
  return { best, lo, hi };
}

/** The scores outside the lobe (those that are numbers). */
function outside(scores: Float64Array, lobe: { lo: number; hi: number }): number[] {
  const out: number[] = [];
  scores.forEach((x, i) => {
    if ((i < lobe.lo || i > lobe.hi) && !Number.isNaN(x)) out.push(x);
  });
  return out;
}

/** How many robust standard deviations the peak stands above the median of the other lags' scores. */
function prominence(scores: Float64Array, lobe: { best: number; lo: number; hi: number }): number {
  const rest = outside(scores, lobe).sort((x, y) => x - y);
  if (rest.length === 0) return 0;
  const median = rest[rest.length >> 1]!;
  const mad = rest.map((x) => Math.abs(x - median)).sort((x, y) => x - y)[rest.length >> 1]!;
  return (scores[lobe.best]! - median) / Math.max(MIN_SPREAD, 1.4826 * mad);
}

/**
 * A clear peak: every score outside the best lag's lobe is at least `margin` below it (a periodic load, which
 * matches at several lags alike, is not).
 */
function clearPeak(scores: Float64Array, lobe: { best: number; lo: number; hi: number }, margin: number): boolean {
  const peak = scores[lobe.best]!;
  return outside(scores, lobe).every((x) => x <= peak - margin);
}

/** To the thousandth, never −0. */
function round3(x: number): number {
  return Math.round(x * 1000) / 1000 + 0;
}
