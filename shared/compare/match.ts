/**
 * Series matched across runs. A series id names its device (`dsk/vda/read`, `net/eth0/recv`,
 * `cpu3 usage/usr`), so the same id is the same device and column in every run; a device only some runs
 * have is present in those and missing (null) in the others. Totals are compared even when the device
 * names differ: a run whose file has no total group (`dsk/total`) but two or more devices gets the total
 * the catalogue computes for its chart (sum, or mean for CPU %), under the producer's total id.
 */
import { resolveCharts } from '../catalogue/resolve.js';
import { sourceValues } from '../catalogue/derive.js';
import type { CompareRunInput } from './types.js';

/** A numeric series of one run, ready for statistics. */
export interface MatchedSeries {
  id: string;
  group: string;
  column: string;
  unit: string;
  values: ArrayLike<number>;
  /** Computed from the run's devices (the file has no such total). */
  derived: boolean;
}

/** Runs already matched: a run's series never change, and derived totals cost a pass over every device. */
const matched = new WeakMap<CompareRunInput, Map<string, MatchedSeries>>();

/** Every numeric series of a run by id, derived totals included (computed once per run object). */
export function runSeries(run: CompareRunInput): ReadonlyMap<string, MatchedSeries> {
  let out = matched.get(run);
  if (!out) matched.set(run, (out = collectSeries(run)));
  return out;
}

function collectSeries(run: CompareRunInput): Map<string, MatchedSeries> {
  const out = new Map<string, MatchedSeries>();
  const numeric = new Map<string, ArrayLike<number>>();
  for (const s of run.series) {
    if (s.kind !== 'number') continue;
    const values = s.values as ArrayLike<number>;
    numeric.set(s.id, values);
    out.set(s.id, { id: s.id, group: s.group, column: s.column, unit: s.unit, values, derived: false });
  }
  for (const chart of resolveCharts(run.series)) {
    if (!chart.derived) continue;
    for (const rs of chart.series) {
      const id = `${chart.derived.missing}/${rs.column}`;
      if (out.has(id)) continue;
      const values = sourceValues(rs.source, (part) => numeric.get(part) as Float64Array | undefined);
      if (!values) continue;
      out.set(id, { id, group: chart.derived.missing, column: rs.column, unit: rs.unit, values, derived: true });
    }
  }
  return out;
}

/**
 * Series ids of all runs, in first-seen order: the first run's order, then what only later runs have. A
 * total computed for one run sits where the runs that have a real one list it.
 */
export function matchSeries(perRun: readonly ReadonlyMap<string, MatchedSeries>[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  for (const pass of [false, true]) {
    for (const run of perRun) {
      for (const s of run.values()) {
        if (s.derived !== pass || seen.has(s.id)) continue;
        seen.add(s.id);
        order.push(s.id);
      }
    }
  }
  return order;
}
