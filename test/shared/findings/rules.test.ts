/**
 * Each rule of the findings table on small synthetic columns: it fires on its situation, with the window
 * where it held and numbers in its text, and not just below its threshold or shorter than its least
 * duration; a rule whose columns are missing is skipped with the reason.
 */
import { describe, expect, it } from 'vitest';
import { evaluateFindings } from '../../../shared/findings/evaluate.js';
import type { Finding, FindingRuleId, RunFindings } from '../../../shared/findings/finding.js';
import { FINDING_RULE_IDS } from '../../../shared/findings/finding.js';
import { RULES } from '../../../shared/findings/rules.js';
import { cpuColumns, step, syntheticRun, type Columns } from './synthetic.js';

const MiB = 1024 * 1024;

function run(columns: Columns, opts?: Parameters<typeof syntheticRun>[1], links?: Map<string, number>): RunFindings {
  return evaluateFindings(syntheticRun(columns, opts), links ? { links } : {});
}
function found(r: RunFindings, rule: FindingRuleId): Finding[] {
  return r.findings.filter((f) => f.rule === rule);
}
const idle = (n: number) => cpuColumns(n, 2, () => 1);

describe('the rule table', () => {
  it('declares every rule id of the API once, each with a source, texts in both languages and charts', () => {
    expect(RULES.map((r) => r.id).sort()).toEqual([...FINDING_RULE_IDS].sort());
    for (const r of RULES) {
      expect(r.source.length, r.id).toBeGreaterThan(10);
      expect(r.text.en, r.id).toContain('{span}');
      expect(r.text.ja, r.id).toMatch(/\{span\}/);
    }
  });
});

describe('cpu-saturated', () => {
  it('run queue above the CPU count for ≥ 10 s: its window and the numbers; critical at twice the CPUs', () => {
    const r = run({ ...idle(60), 'procs/run': step(60, 1, 5, 20, 41) });
    const [f] = found(r, 'cpu-saturated');
    expect(f?.windows).toEqual([{ from: 19, to: 40 }]);
    expect(f?.severity).toBe('critical');
    expect(f?.text.en).toContain('run queue 5 on 2 CPUs for 21 s (19–40 s)');
    expect(f?.peak).toMatchObject({ value: 5, series: 'procs/run', at: 20 });
  });
  it('a warning between the CPU count and twice it; nothing at the CPU count or for 9 s', () => {
    expect(found(run({ ...idle(60), 'procs/run': step(60, 1, 3, 20, 41) }), 'cpu-saturated')[0]?.severity).toBe('warning');
    expect(found(run({ ...idle(60), 'procs/run': step(60, 1, 2, 20, 41) }), 'cpu-saturated')).toEqual([]);
    expect(found(run({ ...idle(60), 'procs/run': step(60, 1, 5, 20, 28) }), 'cpu-saturated')).toEqual([]);
  });
  it('a one-sample dip does not split the window; two do', () => {
    const dip1 = step(60, 1, 5, 10, 40).map((v, i) => (i === 25 ? 1 : v));
    expect(found(run({ ...idle(60), 'procs/run': dip1 }), 'cpu-saturated')[0]?.windows).toEqual([{ from: 9, to: 39 }]);
    const dip2 = step(60, 1, 5, 10, 40).map((v, i) => (i === 25 || i === 26 ? 1 : v));
    expect(found(run({ ...idle(60), 'procs/run': dip2 }), 'cpu-saturated')[0]?.windows).toEqual([
      { from: 9, to: 24 },
      { from: 26, to: 39 },
    ]);
  });
  it('skipped without a CPU count, with how to record one; the -C list counts', () => {
    const cols = { 'procs/run': step(60, 1, 5, 20, 41), 'total cpu usage/usr': step(60, 1, 1, 0, 0), 'total cpu usage/sys': step(60, 0, 0, 0, 0) };
    expect(run(cols).skipped.find((s) => s.rule === 'cpu-saturated')?.why.en).toMatch(/CPU count is unknown.*-C 0,1,…,total or -f/);
    expect(found(run(cols, { cmdline: 'dstat -tcp -C 0,1,total --output x.csv' }), 'cpu-saturated')).toHaveLength(1);
  });
});

