/**
 * shared/compare on real fixtures: each run's figures against statistics computed in the test without the
 * parser (test/helpers/independent-stats.ts), deltas against those, a run compared with itself, device
 * matching (disjoint, overlapping, totals computed for a file that has none), a multi-run file's runs,
 * alignment (shift, common window) and the order of the Δ table.
 */
import { describe, expect, it } from 'vitest';
import {
  changeSize,
  commonWindow,
  compareRuns,
  countedRows,
  deltaTable,
  deltaTableMarkdown,
  deltaTableTsv,
  sortByChange,
  type CompareRunInput,
  type ComparedSeries,
  type Verdict,
} from '../../../shared/compare/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';
import { figuresOf, independentColumns } from '../../helpers/independent-stats.js';

const lastRun = (name: string) => parseDstat(readFixture(name)).runs.at(-1)!;
const A = 'd072_tfvnrl.csv';
const B = 'd070_tfvnrl.csv';
const CHOSEN = ['cpu0 usage/usr', 'cpu1 usage/idl', 'memory usage/used', 'dsk/vda/writ', 'net/eth0/recv', 'system/csw', 'procs/new'];

function byId(series: readonly ComparedSeries[], id: string): ComparedSeries {
  const s = series.find((x) => x.id === id);
  if (!s) throw new Error(`no series ${id}`);
  return s;
}

