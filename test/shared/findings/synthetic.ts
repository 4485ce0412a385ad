/** Small synthetic runs for the findings rules' tests: columns by `group/column`, one sample a second. */
import type { FindingsRun } from '../../../shared/findings/run-input.js';

export type Columns = Record<string, ArrayLike<number>>;

/** A run of `n` samples from columns named `group/column`; `time` overrides the 1-s clock (seconds). */
export function syntheticRun(columns: Columns, opts: { time?: number[]; cmdline?: string } = {}): FindingsRun {
  const n = Object.values(columns)[0]?.length ?? opts.time?.length ?? 0;
  const time = Float64Array.from(opts.time ?? Array.from({ length: n }, (_, i) => i), (s) => 1_700_000_000_000 + s * 1000);
  return {
    time,
    firstRowIsSinceBoot: false,
    intervalMs: 1000,
    meta: { cmdline: opts.cmdline ?? '' },
    series: Object.entries(columns).map(([key, values]) => {
      const at = key.lastIndexOf('/');
      return { kind: 'number', id: key, group: key.slice(0, at), column: key.slice(at + 1), unit: '', values: Float64Array.from(values) };
    }),
  };
}

/** `n` samples of `base`, with `value` over samples [from, to). */
export function step(n: number, base: number, value: number, from: number, to: number): number[] {
  return Array.from({ length: n }, (_, i) => (i >= from && i < to ? value : base));
}

/** Per-CPU and total usage columns for `cpus` CPUs, every CPU at `usr` (a function of sample and CPU) and sys 0. */
export function cpuColumns(n: number, cpus: number, usr: (i: number, cpu: number) => number, extra: Partial<Record<'sys' | 'wai' | 'stl' | 'siq', (i: number, cpu: number) => number>> = {}): Columns {
  const out: Columns = {};
  const total: Record<string, number[]> = { usr: [], sys: [], idl: [], wai: [], stl: [], siq: [], hiq: [] };
  for (let c = 0; c < cpus; c++) {
    const cols: Record<string, number[]> = { usr: [], sys: [], idl: [], wai: [], stl: [], siq: [], hiq: [] };
    for (let i = 0; i < n; i++) {
      const u = usr(i, c);
      const s = extra.sys?.(i, c) ?? 0;
      const w = extra.wai?.(i, c) ?? 0;
      const st = extra.stl?.(i, c) ?? 0;
      const q = extra.siq?.(i, c) ?? 0;
      cols.usr!.push(u);
      cols.sys!.push(s);
      cols.wai!.push(w);
      cols.stl!.push(st);
      cols.siq!.push(q);
      cols.hiq!.push(0);
      cols.idl!.push(Math.max(0, 100 - u - s - w - st - q));
    }
    for (const [k, v] of Object.entries(cols)) {
      out[`cpu${c} usage/${k}`] = v;
      total[k] = v.map((x, i) => (total[k]![i] ?? 0) + x / cpus);
    }
  }
  for (const [k, v] of Object.entries(total)) out[`total cpu usage/${k}`] = v;
  return out;
}
