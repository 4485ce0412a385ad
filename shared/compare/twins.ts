/**
 * Totals the Δ table leaves out as the report page does not draw them (the twin rule,
 * shared/catalogue/idle.ts twinTotalKeys): a family total — the file's own or one computed from its devices —
 * that is the same series as its only busy device ("Disk I/O (computed)" and "Disk I/O vda" on a host
 * whose other disks are idle loop and zram devices). The rule is a run's, over its whole run: a total is a
 * twin in a comparison when it is one, of the same device, in every run that has it.
 */
import { sourceValues } from '../catalogue/derive.js';
import { idleChartKeys, twinTotalKeys } from '../catalogue/idle.js';
import { resolveCharts } from '../catalogue/resolve.js';
import type { ResolvedChart, ResolvedSeries } from '../catalogue/types.js';
import { firstCountedRow } from './align.js';
import type { CompareRunInput } from './types.js';

/** A run's twins, computed once per run object: total series id → the device series id it equals. */
const cache = new WeakMap<CompareRunInput, ReadonlyMap<string, string>>();

/** Of one run: each twin total's series (its id as compare's matching names it) → its device's series id. */
export function runTwins(run: CompareRunInput): ReadonlyMap<string, string> {
  let out = cache.get(run);
  if (!out) cache.set(run, (out = collectTwins(run)));
  return out;
}

function collectTwins(run: CompareRunInput): Map<string, string> {
  const out = new Map<string, string>();
  const byId = new Map(run.series.map((s) => [s.id, s]));
  const lookup = (id: string): Float64Array | undefined => {
    const s = byId.get(id);
    if (!s || s.kind !== 'number') return undefined;
    return s.values instanceof Float64Array ? s.values : Float64Array.from(s.values as ArrayLike<number>);
  };
  const charts = resolveCharts(run.series);
  const valuesOf = (source: ResolvedSeries['source']) => sourceValues(source, lookup);
  const first = firstCountedRow(run);
  const idle = idleChartKeys(charts, valuesOf, first);
  for (const key of twinTotalKeys(charts, valuesOf, idle, first)) {
    const total = charts.find((c) => c.key === key)!;
    // twinTotalKeys found exactly one busy device of the family.
    const device = charts.find((c) => c.specId === total.specId && c.device !== null && c.device !== 'total' && !idle.has(c.key));
    if (!device) continue;
    for (const ts of total.series) {
      const ds = device.series.find((s) => s.label === ts.label && s.role === ts.role);
      if (ds && ds.source.combine === 'one') out.set(seriesId(total, ts), ds.source.ids[0]!);
    }
  }
  return out;
}

/** A total's series id as compare matches it (match.ts): the producer's total id for a computed one. */
function seriesId(chart: ResolvedChart, s: ResolvedSeries): string {
  return chart.derived ? `${chart.derived.missing}/${s.column}` : s.source.ids[0]!;
}

/**
 * The device series a compared total is the twin of in every run that has it (`present`: per run, whether
 * it has the series); null when it is not one in some run, or of different devices.
 */
export function twinOf(id: string, runs: readonly CompareRunInput[], present: readonly boolean[]): string | null {
  let device: string | null = null;
  for (let i = 0; i < runs.length; i++) {
    if (!present[i]) continue;
    const d = runTwins(runs[i]!).get(id);
    if (d === undefined || (device !== null && d !== device)) return null;
    device = d;
  }
  return device;
}
