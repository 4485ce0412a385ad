/** Rules over the shape of an activity in time: periodic bursts and the steady state (thresholds in rules.ts). */
import type { CheckResult, Draft, RuleSpec } from './rule-spec.js';
import type { RunContext } from './context.js';
import { selectKth } from '../series/select.js';
import { activities, type Activity } from './activity.js';
import { TOO_SHORT } from './skips.js';
import { bytesPerSecond, type TextVar } from './text.js';
import { round } from './checks-cpu.js';

/** Most points the autocorrelation is computed on: longer runs are averaged down to it first. */
const ACF_POINTS = 1024;

function floorsOf(spec: RuleSpec) {
  return { cpuPct: spec.thresholds['cpuFloorPct']!, bytesPerS: spec.thresholds['ioFloorBytesPerS']! };
}

function level(a: Activity, v: number): TextVar {
  return a.unit === '%' ? { en: `${round(v)} %`, ja: `${round(v)} %` } : bytesPerSecond(v);
}

/**
 * An activity that spikes at a regular period: its autocorrelation has a clear peak at a lag P (a local
 * maximum of at least `acfMin`, after a dip below it by `acfDip`), and the series has at least `minBursts`
 * bursts (runs above the midpoint of its median and its 98th percentile) spaced about P apart.
 */
export function periodicBursts(ctx: RunContext, spec: RuleSpec): CheckResult {
  const minBursts = spec.thresholds['minBursts']!;
  if (ctx.n < 4 * minBursts) return { skip: TOO_SHORT };
  const out: Draft[] = [];
  for (const a of activities(ctx, floorsOf(spec))) {
    if (!a.active(0.98)) continue;
    const top = a.quantile(0.98);
    const mid = a.quantile(0.5);
    const cut = mid + 0.5 * (top - mid);
    const starts = ctx.ints();
    const ends = ctx.ints();
    const count = burstsAbove(a.values, cut, starts, ends);
    if (count < minBursts) continue;
    // Bursts at irregular spacing (fewer than half the gaps within the tolerance of their median) are not
    // periodic: the autocorrelation is not computed for them.
    const tolerance = spec.thresholds['spacingTolerance']!;
    const gaps = ctx.floats(count - 1);
    for (let k = 1; k < count; k++) gaps[k - 1] = starts[k]! - starts[k - 1]!;
    const spacing = selectKth(gaps, gaps.length, gaps.length >> 1);
    let near = 0;
    for (const g of gaps) if (Math.abs(g - spacing) <= tolerance * spacing) near++;
    if (near < gaps.length / 2) continue;
    const { x, factor } = averagedDown(a.values, ACF_POINTS, ctx);
    const lag = acfPeak(x, spec.thresholds['acfMin']!, spec.thresholds['acfDip']!);
    if (!lag) continue;
    const periodRows = lag.lag * factor;
    if (Math.abs(spacing - periodRows) > tolerance * periodRows) continue;
    const periodS = round(periodRows * ctx.intervalS);
    let peakRow = starts[0]!;
    for (let k = 0; k < count; k++) for (let i = starts[k]!; i <= ends[k]!; i++) if (a.values[i]! > a.values[peakRow]!) peakRow = i;
    out.push({
      ranges: [{ a: starts[0]!, b: ends[count - 1]! }],
      peak: { value: a.values[peakRow]!, unit: a.unit, row: peakRow, series: a.series },
      evidence: { series: a.series, periodS, bursts: count, autocorrelation: Math.round(lag.acf * 100) / 100 },
      vars: { what: a.what, period: periodS, bursts: count, peak: level(a, a.values[peakRow]!) },
      charts: [a.chart],
    });
  }
  return out;
}

/** The runs of samples above `cut` (bursts): their first and last rows into starts and ends; how many. */
function burstsAbove(values: Float64Array, cut: number, starts: Int32Array, ends: Int32Array): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (!(values[i]! > cut)) continue;
    if (count > 0 && ends[count - 1] === i - 1) ends[count - 1] = i;
    else {
      starts[count] = i;
      ends[count] = i;
      count++;
    }
  }
  return count;
}

