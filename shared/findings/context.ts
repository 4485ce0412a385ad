/**
 * A run made ready for the rules, once per run: the samples after the since-boot row, times in seconds
 * from the first of them, the interval, columns by group and name, the CPU count and each CPU's busy share,
 * and what the rules derive from the columns (column-cache.ts), shared by all of them.
 */
import { Arena } from './arena.js';
import { ColumnCache, type ColumnStats } from './column-cache.js';
import type { FindingsRun } from './run-input.js';

/** Groups of per-CPU usage (`cpu0 usage`, dool's and pcp-dstat's alike) and of the total. */
const PER_CPU_GROUP = /^cpu(\d+) usage$/;
const TOTAL_CPU_GROUPS = ['total cpu usage', 'total usage', 'cpu usage'];
/** Busy = the CPU time spent on work: user, system, hard and soft interrupts (what the log has of them). */
const BUSY_COLUMNS = ['usr', 'sys', 'hiq', 'siq'];

export interface CpuCount {
  count: number;
  /** Where the count came from, for the evidence: `per-CPU columns` or `-C list`. */
  from: string;
}

export interface Cpu {
  /** `cpu0`, …, or `total`. */
  name: string;
  group: string;
}

export interface RunContext {
  /** Samples (rows after the since-boot row). */
  n: number;
  /** Seconds from the first sample, per sample. */
  t: Float64Array;
  intervalS: number;
  /** Largest time step still inside a window (twice the interval). */
  maxStepS: number;
  /** 1 at the samples whose step from the previous one is over `maxStepS` (no window spans it), else 0. */
  broken: Uint8Array;
  /** A column's samples, or null when the log lacks it. */
  col(group: string, column: string): Float64Array | null;
  /** Numeric groups of the run, in file order. */
  groups: readonly string[];
  cpus: CpuCount | null;
  perCpu: readonly Cpu[];
  /** The group of total CPU usage (the file's own, else null: then `totalBusy` is the mean of the CPUs). */
  totalCpuGroup: string | null;
  /** usr+sys+hiq+siq of a CPU group (total when null), or null when it lacks usr and sys. */
  busy(group: string | null): Float64Array | null;
  /** A column of total CPU usage (the file's, else the mean of the CPUs'), or null. */
  totalCpuCol(column: string): Float64Array | null;
  /** A column's max, min and idleness (ColumnCache.statsOf): a pass the first time. */
  stats(values: Float64Array): ColumnStats;
  /** Whether a column's samples are all 0 (ColumnCache.isIdle): next to no cost for a busy one. */
  isIdle(values: Float64Array): boolean;
  /** The same when a rule has asked already, else undefined (no pass). */
  knownStats(values: Float64Array): ColumnStats | undefined;
  /** The sum of the columns present, shared (ColumnCache.sum): read-only. */
  sum(parts: readonly (Float64Array | null)[]): Float64Array | null;
  /** q-quantiles of a column, each selected once per run (ColumnCache.quantiles). */
  quantiles(values: Float64Array, qs: readonly number[]): number[];
  /** Whether a column's q-quantile is at least a level (ColumnCache.quantileAtLeast). */
  quantileAtLeast(values: Float64Array, q: number, level: number): boolean;
  /** A column of n zeros, shared: read-only. */
  zeros(): Float64Array;
  /** The run's one buffer of per-sample conditions (measure.ts windowsWhere), n long; its content is the last caller's. */
  condition(): Uint8Array;
  /** Scratch for a rule, from the run's arena (arena.ts): doubles and integers as yet unwritten, flags zeroed; `length` n unless given. */
  floats(length?: number): Float64Array;
  ints(length?: number): Int32Array;
  flags(length?: number): Uint8Array;
  /** The run's findings are made: every derived column and scratch goes back to the arena. */
  release(): void;
}

/** Derived columns a run usually needs (sums, means, conditions, copies), for the arena's first size. */
const USUAL_DERIVED_COLUMNS = 24;