describe('cpu-busy', () => {
  it('busy > 90 % for ≥ 20 s, not for 19 s nor at 90 %', () => {
    expect(found(run(cpuColumns(60, 2, (i) => (i >= 10 && i < 45 ? 95 : 1))), 'cpu-busy')[0]?.windows).toEqual([{ from: 9, to: 44 }]);
    expect(found(run(cpuColumns(60, 2, (i) => (i >= 10 && i < 30 ? 95 : 1))), 'cpu-busy')).toHaveLength(1);
    expect(found(run(cpuColumns(60, 2, (i) => (i >= 10 && i < 29 ? 95 : 1))), 'cpu-busy')).toEqual([]);
    expect(found(run(cpuColumns(60, 2, (i) => (i >= 10 && i < 45 ? 90 : 1))), 'cpu-busy')).toEqual([]);
  });
});

describe('cpu-single-hot', () => {
  it('one CPU > 95 % while the average is < 60 % for ≥ 10 s: names the CPU', () => {
    const r = run(cpuColumns(40, 4, (i, c) => (c === 2 && i >= 5 && i < 25 ? 99 : 5)));
    const [f] = found(r, 'cpu-single-hot');
    expect(f?.evidence['cpu']).toBe('cpu2');
    expect(f?.charts).toContain('cpu:cpu2');
    expect(f?.text.en).toMatch(/^cpu2 99 % busy while all 4 CPUs average/);
  });
  it('not when every CPU is busy (the average has no room), and skipped without per-CPU columns', () => {
    expect(found(run(cpuColumns(40, 2, (i) => (i >= 5 && i < 25 ? 99 : 5))), 'cpu-single-hot')).toEqual([]);
    const r = run({ 'total cpu usage/usr': step(40, 1, 99, 5, 25), 'total cpu usage/sys': step(40, 0, 0, 0, 0) });
    expect(r.skipped.find((s) => s.rule === 'cpu-single-hot')?.why.en).toContain('no per-CPU columns: record with -C 0,1,…,total or -f');
  });
});

describe('cpu-iowait, cpu-steal', () => {
  it('wai > 20 % for ≥ 30 s; stl > 10 % for ≥ 30 s', () => {
    expect(found(run(cpuColumns(60, 2, () => 5, { wai: (i) => (i < 35 ? 30 : 0) })), 'cpu-iowait')[0]?.text.en).toContain('30 %');
    expect(found(run(cpuColumns(60, 2, () => 5, { wai: (i) => (i < 35 ? 19 : 0) })), 'cpu-iowait')).toEqual([]);
    expect(found(run(cpuColumns(60, 2, () => 5, { stl: (i) => (i < 35 ? 15 : 0) })), 'cpu-steal')).toHaveLength(1);
    expect(found(run(cpuColumns(60, 2, () => 5, { stl: (i) => (i < 25 ? 15 : 0) })), 'cpu-steal')).toEqual([]);
  });
});

describe('cpu-system-heavy', () => {
  it('busy ≥ 70 % with sys over 75 % of it for ≥ 10 s; not when user time dominates', () => {
    const heavy = cpuColumns(40, 2, (i) => (i < 20 ? 10 : 1), { sys: (i) => (i < 20 ? 70 : 0) });
    expect(found(run(heavy), 'cpu-system-heavy')[0]?.evidence['sysSharePct']).toBe(87.5);
    const user = cpuColumns(40, 2, (i) => (i < 20 ? 60 : 1), { sys: (i) => (i < 20 ? 30 : 0) });
    expect(found(run(user), 'cpu-system-heavy')).toEqual([]);
  });
});

describe('cpu-softirq-one', () => {
  it('one CPU > 30 % softirq while the others < 5 %; skipped without per-CPU siq', () => {
    const r = run(cpuColumns(40, 4, () => 5, { siq: (i, c) => (c === 0 && i < 20 ? 40 : 1) }));
    expect(found(r, 'cpu-softirq-one')[0]?.evidence['cpu']).toBe('cpu0');
    const spread = run(cpuColumns(40, 4, () => 5, { siq: (i) => (i < 20 ? 40 : 1) }));
    expect(found(spread, 'cpu-softirq-one')).toEqual([]);
    const cols = cpuColumns(40, 2, () => 5);
    for (const k of Object.keys(cols)) if (k.endsWith('/siq')) delete cols[k];
    expect(run(cols).skipped.map((s) => s.rule)).toContain('cpu-softirq-one');
  });
});

