/** Disks and network interfaces (thresholds and texts in rules.ts). */
import { DISK_TOTAL_EXCLUDE } from '../catalogue/catalogue.js';
import type { CheckResult, Draft, RuleSpec } from './rule-spec.js';
import type { RunContext } from './context.js';
import type { FindingsOptions } from './run-input.js';
import { meanIn, peakIn, windowsWhere } from './measure.js';
import type { RowRange } from './windows.js';
import { NO_LINK, missing } from './skips.js';
import { bytesPerSecond } from './text.js';
import { round } from './checks-cpu.js';

/** Devices of a family (`dsk/sda` → `sda`), the producer's own totals and partitions left out. */
export function devices(ctx: RunContext, prefix: 'dsk' | 'io' | 'net', exclude: RegExp): string[] {
  const out: string[] = [];
  for (const g of ctx.groups) {
    if (!g.startsWith(`${prefix}/`)) continue;
    const name = g.slice(prefix.length + 1);
    if (name === 'total' || exclude.test(name)) continue;
    out.push(name);
  }
  return out;
}

/**
 * A disk at its ceiling: its throughput (read+write) or IOPS stays within a share of its run's ceiling
 * (the 98th percentile, so one odd sample does not set it) while the CPUs wait on I/O, for `minSeconds`.
 * Asynchronous and direct I/O (databases, fio's libaio) leaves no I/O wait: a plateau at the ceiling
 * without it counts when it is high (`plateauBytesPerS` or `plateauIops`) and lasts `plateauSeconds`.
 * The ceiling is the level the disk sustains: a burst above it (a write cache filling, a job's first seconds)
 * can set the percentile while the plateau after it lies under its share; then the ceiling is the highest
 * level whose share the disk holds for those durations, when that is at least `sustainedRatio` of the
 * percentile (a throttled writer far under the disk's own peak is not at a ceiling).
 */
export function diskSaturated(ctx: RunContext, spec: RuleSpec): CheckResult {
  const wai = ctx.totalCpuCol('wai');
  const disks = [...new Set([...devices(ctx, 'dsk', DISK_TOTAL_EXCLUDE), ...devices(ctx, 'io', DISK_TOTAL_EXCLUDE)])];
  if (disks.length === 0) return { skip: missing('per-disk (dsk/*, io/*)', '-d -r, or -D sda,sdb') };
  if (!wai) return { skip: missing('CPU wai', '-c') };
  const share = spec.thresholds['nearCeilingRatio']!;
  const waiPct = spec.thresholds['iowaitPct']!;
  const out: Draft[] = [];
  for (const disk of disks) {
    // An idle disk (its columns all 0: known once per run) is skipped before any sum; a disk whose ceiling
    // stays under the floor, by counting its samples under the floor before selecting the ceiling.
    const parts = (group: string) => [ctx.col(group, 'read'), ctx.col(group, 'writ')];
    const measures = [
      { group: `dsk/${disk}`, unit: 'bytes/s', what: 'throughput', floor: spec.thresholds['minBytesPerS']!, plateau: spec.thresholds['plateauBytesPerS']! },
      { group: `io/${disk}`, unit: '/s', what: 'IOPS', floor: spec.thresholds['minIops']!, plateau: spec.thresholds['plateauIops']! },
    ]
      .filter((m) => parts(m.group).some((c) => c && !ctx.isIdle(c)))
      .map((m) => ({ ...m, values: ctx.sum(parts(m.group)), series: m.group }));
    let best: Draft | null = null;
    let bestRows = 0;
    for (const m of measures) {
      const v = m.values;
      if (!v || !ctx.quantileAtLeast(v, 0.98, m.floor)) continue;
      const percentile = ctx.quantiles(v, [0.98])[0]!;
      // The windows at a ceiling: near it with I/O wait, else (high enough) near it for longer.
      const windowsAt = (ceiling: number) => {
        const near = { values: v, atLeast: share * ceiling };
        const ranges = windowsWhere(ctx, spec.minSeconds, [near, { values: wai, above: waiPct }]);
        return ranges.length > 0 || ceiling < m.plateau ? ranges : windowsWhere(ctx, spec.thresholds['plateauSeconds']!, [near]);
      };
      const { ceiling, ranges } = sustainedCeiling(windowsAt, v, percentile, spec.thresholds['sustainedRatio']!);
      const rows = ranges.reduce((s, r) => s + r.b - r.a + 1, 0);
      if (ranges.length === 0 || rows <= bestRows) continue;
      bestRows = rows;
      const peak = peakIn(v, ranges);
      const mean = meanIn(v, ranges);
      const level = m.unit === 'bytes/s' ? bytesPerSecond(mean) : { en: `${Math.round(mean)} IOPS`, ja: `${Math.round(mean)} IOPS` };
      best = {
        ranges,
        peak: { value: peak.value, unit: m.unit, row: peak.row, series: m.series },
        evidence: { disk, measure: m.what, mean: Math.round(mean), ceiling: Math.round(ceiling), percentile98: Math.round(percentile), meanIowaitPct: round(meanIn(wai, ranges)) },
        vars: {
          disk,
          level,
          sign:
            meanIn(wai, ranges) > waiPct
              ? { en: `with CPUs waiting on I/O ${round(meanIn(wai, ranges))} %`, ja: `CPU の I/O 待ちが ${round(meanIn(wai, ranges))} %` }
              : { en: 'without I/O wait (asynchronous or direct I/O)', ja: 'I/O 待ちなし (非同期または direct I/O)' },
        },
        charts: [`disk:${disk}`, `iops:${disk}`],
      };
    }
    if (best) out.push(best);
  }
  return out;
}

