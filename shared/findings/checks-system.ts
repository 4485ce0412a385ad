/** Memory, paging, system-wide counters and the sampling itself (thresholds and texts in rules.ts). */
import type { CheckResult, RuleSpec } from './rule-spec.js';
import type { RunContext } from './context.js';
import { meanIn, peakIn, windowsWhere } from './measure.js';
import { NO_CPU_COUNT, TOO_SHORT, missing } from './skips.js';
import { bytesPerSecond } from './text.js';
import { conditionRanges, longEnough, round1, type RowRange } from './windows.js';
import { round } from './checks-cpu.js';
import { formatBytes } from '../format/number.js';

const MEMORY_GROUPS = ['memory usage', 'advanced memory usage'];

/** Little memory left (free + cache under a share of the total), or the cache evicted while used grows. */
export function memoryPressure(ctx: RunContext, spec: RuleSpec): CheckResult {
  const group = MEMORY_GROUPS.find((g) => ctx.col(g, 'used') && ctx.col(g, 'free'));
  if (!group) return { skip: missing('memory', '-m') };
  const used = ctx.col(group, 'used')!;
  const free = ctx.col(group, 'free')!;
  const cach = ctx.col(group, 'cach');
  const buff = ctx.col(group, 'buff') ?? ctx.col(group, 'buf');
  const total = ctx.floats();
  const left = ctx.floats();
  memoryLeft(used, free, cach ?? ctx.zeros(), buff ?? ctx.zeros(), total, left);
  const share = spec.thresholds['leftBelowPct']!;
  const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: left, below: share }]);
  if (ranges.length > 0) {
    let low = { value: Infinity, row: ranges[0]!.a };
    for (const r of ranges) for (let i = r.a; i <= r.b; i++) if (left[i]! < low.value) low = { value: left[i]!, row: i };
    return [
      {
        ranges,
        peak: { value: free[low.row]! + (cach ? cach[low.row]! : 0), unit: 'bytes', row: low.row, series: `${group}/free` },
        evidence: { leftPct: round(low.value), totalBytes: total[low.row]! },
        vars: { left: round(low.value), total: { en: formatBytes(total[low.row]!), ja: formatBytes(total[low.row]!) } },
      },
    ];
  }
  if (!cach) return [];
  // The cache evicted: from its highest point, it falls to half or less while `used` grows by at least half
  // of what the cache lost (memory taken by processes, not a cache dropped on purpose).
  const evicted = cacheEvicted(cach, used, total, spec.thresholds['cacheDropRatio']!);
  if (!evicted) return [];
  const { a: hi, b: i } = evicted;
  return [
    {
      ranges: [evicted],
      peak: { value: cach[i]!, unit: 'bytes', row: i, series: `${group}/cach` },
      textKey: 'cacheEvicted',
      evidence: { cacheFromBytes: cach[hi]!, cacheToBytes: cach[i]!, usedGrowthBytes: used[i]! - used[hi]! },
      vars: {
        from: { en: formatBytes(cach[hi]!), ja: formatBytes(cach[hi]!) },
        to: { en: formatBytes(cach[i]!), ja: formatBytes(cach[i]!) },
        grew: { en: formatBytes(used[i]! - used[hi]!), ja: formatBytes(used[i]! - used[hi]!) },
      },
    },
  ];
}

/** total = used + free + cache + buffers, left = (free + cache) as a % of total, per sample. */
function memoryLeft(used: Float64Array, free: Float64Array, cach: Float64Array, buff: Float64Array, total: Float64Array, left: Float64Array): void {
  for (let i = 0; i < total.length; i++) {
    const c = cach[i]!;
    total[i] = used[i]! + free[i]! + c + buff[i]!;
    left[i] = (100 * (free[i]! + c)) / total[i]!;
  }
}

/**
 * The first row where the cache has fallen by `drop` or more from its highest point so far while `used` grew
 * by at least half of what the cache lost (and the loss is 5 % of the memory): that point and the row, or null.
 */
function cacheEvicted(cach: Float64Array, used: Float64Array, total: Float64Array, drop: number): RowRange | null {
  let hi = 0;
  for (let i = 0; i < cach.length; i++) {
    if (cach[i]! > cach[hi]!) hi = i;
    const lost = cach[hi]! - cach[i]!;
    if (cach[hi]! > 0 && cach[i]! <= (1 - drop) * cach[hi]! && used[i]! - used[hi]! >= 0.5 * lost && lost >= 0.05 * total[i]!) return { a: hi, b: i };
  }
  return null;
}