describe('disk-saturated', () => {
  const n = 60;
  const writ = step(n, 0, 100 * MiB, 10, 40).map((v, i) => v * (i % 2 ? 1 : 0.97));
  it('throughput at its ceiling while the CPUs wait on I/O > 10 % for ≥ 10 s: names the disk', () => {
    const r = run({ ...cpuColumns(n, 2, () => 5, { wai: (i) => (i >= 10 && i < 40 ? 25 : 0) }), 'dsk/sdb/read': step(n, 0, 0, 0, 0), 'dsk/sdb/writ': writ });
    const [f] = found(r, 'disk-saturated');
    expect(f?.evidence['disk']).toBe('sdb');
    expect(f?.windows).toEqual([{ from: 9, to: 39 }]);
    expect(f?.text.en).toContain('with CPUs waiting on I/O 25 %');
  });
  it('without I/O wait: only a high plateau of ≥ 15 s counts (asynchronous I/O)', () => {
    const r = run({ ...cpuColumns(n, 2, () => 5), 'dsk/sdb/read': step(n, 0, 0, 0, 0), 'dsk/sdb/writ': writ });
    expect(found(r, 'disk-saturated')[0]?.text.en).toContain('without I/O wait');
    const short = step(n, 0, 100 * MiB, 10, 24);
    expect(found(run({ ...cpuColumns(n, 2, () => 5), 'dsk/sdb/writ': short }), 'disk-saturated')).toEqual([]);
    const low = step(n, 0, 5 * MiB, 10, 40);
    expect(found(run({ ...cpuColumns(n, 2, () => 5), 'dsk/sdb/writ': low }), 'disk-saturated')).toEqual([]);
  });
  it('the ceiling is the level the disk sustains: a burst above it first does not hide the plateau; a writer throttled far under the peak is not at it', () => {
    // 5 s at 300 MiB/s (a cache filling), then 30 s at 240 MiB/s: under 90 % of the burst, the run's 98th percentile.
    const burst = (low: number) => Array.from({ length: n }, (_, i) => (i >= 10 && i < 15 ? 300 * MiB : i >= 15 && i < 45 ? low * (i % 2 ? 1 : 0.97) : 0));
    const [f] = found(run({ ...cpuColumns(n, 2, () => 5), 'dsk/sdb/writ': burst(240 * MiB) }), 'disk-saturated');
    expect(f?.windows).toEqual([{ from: 9, to: 44 }]);
    expect(f?.evidence['percentile98']).toBe(300 * MiB);
    // The plateau's own level (its mean: the 240 MiB/s stretch and the burst it took in), well under the burst's.
    expect(f?.evidence['ceiling']).toBeGreaterThan(230 * MiB);
    expect(f?.evidence['ceiling']).toBeLessThan(260 * MiB);
    expect(f?.text.en).toMatch(/sdb at its ceiling \(2[34]\d MiB\/s\)/);
    // A writer held at 120 MiB/s after the burst: under 75 % of the peak, so not the disk's ceiling.
    expect(found(run({ ...cpuColumns(n, 2, () => 5), 'dsk/sdb/writ': burst(120 * MiB) }), 'disk-saturated')).toEqual([]);
  });
  it('partitions are left out (their disk counts them)', () => {
    const r = run({ ...cpuColumns(n, 2, () => 5, { wai: () => 30 }), 'dsk/sda1/writ': writ });
    expect(found(r, 'disk-saturated')).toEqual([]);
  });
});

