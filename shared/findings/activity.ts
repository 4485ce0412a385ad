/**
 * The activities of a run, for the rules that look at its shape over time (periodic bursts, steady state):
 * total CPU busy, the disks' summed throughput and the interfaces' summed traffic — each with the level below
 * which it is not activity worth naming (an idle host's journal flushes, a few % of CPU).
 */
import { DISK_TOTAL_EXCLUDE, NET_TOTAL_EXCLUDE } from '../catalogue/catalogue.js';
import type { FindingResource } from './finding.js';
import type { RunContext } from './context.js';
import { devices } from './checks-io.js';

export interface Activity {
  resource: FindingResource;
  /** Series id named by a finding (`total cpu usage/busy`, `dsk/total`, `net/total`). */
  series: string;
  /** Words for the texts. */
  what: { en: string; ja: string };
  unit: string;
  values: Float64Array;
  /** Least level that counts as activity, in `unit`. */
  floor: number;
  chart: string;
  /** The q-quantile of `values` (RunContext `quantiles`: each selected once per run). */
  quantile(q: number): number;
  /** Whether the q-quantile is at least the floor (RunContext `quantileAtLeast`: without selecting it when it is not). */
  active(q: number): boolean;
}

export interface ActivityFloors {
  cpuPct: number;
  bytesPerS: number;
}

/** Per run context and floors, made once: both shape rules read the same sums. */
const made = new WeakMap<RunContext, Map<string, Activity[]>>();

export function activities(ctx: RunContext, floors: ActivityFloors): Activity[] {
  const key = `${floors.cpuPct}/${floors.bytesPerS}`;
  let byFloors = made.get(ctx);
  if (!byFloors) made.set(ctx, (byFloors = new Map()));
  const known = byFloors.get(key);
  if (known) return known;
  const out: Activity[] = [];
  byFloors.set(key, out);
  const levels = (values: Float64Array, floor: number) => ({
    quantile: (q: number) => ctx.quantiles(values, [q])[0]!,
    active: (q: number) => ctx.quantileAtLeast(values, q, floor),
  });
  const busy = ctx.busy(null);
  if (busy) out.push({ resource: 'cpu', series: 'total cpu usage/busy', what: { en: 'CPU busy', ja: 'CPU 使用率' }, unit: '%', values: busy, floor: floors.cpuPct, chart: 'cpu:total', ...levels(busy, floors.cpuPct) });
  const disk = summed(ctx, 'dsk', DISK_TOTAL_EXCLUDE, ['read', 'writ']);
  if (disk) out.push({ resource: 'disk', series: disk.series, what: { en: 'disk throughput', ja: 'ディスク転送量' }, unit: 'bytes/s', values: disk.values, floor: floors.bytesPerS, chart: disk.chart, ...levels(disk.values, floors.bytesPerS) });
  const net = summed(ctx, 'net', NET_TOTAL_EXCLUDE, ['recv', 'send']);
  if (net) out.push({ resource: 'network', series: net.series, what: { en: 'network traffic', ja: 'ネットワーク転送量' }, unit: 'bytes/s', values: net.values, floor: floors.bytesPerS, chart: net.chart, ...levels(net.values, floors.bytesPerS) });
  return out;
}

/** The producer's own total group when present, else the sum of the devices. */
function summed(ctx: RunContext, prefix: 'dsk' | 'net', exclude: RegExp, columns: readonly string[]) {
  const kind = prefix === 'dsk' ? 'disk' : 'net';
  const own = ctx.sum(columns.map((c) => ctx.col(`${prefix}/total`, c)));
  if (own) return { values: own, series: `${prefix}/total`, chart: `${kind}:total` };
  const devs = devices(ctx, prefix, exclude);
  if (devs.length === 0) return null;
  const values = ctx.sum(devs.flatMap((d) => columns.map((c) => ctx.col(`${prefix}/${d}`, c))));
  if (!values) return null;
  return devs.length === 1
    ? { values, series: `${prefix}/${devs[0]}`, chart: `${kind}:${devs[0]}` }
    : { values, series: `${prefix}/total`, chart: `${kind}:total` };
}