/** Means of consecutive blocks, so that at most `points` remain; NaN counts as the series' mean. */
function averagedDown(values: Float64Array, points: number, ctx: RunContext): { x: Float64Array; factor: number } {
  const factor = Math.max(1, Math.ceil(values.length / points));
  const m = Math.floor(values.length / factor);
  let sum = 0;
  let count = 0;
  for (const v of values) {
    if (v === v) {
      sum += v;
      count++;
    }
  }
  const mean = count > 0 ? sum / count : 0;
  const x = ctx.floats(m);
  for (let k = 0; k < m; k++) {
    let s = 0;
    for (let j = k * factor; j < (k + 1) * factor; j++) {
      const v = values[j]!;
      s += v === v ? v : mean;
    }
    x[k] = s / factor;
  }
  return { x, factor };
}

/** The first clear autocorrelation peak at lags 2…m/3: ≥ acfMin, a local maximum, after a dip below acf − dip. */
export function acfPeak(x: Float64Array, acfMin: number, dip: number): { lag: number; acf: number } | null {
  const m = x.length;
  let mean = 0;
  for (const v of x) mean += v;
  mean /= m || 1;
  let denom = 0;
  for (const v of x) denom += (v - mean) ** 2;
  if (!(denom > 0)) return null;
  const maxLag = Math.floor(m / 3);
  const acf = new Float64Array(maxLag + 2);
  // Each lag's autocorrelation is computed when the scan reaches it (lag k needs k + 1): a series with a clear
  // peak stops there instead of paying for every lag up to m/3.
  const at = (k: number) => {
    if (k >= m) return 0;
    let s = 0;
    for (let i = 0; i + k < m; i++) s += (x[i]! - mean) * (x[i + k]! - mean);
    return s / denom;
  };
  acf[0] = at(0);
  if (maxLag >= 0) acf[1] = at(1);
  let low = acf[0]!;
  for (let k = 1; k <= maxLag; k++) {
    acf[k + 1] = at(k + 1);
    low = Math.min(low, acf[k]!);
    if (k < 2) continue;
    const v = acf[k]!;
    if (v >= acfMin && v >= acf[k - 1]! && v >= acf[k + 1]! && low <= v - dip) return { lag: k, acf: v };
  }
  return null;
}

/**
 * The phases of the dominant activity: of the activities above their floor, the one with the longest steady
 * window. A steady window is the longest stretch covered by windows of `windowS` seconds where every sample
 * but one lies within ±`bandRatio` of the window's mean and the least-squares slope moves less than
 * `bandRatio` of the mean across the window (fio's steady-state rules, `ss=iops:10%` and `iops_slope`);
 * warm-up is the activity before it, cool-down after it.
 */
export function steadyState(ctx: RunContext, spec: RuleSpec): CheckResult {
  const w = Math.max(3, Math.round(spec.thresholds['windowS']! / ctx.intervalS));
  if (ctx.n < w) return { skip: TOO_SHORT };
  let found: { a: Activity; best: { a: number; b: number } } | null = null;
  for (const a of activities(ctx, floorsOf(spec))) {
    if (!a.active(0.9)) continue;
    const best = steadyStretch(ctx, a, w, spec.thresholds['bandRatio']!);
    if (best && (!found || best.b - best.a > found.best.b - found.best.a)) found = { a, best };
  }
  if (!found) return [];
  const { a: dominant, best } = found;
  const x = dominant.values;
  const seconds = ctx.t[best.b]! - ctx.t[best.a]! + ctx.intervalS;
  if (seconds < spec.minSeconds) return [];
  let sum = 0;
  let count = 0;
  for (let i = best.a; i <= best.b; i++) {
    const v = x[i]!;
    if (v === v) {
      sum += v;
      count++;
    }
  }
  const mean = sum / count;
  // Warm-up and cool-down: the activity (at or above its floor) right before and after the steady window,
  // a one-sample dip tolerated.
  const on = (i: number) => x[i]! >= dominant.floor || (x[i - 1]! >= dominant.floor && x[i + 1]! >= dominant.floor);
  let first = best.a;
  while (first > 0 && on(first - 1)) first--;
  let last = best.b;
  while (last < ctx.n - 1 && on(last + 1)) last++;
  const warmup = round(ctx.t[best.a]! - ctx.t[first]!);
  const cooldown = round(ctx.t[last]! - ctx.t[best.b]!);
  let peakRow = best.a;
  for (let i = best.a; i <= best.b; i++) if (x[i]! > x[peakRow]!) peakRow = i;
  return [
    {
      ranges: [best],
      peak: { value: x[peakRow]!, unit: dominant.unit, row: peakRow, series: dominant.series },
      evidence: { series: dominant.series, steadyMean: round(mean), warmupS: warmup, steadyS: round(seconds), cooldownS: cooldown },
      vars: { what: dominant.what, level: level(dominant, mean), warmup, cooldown },
      charts: [dominant.chart],
    },
  ];
}