describe('memory-pressure', () => {
  const GiB = 1024 * MiB;
  it('free + cache under 10 % of memory for ≥ 30 s', () => {
    const used = step(60, 4 * GiB, 15.5 * GiB, 10, 50);
    const free = used.map((u) => 16 * GiB - u - 0.2 * GiB);
    const r = run({ 'memory usage/used': used, 'memory usage/free': free, 'memory usage/buff': step(60, 0.1 * GiB, 0.1 * GiB, 0, 0), 'memory usage/cach': step(60, 0.1 * GiB, 0.1 * GiB, 0, 0) });
    expect(found(r, 'memory-pressure')[0]?.windows).toEqual([{ from: 9, to: 49 }]);
  });
  it('the cache halved while used memory grows: its own sentence; not a cache dropped on purpose', () => {
    const cach = Array.from({ length: 60 }, (_, i) => (i < 20 ? 8 * GiB : Math.max(2 * GiB, 8 * GiB - (i - 20) * 0.5 * GiB)));
    const used = cach.map((c) => 2 * GiB + (8 * GiB - c));
    const free = used.map(() => 5 * GiB);
    const r = run({ 'memory usage/used': used, 'memory usage/free': free, 'memory usage/cach': cach });
    expect(found(r, 'memory-pressure')[0]?.text.en).toMatch(/^the page cache shrank from 8 GiB to 4 GiB while used memory grew by 4 GiB/);
    const dropped = run({ 'memory usage/used': used.map(() => 2 * GiB), 'memory usage/free': free, 'memory usage/cach': cach });
    expect(found(dropped, 'memory-pressure')).toEqual([]);
  });
});

describe('swapping', () => {
  it('page-out ≥ 5 pages/s in ≥ 30 % of the samples of 10-s windows; not a lone burst', () => {
    const out = Array.from({ length: 60 }, (_, i) => (i >= 20 && i < 40 && i % 3 === 0 ? 100 * 4096 : 0));
    const [f] = found(run({ 'paging/in': step(60, 0, 0, 0, 0), 'paging/out': out }), 'swapping');
    expect(f?.severity).toBe('critical');
    expect(f?.windows[0]!.from).toBeGreaterThanOrEqual(19);
    expect(f?.windows[0]!.to).toBeLessThanOrEqual(40);
    const lone = step(60, 0, 100 * 4096, 20, 22);
    expect(found(run({ 'paging/out': lone }), 'swapping')).toEqual([]);
  });
});

describe('csw-storm, interrupt-storm', () => {
  it('csw > 4,000/s per CPU for ≥ 10 s', () => {
    expect(found(run({ ...idle(40), 'system/csw': step(40, 500, 9000, 5, 20) }), 'csw-storm')[0]?.text.en).toContain('9,000 context switches/s (4,500 per CPU on 2 CPUs)');
    expect(found(run({ ...idle(40), 'system/csw': step(40, 500, 7900, 5, 20) }), 'csw-storm')).toEqual([]);
  });
  it('int > 20,000/s per CPU and > 10× the run median for ≥ 10 s', () => {
    expect(found(run({ ...idle(40), 'system/int': step(40, 1000, 50_000, 5, 20) }), 'interrupt-storm')).toHaveLength(1);
    expect(found(run({ ...idle(40), 'system/int': step(40, 30_000, 50_000, 5, 20) }), 'interrupt-storm')).toEqual([]);
  });
});

describe('load-high', () => {
  it('load1 above max(3 × CPUs, 4) for ≥ 10 s', () => {
    expect(found(run({ ...idle(40), 'load avg/1m': step(40, 1, 7, 5, 20) }), 'load-high')[0]?.evidence['limit']).toBe(6);
    expect(found(run({ ...idle(40), 'load avg/1m': step(40, 1, 5.9, 5, 20) }), 'load-high')).toEqual([]);
  });
});

describe('periodic-bursts', () => {
  it('a disk bursting every 8 s: names the period; not a single burst, not noise', () => {
    const writ = Array.from({ length: 80 }, (_, i) => (i % 8 < 2 ? 200 * MiB : 0.1 * MiB));
    const [f] = found(run({ ...idle(80), 'dsk/sda/writ': writ }), 'periodic-bursts');
    expect(f?.evidence['periodS']).toBe(8);
    expect(f?.text.en).toMatch(/^disk throughput bursts every 8 s/);
    expect(found(run({ ...idle(80), 'dsk/sda/writ': step(80, 0, 200 * MiB, 30, 33) }), 'periodic-bursts')).toEqual([]);
    let seed = 7;
    const noise = Array.from({ length: 80 }, () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 50 * MiB);
    expect(found(run({ ...idle(80), 'dsk/sda/writ': noise }), 'periodic-bursts')).toEqual([]);
  });
});

