/** The CPU rules' checks (thresholds and texts in rules.ts). */
import type { CheckResult, Draft, RuleSpec } from './rule-spec.js';
import type { RunContext } from './context.js';
import { meanIn, peakIn, windowsWhere } from './measure.js';
import { NO_CPU, NO_CPU_COUNT, NO_PER_CPU, NO_PER_CPU_SIQ, missing } from './skips.js';

/** procs `run` above the CPU count. */
export function cpuSaturated(ctx: RunContext, spec: RuleSpec): CheckResult {
  const run = ctx.col('procs', 'run');
  if (!run) return { skip: missing('procs', '-p (or -v)') };
  if (!ctx.cpus) return { skip: NO_CPU_COUNT };
  const cpus = ctx.cpus.count;
  const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: run, above: cpus }]);
  if (ranges.length === 0) return [];
  const mean = meanIn(run, ranges);
  const peak = peakIn(run, ranges);
  return [
    {
      ranges,
      peak: { value: peak.value, unit: 'procs', row: peak.row, series: 'procs/run' },
      evidence: { meanRun: round(mean), cpus, cpuCountFrom: ctx.cpus.from },
      vars: { run: round(mean), cpus },
      ...(mean >= spec.thresholds['criticalRatio']! * cpus ? { severity: 'critical' as const } : {}),
    },
  ];
}

/** Total CPU busy (usr+sys+hiq+siq) above a share. */
export function cpuBusy(ctx: RunContext, spec: RuleSpec): CheckResult {
  const busy = ctx.busy(null);
  if (!busy) return { skip: NO_CPU };
  const limit = spec.thresholds['busyPct']!;
  const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: busy, above: limit }]);
  if (ranges.length === 0) return [];
  const peak = peakIn(busy, ranges);
  const mean = meanIn(busy, ranges);
  return [
    {
      ranges,
      peak: { value: peak.value, unit: '%', row: peak.row, series: 'total cpu usage/busy' },
      evidence: { meanBusyPct: round(mean), ...(ctx.cpus ? { cpus: ctx.cpus.count } : {}) },
      vars: { busy: round(mean) },
    },
  ];
}

/** One CPU saturated while the average has room: a single-threaded bottleneck. One finding per CPU. */
export function cpuSingleHot(ctx: RunContext, spec: RuleSpec): CheckResult {
  if (ctx.perCpu.length < 2) return { skip: NO_PER_CPU };
  const total = ctx.busy(null);
  if (!total) return { skip: NO_CPU };
  const hot = spec.thresholds['cpuBusyPct']!;
  const room = spec.thresholds['averageBelowPct']!;
  const out: Draft[] = [];
  for (const cpu of ctx.perCpu) {
    const busy = ctx.busy(cpu.group);
    if (!busy) continue;
    const ranges = windowsWhere(ctx, spec.minSeconds, [
      { values: busy, above: hot },
      { values: total, below: room },
    ]);
    if (ranges.length === 0) continue;
    const peak = peakIn(busy, ranges);
    out.push({
      ranges,
      peak: { value: peak.value, unit: '%', row: peak.row, series: `${cpu.group}/busy` },
      evidence: { cpu: cpu.name, meanBusyPct: round(meanIn(busy, ranges)), meanTotalPct: round(meanIn(total, ranges)), cpus: ctx.perCpu.length },
      vars: { cpu: cpu.name, busy: round(meanIn(busy, ranges)), total: round(meanIn(total, ranges)), cpus: ctx.perCpu.length },
      charts: [`cpu:${cpu.name}`],
    });
  }
  return out;
}