/**
 * The longest stretch of rows covered by steady windows of w samples that start one after another (windows
 * that merely touch, at different levels, are different stretches), or null.
 */
function steadyStretch(ctx: RunContext, act: Activity, w: number, band: number): { a: number; b: number } | null {
  // Prefix sums of the values and of the samples that have one: a window's mean in O(1), so windows below
  // the floor (most of an idle series) cost nothing. A gap (NaN) is left out of the mean and the slope and
  // counts as the one sample allowed outside the band. Each pass is a function of its own: its loop is
  // compiled with the feedback of its whole body.
  const prefix = ctx.floats(ctx.n + 1);
  const counts = ctx.ints(ctx.n + 1);
  prefixSums(act.values, prefix, counts);
  const steady = ctx.flags();
  steadyWindows(act.values, prefix, counts, ctx.t, { w, band, floor: act.floor, maxSpanS: (w - 1) * ctx.intervalS * 1.5 }, steady);
  return longestStretch(steady, w);
}

/** prefix[i] = the sum of the samples before i, counts[i] how many of them are not NaN. */
function prefixSums(x: Float64Array, prefix: Float64Array, counts: Int32Array): void {
  prefix[0] = 0;
  counts[0] = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    prefix[i + 1] = prefix[i]! + (v === v ? v : 0);
    counts[i + 1] = counts[i]! + (v === v ? 1 : 0);
  }
}

/** steady[i] = 1 where the window of w samples from i is steady (band and slope, at or above the floor, no gap in time). */
function steadyWindows(
  x: Float64Array,
  prefix: Float64Array,
  counts: Int32Array,
  t: Float64Array,
  rule: { w: number; band: number; floor: number; maxSpanS: number },
  steady: Uint8Array,
): void {
  const { w, band, floor, maxSpanS } = rule;
  const xc = (w - 1) / 2;
  for (let i = 0; i + w <= x.length; i++) {
    const count = counts[i + w]! - counts[i]!;
    const mean = (prefix[i + w]! - prefix[i]!) / count;
    if (!(count >= w - 1 && mean >= floor)) continue;
    if (!(t[i + w - 1]! - t[i]! <= maxSpanS)) continue;
    const within = band * mean;
    let outside = 0;
    for (let j = i; j < i + w && outside <= 1; j++) if (!(Math.abs(x[j]! - mean) <= within)) outside++;
    if (outside > 1) continue;
    // Least-squares slope per sample; its change across the window against the band.
    let sxy = 0;
    let sxx = 0;
    for (let j = 0; j < w; j++) {
      const v = x[i + j]!;
      if (v !== v) continue;
      sxy += (j - xc) * (v - mean);
      sxx += (j - xc) ** 2;
    }
    if (!(Math.abs((sxy / sxx) * (w - 1)) <= within)) continue;
    steady[i] = 1;
  }
}

/** The longest run of steady window starts, as the rows its windows cover, or null. */
function longestStretch(steady: Uint8Array, w: number): { a: number; b: number } | null {
  const n = steady.length;
  let best: { a: number; b: number } | null = null;
  for (let i = 0; i < n; ) {
    if (!steady[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && steady[j + 1]) j++;
    if (!best || j + w - 1 - i > best.b - best.a) best = { a: i, b: j + w - 1 };
    i = j + 1;
  }
  return best;
}