/** Swap-out (dstat's `paging out`, pages × page size per second) in enough samples of a 10-s window. */
export function swapping(ctx: RunContext, spec: RuleSpec): CheckResult {
  const out = ctx.col('paging', 'out');
  if (!out) return { skip: missing('paging', '-g') };
  const limit = spec.thresholds['pagesPerS']! * spec.thresholds['pageBytes']!;
  const w = Math.max(1, Math.round(spec.thresholds['windowS']! / ctx.intervalS));
  const need = Math.ceil(spec.thresholds['samplesRatio']! * w);
  const hit = ctx.flags();
  for (let i = 0; i < ctx.n; i++) if (out[i]! >= limit) hit[i] = 1;
  // A sample belongs to the storm when a window of w samples holding it has `need` hits; only hits count.
  const cond = ctx.flags();
  let count = 0;
  for (let i = 0; i < ctx.n; i++) {
    count += hit[i]!;
    if (i >= w) count -= hit[i - w]!;
    if (i >= w - 1 || i === ctx.n - 1) {
      if (count >= need) for (let j = Math.max(0, i - w + 1); j <= i; j++) if (hit[j]) cond[j] = 1;
    }
  }
  const ranges = conditionRanges(cond, ctx.t, Math.max(ctx.maxStepS, spec.thresholds['windowS']!), w);
  if (ranges.length === 0) return [];
  const peak = peakIn(out, ranges);
  const mean = meanIn(out, ranges);
  return [
    {
      ranges,
      peak: { value: peak.value, unit: 'bytes/s', row: peak.row, series: 'paging/out' },
      evidence: { meanOutBytesPerS: Math.round(mean), peakOutBytesPerS: Math.round(peak.value) },
      vars: { rate: bytesPerSecond(mean), peak: bytesPerSecond(peak.value) },
    },
  ];
}

/** A per-CPU rate of the `system` group (csw, int) above a limit, optionally also above k × the run's median. */
export function perCpuRate(column: 'csw' | 'int') {
  return (ctx: RunContext, spec: RuleSpec): CheckResult => {
    const v = ctx.col('system', column);
    if (!v) return { skip: missing(`system ${column}`, '-y') };
    if (!ctx.cpus) return { skip: NO_CPU_COUNT };
    const cpus = ctx.cpus.count;
    const limit = spec.thresholds['perCpuPerS']! * cpus;
    const medianRatio = spec.thresholds['medianRatio'];
    // The run's median only when some sample is over the limit.
    if (!(ctx.stats(v).max > limit)) return [];
    const runMedian = medianRatio ? ctx.quantiles(v, [0.5])[0]! : 0;
    const floor = medianRatio ? medianRatio * runMedian : 0;
    const ranges = windowsWhere(ctx, spec.minSeconds, [
      { values: v, above: limit },
      { values: v, above: floor },
    ]);
    if (ranges.length === 0) return [];
    const peak = peakIn(v, ranges);
    const mean = meanIn(v, ranges);
    return [
      {
        ranges,
        peak: { value: peak.value, unit: '/s', row: peak.row, series: `system/${column}` },
        evidence: { meanPerS: Math.round(mean), perCpuPerS: Math.round(mean / cpus), cpus, ...(medianRatio ? { runMedianPerS: Math.round(runMedian) } : {}) },
        vars: { rate: Math.round(mean), perCpu: Math.round(mean / cpus), cpus },
      },
    ];
  };
}

/** load1 above max(k × CPUs, floor). */
export function loadHigh(ctx: RunContext, spec: RuleSpec): CheckResult {
  const load = ctx.col('load avg', '1m');
  if (!load) return { skip: missing('load average', '-l') };
  if (!ctx.cpus) return { skip: NO_CPU_COUNT };
  const limit = Math.max(spec.thresholds['cpuRatio']! * ctx.cpus.count, spec.thresholds['atLeast']!);
  const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: load, above: limit }]);
  if (ranges.length === 0) return [];
  const peak = peakIn(load, ranges);
  return [
    {
      ranges,
      peak: { value: peak.value, unit: '', row: peak.row, series: 'load avg/1m' },
      evidence: { peakLoad1: round(peak.value), limit, cpus: ctx.cpus.count },
      vars: { load: round(peak.value), cpus: ctx.cpus.count, limit },
    },
  ];
}

/** Steps of the time column over k × the interval: ticks dstat missed. One window per gap; a warning when one lasts warnIntervalRatio intervals. */
export function samplingGaps(ctx: RunContext, spec: RuleSpec): CheckResult {
  if (ctx.n < 2) return { skip: TOO_SHORT };
  const k = spec.thresholds['intervalRatio']!;
  const windows: { from: number; to: number }[] = [];
  let missed = 0;
  let longest = 0;
  let longestAt = 0;
  for (let i = 1; i < ctx.n; i++) {
    const step = ctx.t[i]! - ctx.t[i - 1]!;
    if (step > k * ctx.intervalS) {
      windows.push({ from: round1(ctx.t[i - 1]!), to: round1(ctx.t[i]!) });
      missed += Math.round(step / ctx.intervalS) - 1;
      if (step > longest) {
        longest = step;
        longestAt = i;
      }
    }
  }
  if (windows.length === 0) return [];
  // Short gaps (a tick or two late on a busy host) are worth knowing but limit nothing: info.
  const severity = longest >= spec.thresholds['warnIntervalRatio']! * ctx.intervalS ? 'warning' : 'info';
  return [
    {
      severity,
      ranges: [],
      windows,
      peak: { value: round1(longest), unit: 'seconds', row: longestAt, series: 'time' },
      evidence: { gaps: windows.length, missedSamples: missed, longestGapS: round1(longest), intervalS: ctx.intervalS },
      vars: { gaps: windows.length, missed, longest: round1(longest), interval: ctx.intervalS },
    },
  ];
}

/** Rows of windows of at least minS, for the rules that count windows themselves. */
export function minRanges(ctx: RunContext, cond: Uint8Array, minS: number): RowRange[] {
  return longEnough(conditionRanges(cond, ctx.t, ctx.maxStepS), ctx.t, ctx.intervalS, minS);
}
