/**
 * Compare runs: line them up (align.ts), match their series (match.ts), take each run's figures over its
 * counted rows from the raw samples and each run's change against the baseline (delta.ts).
 */
import { countedRows, firstCountedRow } from './align.js';
import { delta, runFigures } from './delta.js';
import { matchSeries, runSeries } from './match.js';
import { twinOf } from './twins.js';
import type { ComparedSeries, CompareOptions, CompareRunInput, Comparison, Delta, ElapsedWindow, RunFigures } from './types.js';

/** Whole-run figures by series values: the default comparison, asked again and again, costs nothing twice. */
const wholeRun = new WeakMap<ArrayLike<number>, RunFigures | null>();

function figuresOf(run: CompareRunInput, values: ArrayLike<number>, rows: { from: number; to: number }): RunFigures | null {
  const whole = rows.from === firstCountedRow(run) && rows.to === run.time.length;
  if (!whole) return runFigures(values, rows.from, rows.to);
  let f = wholeRun.get(values);
  if (f === undefined) wholeRun.set(values, (f = runFigures(values, rows.from, rows.to)));
  return f;
}

export function compareRuns(runs: readonly CompareRunInput[], options: CompareOptions = {}): Comparison {
  const baseline = options.baseline ?? 0;
  if (!(Number.isInteger(baseline) && baseline >= 0 && baseline < runs.length)) {
    throw new RangeError(`baseline ${baseline} is not one of the ${runs.length} runs`);
  }
  const shifts = runs.map((_, i) => options.shifts?.[i] ?? 0);
  const rows = runs.map((run, i) => countedRows(run, intersect(options.window ?? null, options.runWindows?.[i] ?? null), shifts[i]));
  const perRun = runs.map(runSeries);
  const series: ComparedSeries[] = [];
  for (const id of matchSeries(perRun)) {
    const present = perRun.map((m) => m.get(id));
    const first = present.find((s) => s !== undefined)!;
    const figures: (RunFigures | null)[] = present.map((s, i) => (s ? figuresOf(runs[i]!, s.values, rows[i]!) : null));
    const base = figures[baseline];
    const deltas: (Delta | null)[] = figures.map((f, i) => (i !== baseline && f && base ? delta(base, f, options.minChange) : null));
    series.push({
      id,
      group: first.group,
      column: first.column,
      unit: first.unit,
      runs: figures,
      delta: deltas,
      derived: present.flatMap((s, i) => (s?.derived ? [i] : [])),
      ...twin(id, runs, present.map((s) => s !== undefined)),
    });
  }
  return { baseline, rows, series };
}

function twin(id: string, runs: readonly CompareRunInput[], present: readonly boolean[]): { twinOf?: string } {
  const device = twinOf(id, runs, present);
  return device === null ? {} : { twinOf: device };
}

/** Both windows' overlap (null = no limit); an empty overlap is a window that holds no row. */
function intersect(a: ElapsedWindow | null, b: ElapsedWindow | null): ElapsedWindow | null {
  if (!a) return b;
  if (!b) return a;
  const from = Math.max(a.from, b.from);
  const to = Math.min(a.to, b.to);
  return from <= to ? { from, to } : { from: Infinity, to: Infinity };
}

/**
 * How big a series' change is, to sort the Δ table by: the largest |Δavg %| of any run against the
 * baseline (Infinity for a change from a baseline of 0; 0 when nothing compares), whether any run's
 * change is significant, and `rank`: 2 significant, 1 within noise, 0 too few samples or nothing compared.
 */
export function changeSize(s: Pick<ComparedSeries, 'delta'>): { size: number; real: boolean; rank: number } {
  let size = 0;
  let rank = 0;
  for (const d of s.delta) {
    if (!d) continue;
    const pct = d.avgPct === null ? (d.avg === 0 ? 0 : Infinity) : Math.abs(d.avgPct);
    if (pct > size) size = pct;
    rank = Math.max(rank, d.verdict === 'significant' ? 2 : d.verdict === 'noise' ? 1 : 0);
  }
  return { size, real: rank === 2, rank };
}

/**
 * Series by significance (significant, then within noise, then too few samples), then by the size of
 * their change, largest first (stable: ties keep their order).
 */
export function sortByChange<T extends Pick<ComparedSeries, 'delta'>>(series: readonly T[]): T[] {
  return series
    .map((s, i) => ({ s, i, c: changeSize(s) }))
    .sort((a, b) => b.c.rank - a.c.rank || b.c.size - a.c.size || a.i - b.i)
    .map(({ s }) => s);
}