/** A total CPU column (wai, stl) above a share. */
export function cpuColumnAbove(column: string, threshold: string) {
  return (ctx: RunContext, spec: RuleSpec): CheckResult => {
    const v = ctx.totalCpuCol(column);
    if (!v) return { skip: missing(`CPU ${column}`, '-c') };
    const limit = spec.thresholds[threshold]!;
    const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: v, above: limit }]);
    if (ranges.length === 0) return [];
    const peak = peakIn(v, ranges);
    const mean = meanIn(v, ranges);
    return [
      {
        ranges,
        peak: { value: peak.value, unit: '%', row: peak.row, series: `${ctx.totalCpuGroup ?? 'total cpu usage'}/${column}` },
        evidence: { [`mean_${column}Pct`]: round(mean) },
        vars: { value: round(mean) },
      },
    ];
  };
}

/** Kernel time dominates a busy CPU: busy ≥ a share and sys/(usr+sys) above a ratio. */
export function cpuSystemHeavy(ctx: RunContext, spec: RuleSpec): CheckResult {
  const busy = ctx.busy(null);
  const usr = ctx.totalCpuCol('usr');
  const sys = ctx.totalCpuCol('sys');
  if (!busy || !usr || !sys) return { skip: NO_CPU };
  const minBusy = spec.thresholds['busyPct']!;
  const ratio = spec.thresholds['sysShareRatio']!;
  if (!(ctx.stats(busy).max >= minBusy)) return [];
  // The kernel's share of the work, sys/(usr+sys), per sample (NaN when both are 0).
  const share = shareOf(sys, usr, ctx.floats());
  const ranges = windowsWhere(ctx, spec.minSeconds, [
    { values: busy, atLeast: minBusy },
    { values: share, above: ratio },
  ]);
  if (ranges.length === 0) return [];
  const peak = peakIn(sys, ranges);
  let s = 0;
  let u = 0;
  for (const r of ranges) {
    for (let i = r.a; i <= r.b; i++) {
      if (sys[i] === sys[i] && usr[i] === usr[i]) {
        s += sys[i]!;
        u += usr[i]!;
      }
    }
  }
  const sharePct = round((100 * s) / Math.max(1e-9, s + u));
  return [
    {
      ranges,
      peak: { value: peak.value, unit: '%', row: peak.row, series: `${ctx.totalCpuGroup ?? 'total cpu usage'}/sys` },
      evidence: { sysSharePct: sharePct, meanBusyPct: round(meanIn(busy, ranges)) },
      vars: { share: sharePct, busy: round(meanIn(busy, ranges)) },
    },
  ];
}

/** out[i] = part[i] / (part[i] + other[i]), in a function of its own (a hot loop alone compiles once). */
function shareOf(part: Float64Array, other: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = part[i]! / (other[i]! + part[i]!);
  return out;
}

/** Softirq piled on one CPU while the others have little. */
export function cpuSoftirqOne(ctx: RunContext, spec: RuleSpec): CheckResult {
  if (ctx.perCpu.length < 2) return { skip: NO_PER_CPU };
  const siq = ctx.perCpu.map((c) => ctx.col(c.group, 'siq'));
  if (siq.some((s) => !s)) return { skip: NO_PER_CPU_SIQ };
  const hot = spec.thresholds['siqPct']!;
  const cold = spec.thresholds['othersBelowPct']!;
  const out: Draft[] = [];
  ctx.perCpu.forEach((cpu, k) => {
    const mine = siq[k]!;
    const others = siq.filter((_, j) => j !== k).map((s) => ({ values: s!, below: cold }));
    const ranges = windowsWhere(ctx, spec.minSeconds, [{ values: mine, above: hot }, ...others]);
    if (ranges.length === 0) return;
    const peak = peakIn(mine, ranges);
    out.push({
      ranges,
      peak: { value: peak.value, unit: '%', row: peak.row, series: `${cpu.group}/siq` },
      evidence: { cpu: cpu.name, meanSiqPct: round(meanIn(mine, ranges)) },
      vars: { cpu: cpu.name, siq: round(meanIn(mine, ranges)) },
      charts: [`cpu:${cpu.name}`],
    });
  });
  return out;
}

export function round(x: number): number {
  return Math.round(x * 10) / 10;
}