describe('compareRuns on two real logs', () => {
  const result = compareRuns([lastRun(A), lastRun(B)]);
  const colsA = independentColumns(readFixture(A));
  const colsB = independentColumns(readFixture(B));

  it.each(CHOSEN)('%s: each run as computed without the parser, the delta as B − A', (id) => {
    const s = byId(result.series, id);
    const fa = figuresOf(colsA.get(id)!);
    const fb = figuresOf(colsB.get(id)!);
    for (const [got, want] of [
      [s.runs[0]!, fa],
      [s.runs[1]!, fb],
    ] as const) {
      expect(got.min).toBe(want.min);
      expect(got.max).toBe(want.max);
      expect(got.p95).toBe(want.p95);
      expect(got.avg).toBeCloseTo(want.avg, 9);
    }
    expect(s.delta[0]).toBeNull();
    const d = s.delta[1]!;
    expect(d.avg).toBeCloseTo(fb.avg - fa.avg, 9);
    expect(d.p95).toBe(fb.p95 - fa.p95);
    expect(d.max).toBe(fb.max - fa.max);
    const pct = (b: number, a: number) => (a === 0 ? null : ((b - a) / Math.abs(a)) * 100);
    for (const [got, want] of [
      [d.avgPct, pct(fb.avg, fa.avg)],
      [d.p95Pct, pct(fb.p95, fa.p95)],
      [d.maxPct, pct(fb.max, fa.max)],
    ] as const) {
      if (want === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(want, 6);
    }
    // The interval is centred on Δavg; significant only when it excludes 0.
    expect((d.avgCi[0] + d.avgCi[1]) / 2).toBeCloseTo(d.avg, 6);
    if (d.verdict === 'significant') expect(d.avgCi[0] > 0 || d.avgCi[1] < 0).toBe(true);
    expect(d.withinNoise).toBe(d.verdict !== 'significant');
  });

  it('baseline 1 turns the deltas round', () => {
    const turned = compareRuns([lastRun(A), lastRun(B)], { baseline: 1 });
    const s = byId(turned.series, 'dsk/vda/writ');
    expect(s.delta[1]).toBeNull();
    expect(s.delta[0]!.max).toBe(-byId(result.series, 'dsk/vda/writ').delta[1]!.max);
  });

  it('a percentage of a baseline of 0 is null, never Infinity', () => {
    const s = byId(result.series, 'dsk/loop0/read');
    expect(s.runs[0]!.max).toBe(0);
    expect(s.delta[1]!.avgPct).toBeNull();
    expect(s.delta[1]!.maxPct).toBeNull();
  });

  it('refuses a baseline that is not a run', () => {
    expect(() => compareRuns([lastRun(A)], { baseline: 1 })).toThrow(RangeError);
  });
});

describe('a run compared with itself', () => {
  it('every delta is 0 and within noise (none significant)', () => {
    const run = lastRun(A);
    const result = compareRuns([run, run]);
    expect(result.series.length).toBeGreaterThan(40);
    for (const s of result.series) {
      if (!s.runs[0]) continue;
      expect(s.runs[1]).toEqual(s.runs[0]);
      expect(s.delta[1]).toMatchObject({ avg: 0, p95: 0, max: 0, withinNoise: true });
      expect(s.delta[1]!.verdict).not.toBe('significant');
      for (const p of [s.delta[1]!.avgPct, s.delta[1]!.p95Pct, s.delta[1]!.maxPct]) expect(p === null || p === 0).toBe(true);
    }
  });
});

/** A tiny run: 1 s samples, row 0 the since-boot average, one series per id with the given values. */
function run(series: Record<string, number[]>, start = 0, stepMs = 1000): CompareRunInput {
  const n = Object.values(series)[0]!.length;
  return {
    time: Float64Array.from({ length: n }, (_, i) => start + i * stepMs),
    firstRowIsSinceBoot: true,
    series: Object.entries(series).map(([id, values]) => {
      const cut = id.lastIndexOf('/');
      return { id, group: id.slice(0, cut), column: id.slice(cut + 1), unit: 'bytes/s', kind: 'number' as const, values: Float64Array.from(values) };
    }),
  };
}

describe('device matching', () => {
  it('disjoint devices: each present in its own run, missing (null) in the other', () => {
    const r = compareRuns([run({ 'dsk/sda/read': [9, 1, 2] }), run({ 'dsk/sdb/read': [9, 3, 4] })]);
    expect(byId(r.series, 'dsk/sda/read').runs.map((f) => f?.avg ?? null)).toEqual([1.5, null]);
    expect(byId(r.series, 'dsk/sdb/read').runs.map((f) => f?.avg ?? null)).toEqual([null, 3.5]);
    expect(byId(r.series, 'dsk/sdb/read').delta).toEqual([null, null]);
  });

  it('overlapping devices: the shared one compared, the others missing in the run without them', () => {
    const r = compareRuns([
      run({ 'net/eth0/recv': [0, 10, 10], 'net/eth1/recv': [0, 5, 5] }),
      run({ 'net/eth0/recv': [0, 20, 20], 'net/wlan0/recv': [0, 1, 1] }),
    ]);
    expect(r.series.map((s) => s.id)).toEqual(['net/eth0/recv', 'net/eth1/recv', 'net/wlan0/recv', 'net/total/recv']);
    expect(byId(r.series, 'net/eth0/recv').delta[1]).toMatchObject({ avg: 10, avgPct: 100 });
    expect(byId(r.series, 'net/eth1/recv').runs[1]).toBeNull();
    expect(byId(r.series, 'net/wlan0/recv').runs[0]).toBeNull();
    // Totals compare although the devices differ: computed for both files (neither has net/total).
    const total = byId(r.series, 'net/total/recv');
    expect(total.derived).toEqual([0, 1]);
    expect(total.runs.map((f) => f!.avg)).toEqual([15, 21]);
  });

  it('a real total in one file, a computed one in the other (dstat per-CPU vs dool total)', () => {
    const r = compareRuns([lastRun('d072_tfvnrl.csv'), lastRun('dool134_tfvnrl.csv')]);
    const cpu = byId(r.series, 'total cpu usage/usr');
    expect(cpu.derived).toEqual([0]);
    const cols = independentColumns(readFixture('d072_tfvnrl.csv'));
    const c0 = cols.get('cpu0 usage/usr')!;
    const c1 = cols.get('cpu1 usage/usr')!;
    expect(cpu.runs[0]!.avg).toBeCloseTo(figuresOf(c0.map((v, i) => (v + c1[i]!) / 2)).avg, 9);
    expect(cpu.runs[1]).not.toBeNull();
    expect(cpu.delta[1]).not.toBeNull();
    // dool recorded only vda: the loop devices of the dstat run are missing there.
    expect(byId(r.series, 'dsk/loop0/read').runs[1]).toBeNull();
    expect(byId(r.series, 'dsk/vda/read').delta[1]).not.toBeNull();
  });
});

describe('text series', () => {
  it('are not compared', () => {
    const withText = run({ 'x/y/v': [0, 1, 2] });
    const text = { id: 'x/y/note', group: 'x/y', column: 'note', unit: '', kind: 'text' as const, values: ['', 'a', 'b'] };
    const r = compareRuns([{ ...withText, series: [...withText.series, text] }, run({ 'x/y/v': [0, 3, 4] })]);
    expect(r.series.map((s) => s.id)).toEqual(['x/y/v']);
  });
});

describe('a multi-run file', () => {
  it('compares its runs with each other, each as computed without the parser', () => {
    const text = readFixture('d072_tfvnrl_appended-2-runs.csv');
    const log = parseDstat(text);
    expect(log.runs).toHaveLength(2);
    const r = compareRuns(log.runs);
    for (const id of ['dsk/vda/writ', 'cpu1 usage/wai', 'load avg/1m']) {
      const s = byId(r.series, id);
      const f1 = figuresOf(independentColumns(text, 1).get(id)!);
      const f2 = figuresOf(independentColumns(text, 2).get(id)!);
      expect(s.runs[0]!.max).toBe(f1.max);
      expect(s.runs[1]!.max).toBe(f2.max);
      expect(s.delta[1]!.avg).toBeCloseTo(f2.avg - f1.avg, 9);
    }
  });
});

describe('alignment', () => {
  const a = run({ 'x/y/v': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, 1_000_000);
  // b samples every 2 s and started elsewhere in time: only elapsed time counts.
  const b = run({ 'x/y/v': [0, 10, 20, 30, 40] }, 5_000_000, 2000);

  it('without a window every run counts whole (but its since-boot row)', () => {
    const r = compareRuns([a, b]);
    expect(r.rows).toEqual([
      { from: 1, to: 10 },
      { from: 1, to: 5 },
    ]);
  });

  it('a common window in elapsed seconds selects the same stretch of every run', () => {
    const r = compareRuns([a, b], { window: { from: 2, to: 6 } });
    expect(byId(r.series, 'x/y/v').runs.map((f) => [f!.min, f!.max])).toEqual([
      [2, 6],
      [10, 30],
    ]);
  });

  it('a shift moves a run on the elapsed axis', () => {
    // b shifted by 4 s: its elapsed 2..6 is its own 6..10 s.
    const r = compareRuns([a, b], { window: { from: 2, to: 6 }, shifts: [0, 4] });
    expect(byId(r.series, 'x/y/v').runs[1]!.min).toBe(30);
    expect(countedRows(b, { from: 2, to: 6 }, 4)).toEqual({ from: 3, to: 5 });
  });

  it('each window asked of the same runs gives its own figures, whole run or not, whichever came first', () => {
    const c = run({ 'x/y/v': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    const minMax = (window: { from: number; to: number } | null) =>
      compareRuns([c], { window }).series[0]!.runs.map((f) => [f!.min, f!.max]);
    expect(minMax({ from: 1, to: 4 })).toEqual([[1, 4]]);
    expect(minMax({ from: 1, to: 6 })).toEqual([[1, 6]]);
    expect(minMax({ from: 5, to: 9 })).toEqual([[5, 9]]);
    expect(minMax({ from: 3, to: 9 })).toEqual([[3, 9]]);
    expect(minMax(null)).toEqual([[1, 9]]);
    expect(minMax({ from: 2, to: 9 })).toEqual([[2, 9]]);
  });

  it('the common window is where every aligned run has rows', () => {
    expect(commonWindow([a, b])).toEqual({ from: 2, to: 8 }); // b's first counted row is at 2 s
    expect(commonWindow([a, b], [0, 4])).toEqual({ from: 1, to: 4 });
    expect(commonWindow([a, b], [0, 100])).toBeNull();
  });
});

describe('the Δ table', () => {
  const r = compareRuns([
    run({ 'a/x/small': [0, 10, 10.1, 9.9, 10, 10.1, 9.9], 'a/x/big': [0, 1, 1, 1, 1, 1, 1], 'a/x/noisy': [0, 0, 100, 0, 100, 0, 100] }),
    run({ 'a/x/small': [0, 11, 11.1, 10.9, 11, 11.1, 10.9], 'a/x/big': [0, 3, 3, 3, 3, 3, 3], 'a/x/noisy': [0, 0, 100, 0, 200, 0, 100] }),
  ]);

  it('sorts significant changes first, by |Δavg %|', () => {
    expect(sortByChange(r.series).map((s) => s.id)).toEqual(['a/x/big', 'a/x/small', 'a/x/noisy']);
    expect(byId(r.series, 'a/x/noisy').delta[1]!.verdict).toBe('noise');
  });

  it('as Markdown and TSV, with verdicts', () => {
    const labels = [
      { tag: 'A', name: 'before.csv (db1 | x)' },
      { tag: 'B', name: 'after.csv' },
    ];
    const table = deltaTable(r.series, labels, 0, { raw: true });
    expect(table.head).toEqual(['chart', 'series', 'unit', 'A avg', 'A p95', 'A max', 'B avg', 'B p95', 'B max', 'Δavg B', 'Δavg 95 % interval B', 'verdict B', 'Δavg % B', 'Δp95 % B', 'Δmax % B']);
    expect(table.rows[0]).toEqual(['a/x', 'big', 'bytes/s', '1', '1', '1', '3', '3', '3', '+2', '+2 … +2', 'significant', '+200 %', '+200 %', '+200 %']);
    expect(table.rows[2]![11]).toBe('within noise');
    const md = deltaTableMarkdown(table, labels, 0);
    expect(md).toContain('- **A (baseline)**: before.csv (db1 \\| x)');
    expect(md).toContain('| a/x | big | bytes/s | 1 | 1 | 1 | 3 | 3 | 3 | +2 | +2 … +2 | significant | +200 % | +200 % | +200 % |');
    expect(md.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(2 + 3);
    const tsv = deltaTableTsv(table);
    expect(tsv.split('\n')[1]).toBe('a/x\tbig\tbytes/s\t1\t1\t1\t3\t3\t3\t+2\t+2 … +2\tsignificant\t+200 %\t+200 %\t+200 %');
  });
});

describe('the baseline', () => {
  it('is any run, by index from 0; anything else is refused, naming the baseline and the number of runs', () => {
    const two = [run({ 'x/y/v': [0, 1] }), run({ 'x/y/v': [0, 2] })];
    expect(compareRuns(two, { baseline: 1 }).baseline).toBe(1);
    expect(compareRuns([two[0]!]).baseline).toBe(0);
    for (const baseline of [-1, 0.5, 2, NaN]) expect(() => compareRuns(two, { baseline })).toThrow(RangeError);
    expect(() => compareRuns(two, { baseline: 2 })).toThrow('baseline 2 is not one of the 2 runs');
  });
});

describe('changeSize and sortByChange', () => {
  const d = (avgPct: number | null, avg: number, withinNoise: boolean, verdict: Verdict = withinNoise ? 'noise' : 'significant') => ({
    avg, p95: 0, max: 0, avgPct, p95Pct: null, maxPct: null, withinNoise, verdict, avgCi: [avg, avg] as [number, number],
  });

  it('the size is the largest |Δavg %| of any run; from a baseline of 0, Infinity unless nothing changed', () => {
    expect(changeSize({ delta: [null, d(-30, -3, false), d(20, 2, true)] })).toEqual({ size: 30, real: true, rank: 2 });
    expect(changeSize({ delta: [null, d(null, 2, false)] })).toEqual({ size: Infinity, real: true, rank: 2 });
    expect(changeSize({ delta: [null, d(null, 0, true)] })).toEqual({ size: 0, real: false, rank: 1 });
    expect(changeSize({ delta: [null, d(50, 5, true, 'too-few')] })).toEqual({ size: 50, real: false, rank: 0 });
    expect(changeSize({ delta: [null, null] })).toEqual({ size: 0, real: false, rank: 0 });
  });

  it('significant changes first, then within noise, then too few samples, each by size, largest first; ties keep their order', () => {
    const s = (id: string, ...delta: ReturnType<typeof d>[]) => ({ id, delta: [null, ...delta] });
    const sorted = sortByChange([
      s('noise-big', d(90, 9, true)),
      s('small', d(5, 1, false)),
      s('first-tie', d(10, 1, false)),
      s('big', d(-50, -5, false)),
      s('second-tie', d(-10, -1, false)),
      s('few', d(95, 9, true, 'too-few')),
      s('none'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['big', 'first-tie', 'second-tie', 'small', 'noise-big', 'few', 'none']);
  });
});