export function runContext(run: FindingsRun): RunContext {
  const s0 = run.firstRowIsSinceBoot ? 1 : 0;
  const rows = run.time.length;
  const n = Math.max(0, rows - s0);
  const arena = new Arena(USUAL_DERIVED_COLUMNS * 8 * n);
  const t = arena.floats(n);
  const t0 = n > 0 ? run.time[s0]! : 0;
  for (let i = 0; i < n; i++) t[i] = (run.time[s0 + i]! - t0) / 1000;
  const intervalS = intervalOf(run.intervalMs, t);
  const broken = arena.flags(n);
  for (let i = 1; i < n; i++) broken[i] = t[i]! - t[i - 1]! <= 2 * intervalS ? 0 : 1;
  const byKey = new Map<string, Float64Array>();
  const groups: string[] = [];
  for (const s of run.series) {
    if (s.kind !== 'number' || !(s.values instanceof Float64Array)) continue;
    const key = `${s.group}\u0000${s.column}`;
    if (byKey.has(key)) continue;
    byKey.set(key, s.values.subarray(s0, rows));
    if (!groups.includes(s.group)) groups.push(s.group);
  }
  const col = (group: string, column: string) => byKey.get(`${group}\u0000${column}`) ?? null;
  const perCpu: Cpu[] = [];
  for (const g of groups) {
    const m = PER_CPU_GROUP.exec(g);
    if (m) perCpu.push({ name: `cpu${m[1]}`, group: g });
  }
  const totalCpuGroup = TOTAL_CPU_GROUPS.find((g) => groups.includes(g)) ?? null;
  const cache = new ColumnCache(n, arena);
  let condition: Uint8Array | null = null;
  const busyCache = new Map<string, Float64Array | null>();
  const totalCache = new Map<string, Float64Array | null>();

  const totalCpuCol = (column: string): Float64Array | null => {
    if (totalCache.has(column)) return totalCache.get(column)!;
    let out: Float64Array | null = totalCpuGroup ? col(totalCpuGroup, column) : null;
    if (!out && !totalCpuGroup) out = cache.mean(perCpu.map((c) => col(c.group, column)));
    totalCache.set(column, out);
    return out;
  };
  const busy = (group: string | null): Float64Array | null => {
    const key = group ?? '\u0000total';
    if (busyCache.has(key)) return busyCache.get(key)!;
    const parts = BUSY_COLUMNS.map((c) => (group === null ? totalCpuCol(c) : col(group, c)));
    const out = parts[0] && parts[1] ? cache.sum(parts) : null;
    busyCache.set(key, out);
    return out;
  };
  return {
    n,
    t,
    intervalS,
    maxStepS: 2 * intervalS,
    broken,
    col,
    groups,
    cpus: cpuCount(perCpu.length, run.meta.cmdline),
    perCpu,
    totalCpuGroup,
    busy,
    totalCpuCol,
    stats: (values) => cache.statsOf(values),
    knownStats: (values) => cache.knownStats(values),
    isIdle: (values) => cache.isIdle(values),
    sum: (parts) => cache.sum(parts),
    quantiles: (values, qs) => cache.quantiles(values, qs),
    quantileAtLeast: (values, q, level) => cache.quantileAtLeast(values, q, level),
    zeros: () => cache.zeroColumn(),
    condition: () => (condition ??= arena.flags(n)),
    floats: (length = n) => arena.floats(length),
    ints: (length = n) => arena.ints(length),
    flags: (length = n) => arena.flags(length),
    release: () => arena.release(),
  };
}

/** The interval in seconds: the run's own, else the median time step, else 1. */
function intervalOf(intervalMs: number, t: Float64Array): number {
  if (Number.isFinite(intervalMs) && intervalMs > 0) return intervalMs / 1000;
  const steps: number[] = [];
  for (let i = 1; i < t.length; i++) if (t[i]! > t[i - 1]!) steps.push(t[i]! - t[i - 1]!);
  if (steps.length === 0) return 1;
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]!;
}

/**
 * The CPU count: the per-CPU columns when the log has two or more; else a `-C` list of the command line
 * that names CPUs (`-C 0,1,2,3,total`: 4); else unknown. A single `cpu0` group without total says nothing.
 */
function cpuCount(perCpu: number, cmdline: string): CpuCount | null {
  if (perCpu >= 2) return { count: perCpu, from: 'per-CPU columns' };
  const m = /(?:^|\s)-C\s*([\d,a-z]+)/.exec(cmdline);
  if (m) {
    const ids = m[1]!.split(',').filter((x) => /^\d+$/.test(x));
    if (ids.length >= 1 && perCpu <= ids.length) return { count: ids.length, from: '-C list' };
  }
  if (perCpu === 1) return { count: 1, from: 'per-CPU columns' };
  return null;
}