describe('sampling-gaps', () => {
  it('a time step over twice the interval: its window, the samples missed', () => {
    const time = [...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 26 + i)];
    const [f] = found(run({ ...idle(40) }, { time }), 'sampling-gaps');
    expect(f?.windows).toEqual([{ from: 19, to: 26 }]);
    expect(f?.evidence).toMatchObject({ gaps: 1, missedSamples: 6, longestGapS: 7 });
    expect(f?.severity).toBe('warning');
    const late = [...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 23 + i)];
    expect(found(run({ ...idle(40) }, { time: late }), 'sampling-gaps')[0]?.severity).toBe('info');
    const jitter = Array.from({ length: 40 }, (_, i) => i + (i % 5 === 0 ? 0.9 : 0));
    expect(found(run({ ...idle(40) }, { time: jitter }), 'sampling-gaps')).toEqual([]);
  });
});

describe('steady-state', () => {
  it('a ramp then a steady load: the steady window, warm-up and cool-down', () => {
    const busy = (i: number) => (i < 10 ? 1 : i < 40 ? 10 + (i - 10) * 2.5 : i < 90 ? 85 + (i % 3) : 1);
    const [f] = found(run(cpuColumns(100, 2, busy)), 'steady-state');
    expect(f?.severity).toBe('info');
    expect(f!.windows[0]!.from).toBeGreaterThanOrEqual(35);
    expect(f!.windows[0]!.from).toBeLessThanOrEqual(41);
    expect(f!.windows[0]!.to).toBe(89);
    expect(f!.evidence['warmupS']).toBeGreaterThan(20);
  });
  it('an empty cell (a gap) inside the steady stretch does not end it', () => {
    const cols = cpuColumns(100, 2, (i) => (i < 10 ? 1 : i < 90 ? 85 + (i % 3) : 1));
    cols['total cpu usage/usr'] = Array.from(cols['total cpu usage/usr']!, (v, i) => (i === 30 ? NaN : v));
    const [f] = found(run(cols), 'steady-state');
    expect(f!.windows[0]!.from).toBeLessThanOrEqual(12);
    expect(f!.windows[0]!.to).toBe(89);
    expect(f!.text.en).toMatch(/^CPU busy steady at 86 %/);
  });
  it('nothing on an idle run', () => {
    expect(found(run(idle(100)), 'steady-state')).toEqual([]);
  });
});

describe('net-near-link', () => {
  it('skipped without a link speed; with one, > 85 % of it for ≥ 10 s', () => {
    const cols = { ...idle(40), 'net/eth0/recv': step(40, 0, 118e6, 5, 25), 'net/eth0/send': step(40, 0, 1e6, 0, 40) };
    expect(run(cols).skipped.find((s) => s.rule === 'net-near-link')?.why.en).toBe('no link speed given (e.g. ?link=eth0:10G, CLI --link eth0:10G)');
    const [f] = found(run(cols, {}, new Map([['eth0', 125e6]])), 'net-near-link');
    expect(f?.evidence).toMatchObject({ nic: 'eth0', direction: 'receive', linkPct: 94.4 });
    expect(found(run(cols, {}, new Map([['eth0', 1250e6]])), 'net-near-link')).toEqual([]);
  });
});

describe('evaluateFindings', () => {
  it('sorts most severe first, then longest first', () => {
    const r = run({ ...cpuColumns(80, 2, (i) => (i < 60 ? 99 : 1)), 'procs/run': step(80, 1, 5, 0, 15), 'system/csw': step(80, 100, 20_000, 0, 50) });
    expect(r.findings.map((f) => f.rule)).toEqual(['cpu-saturated', 'cpu-busy', 'csw-storm', 'steady-state']);
  });
});