/** Halvings of the search for a sustained ceiling: its level to within 1 % of the percentile's. */
const CEILING_STEPS = 5;

/**
 * The ceiling a disk sustains and its windows: at the percentile when it has windows there; else the level of
 * the plateau held at the highest level between `ratio` × the percentile and the percentile that has windows
 * (`windowsAt` finds none above it: a higher level is harder to hold; found by halving) — the mean of `values`
 * over those windows when it has windows too (the plateau's own level, whose band reaches the plateau's
 * stretches under that highest one), else that level; none (no windows) when not even the lowest has any.
 */
function sustainedCeiling(
  windowsAt: (ceiling: number) => RowRange[],
  values: Float64Array,
  percentile: number,
  ratio: number,
): { ceiling: number; ranges: RowRange[] } {
  const top = windowsAt(percentile);
  if (top.length > 0) return { ceiling: percentile, ranges: top };
  let lo = ratio * percentile;
  let ranges = windowsAt(lo);
  if (ranges.length === 0) return { ceiling: percentile, ranges };
  let hi = percentile;
  for (let k = 0; k < CEILING_STEPS; k++) {
    const mid = (lo + hi) / 2;
    const at = windowsAt(mid);
    if (at.length > 0) {
      lo = mid;
      ranges = at;
    } else hi = mid;
  }
  const level = meanIn(values, ranges);
  const around = level < lo ? windowsAt(level) : [];
  return around.length > 0 ? { ceiling: level, ranges: around } : { ceiling: lo, ranges };
}

/** A NIC above a share of the link speed the user gave, receive or send (full duplex). */
export function netNearLink(ctx: RunContext, spec: RuleSpec, options: FindingsOptions): CheckResult {
  const links = options.links;
  if (!links || links.size === 0) return { skip: NO_LINK };
  const share = spec.thresholds['linkRatio']!;
  const out: Draft[] = [];
  for (const [nic, bytesPerS] of links) {
    const recv = ctx.col(`net/${nic}`, 'recv');
    const send = ctx.col(`net/${nic}`, 'send');
    if (!recv && !send) continue;
    for (const [dir, v] of [['receive', recv], ['send', send]] as const) {
      if (!v) continue;
      const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: v, above: share * bytesPerS }]);
      if (ranges.length === 0) continue;
      const peak = peakIn(v, ranges);
      const mean = meanIn(v, ranges);
      out.push({
        ranges,
        peak: { value: peak.value, unit: 'bytes/s', row: peak.row, series: `net/${nic}/${dir === 'receive' ? 'recv' : 'send'}` },
        evidence: { nic, direction: dir, meanBytesPerS: Math.round(mean), linkBytesPerS: bytesPerS, linkPct: round((100 * mean) / bytesPerS) },
        vars: { nic, dir: dir === 'receive' ? { en: 'receive', ja: '受信' } : { en: 'send', ja: '送信' }, rate: bytesPerSecond(mean), pct: round((100 * mean) / bytesPerS), link: bytesPerSecond(bytesPerS) },
        charts: [`net:${nic}`],
      });
    }
  }
  return out;
}

