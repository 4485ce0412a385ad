/**
 * shared/compare/overlay.ts: the runs of a comparison as its charts draw them (the compare page and the
 * server's compare first-screen images alike): each run's time on the aligned elapsed axis, charts matched by
 * key across runs in the baseline's order, devices idle in every run that has them collapsed, and the span
 * every chart's x axis covers. Runs are small dstat files written here, so each case shows what it turns on.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnarRun, type ColumnarRun } from '../../../shared/report/columnar.js';
import {
  alignedRun,
  drawnMatched,
  idleMatched,
  twinMatched,
  matchCharts,
  overlayExtent,
  RUN_COLOURS,
  SERIES_DASHES,
} from '../../../shared/compare/overlay.js';

/** A dstat 0.7 file with the given disks: `[name, reads per row]` (every write 0), one row a second. */
function dstatFile(start: string, disks: [string, number[]][]): string {
  const rows = disks[0]![1].length;
  const groups = disks.map(([d]) => `"dsk/${d}",`).join(',');
  const names = disks.map(() => '"read","writ"').join(',');
  const lines = [
    '"Dstat 0.7.4 CSV output"',
    '"Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"',
    '"Host:","db1",,,,"User:","root"',
    `"Cmdline:","dstat -td -D ${disks.map(([d]) => d).join(',')} --output x.csv",,,,"Date:","29 Nov 2026 ${start} UTC"`,
    '',
    `"system",${groups}`,
    `"date/time",${names}`,
  ];
  const [h, m, s] = start.split(':').map(Number) as [number, number, number];
  for (let r = 0; r < rows; r++) {
    const t = h * 3600 + m * 60 + s + r;
    const clock = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60].map((x) => String(x).padStart(2, '0')).join(':');
    lines.push(`29-11 ${clock},${disks.map(([, reads]) => `${reads[r]},0`).join(',')}`);
  }
  return lines.join('\n') + '\n';
}

const columnar = (csv: string, name: string): ColumnarRun =>
  toColumnarRun(toReportJson(parseDstat(csv), { id: name, fileName: name, createdAt: '', bytes: 0 }).runs[0]!);

// Row 0 of each is dstat's since-boot average (not drawn). A: vda busy, vdb idle. B: vda idle, vdb idle,
// sdc busy (B only). C: vdb idle, vdc busy (C only). A single disk would be its family's total, never idle.
const A = columnar(dstatFile('20:00:00', [['vda', [9, 5, 6, 7]], ['vdb', [9, 0, 0, 0]]]), 'a.csv');
const B = columnar(dstatFile('21:30:10', [['vda', [9, 0, 0, 0, 0, 0]], ['vdb', [0, 0, 0, 0, 0, 0]], ['sdc', [0, 1, 2, 0, 3, 1]]]), 'b.csv');
const C = columnar(dstatFile('22:00:00', [['vdb', [7, 0, 0]], ['vdc', [0, 4, 4]]]), 'c.csv');

const keys = (charts: readonly { key: string }[]) => charts.map((c) => c.key);
const diskKeys = (charts: readonly { key: string }[]) => keys(charts).filter((k) => /^disk:(?!total)/.test(k));

describe('alignedRun', () => {
  it('moves a run onto elapsed ms from its row 0, less its shift, and keeps its file name', () => {
    const run = alignedRun(B, 0, 'b.csv');
    expect(Array.from(run.time)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(run.start).toBe(0);
    expect(run.end).toBe(5000);
    expect(run.fileName).toBe('b.csv');
    expect(alignedRun(B, 0).fileName).toBe('');
  });

  it('a shift of s seconds moves the run s seconds earlier on the axis (its row at s lands on 0)', () => {
    const run = alignedRun(B, 2);
    expect(Array.from(run.time)).toEqual([-2000, -1000, 0, 1000, 2000, 3000]);
    expect(run.start).toBe(-2000);
    expect(run.end).toBe(3000);
    expect(alignedRun(B, -1.5).time[0]).toBe(1500);
  });

  it('keeps the values: the same run, only its clock changed', () => {
    const run = alignedRun(A, 0);
    const raw = A.series.find((s) => s.id === 'dsk/vda/read')!;
    const vda = run.charts.find((c) => c.key === 'disk:vda')!;
    const source = vda.series.find((s) => s.source.ids[0] === 'dsk/vda/read')!.source;
    expect(Array.from(run.values(source)!)).toEqual(Array.from(raw.values as Float64Array));
  });

  it('a run compared by a window of its own (ID@FROM-TO) is drawn over that window only, on the same axis', () => {
    // The page's shift of a window run: its window's start (so the window starts at 0).
    const run = alignedRun(B, 2, 'b.csv', { from: 2, to: 4 });
    expect(Array.from(run.time)).toEqual([0, 1000, 2000]);
    expect([run.start, run.end]).toEqual([0, 2000]);
    const sdc = run.charts.find((c) => c.key === 'disk:sdc')!;
    expect(Array.from(run.values(sdc.series[0]!.source)!)).toEqual([2, 0, 3]);
    // Past row 0 the since-boot row is gone, so every row is drawn; from row 0 it stays and is skipped.
    expect(run.firstRow).toBe(0);
    expect(alignedRun(B, 0, '', { from: 0, to: 1 }).firstRow).toBe(1);
    expect(overlayExtent([run])).toEqual({ t0: 0, t1: 2000 });
    // A window past the run's end holds no row.
    expect(alignedRun(B, 0, '', { from: 60, to: 90 }).time).toHaveLength(0);
  });

  it('a run without rows starts and ends at 0', () => {
    const empty: ColumnarRun = { ...C, time: new Float64Array(0), series: C.series.map((s) => (s.kind === 'number' ? { ...s, values: new Float64Array(0) } : s)) };
    const run = alignedRun(empty, 3);
    expect(run.time).toHaveLength(0);
    expect([run.start, run.end]).toEqual([0, 0]);
  });
});

describe('matchCharts', () => {
  const runs = [alignedRun(A, 0), alignedRun(B, 0), alignedRun(C, 0)];

  it('lists the baseline’s charts in its order, then those only other runs have; each run’s own chart or null', () => {
    const matched = matchCharts(runs, 0);
    expect(diskKeys(matched)).toEqual(['disk:vda', 'disk:vdb', 'disk:sdc', 'disk:vdc']);
    const vda = matched.find((m) => m.key === 'disk:vda')!;
    expect(vda.perRun).toEqual([runs[0]!.charts.find((c) => c.key === 'disk:vda'), runs[1]!.charts.find((c) => c.key === 'disk:vda'), null]);
    expect(vda.chart).toBe(vda.perRun[0]);
    const sdc = matched.find((m) => m.key === 'disk:sdc')!;
    expect(sdc.perRun.map((c) => c !== null)).toEqual([false, true, false]);
    expect(sdc.chart).toBe(sdc.perRun[1]);
    expect(new Set(keys(matched)).size).toBe(matched.length);
  });

  it('another baseline leads: its charts first, its chart the one each match is described by', () => {
    const matched = matchCharts(runs, 1);
    expect(diskKeys(matched)).toEqual(['disk:vda', 'disk:vdb', 'disk:sdc', 'disk:vdc']);
    const vdb = matched.find((m) => m.key === 'disk:vdb')!;
    expect(vdb.chart).toBe(runs[1]!.charts.find((c) => c.key === 'disk:vdb'));
    expect(vdb.perRun.every((c) => c !== null)).toBe(true);
    const fromC = matchCharts(runs, 2);
    expect(diskKeys(fromC)).toEqual(['disk:vdb', 'disk:vdc', 'disk:vda', 'disk:sdc']);
    expect(fromC.find((m) => m.key === 'disk:vda')!.chart).toBe(runs[0]!.charts.find((c) => c.key === 'disk:vda'));
  });
});

describe('idleMatched and drawnMatched', () => {
  const runs = [alignedRun(A, 0), alignedRun(B, 0), alignedRun(C, 0)];
  const matched = matchCharts(runs, 0);

  it('a device is idle when it is idle in every run that has it (a run lacking it does not count); never a total', () => {
    // vda: busy in A. vdb: idle in all three (A's and C's row 0 are since boot). sdc, vdc: busy in the one
    // run that has each.
    expect(diskKeys(idleMatched(matched, runs))).toEqual(['disk:vdb']);
    expect(keys(idleMatched(matched, runs)).some((k) => k.endsWith(':total') || !k.includes(':'))).toBe(false);
    // B alone: vda and vdb idle there, sdc busy.
    const onlyB = [alignedRun(B, 0)];
    expect(diskKeys(idleMatched(matchCharts(onlyB, 0), onlyB))).toEqual(['disk:vda', 'disk:vdb']);
    // B and C: vda, idle in B, is not in C at all: still idle (only the runs that have it count).
    const bc = [alignedRun(B, 0), alignedRun(C, 0)];
    expect(diskKeys(idleMatched(matchCharts(bc, 0), bc))).toEqual(['disk:vda', 'disk:vdb']);
  });

  it('draws every chart but the idle ones by default, every chart (a new list) when asked', () => {
    const drawn = drawnMatched(matched, runs, false);
    expect(diskKeys(drawn)).toEqual(['disk:vda', 'disk:sdc', 'disk:vdc']);
    expect(drawn).toHaveLength(matched.length - 1);
    const all = drawnMatched(matched, runs, true);
    expect(all).toEqual(matched);
    expect(all).not.toBe(matched);
  });
});

describe('twinMatched', () => {
  it("leaves out a family total that is the same device's twin in every run that has it, idle devices shown or not", () => {
    // A's Disk I/O total is vda's (vdb idle), in both runs.
    const same = [alignedRun(A, 0), alignedRun(A, 3)];
    const matched = matchCharts(same, 0);
    expect(keys(twinMatched(matched, same)).filter((k) => k.startsWith('disk:'))).toEqual(['disk:total']);
    for (const showIdle of [false, true]) {
      const drawn = keys(drawnMatched(matched, same, showIdle));
      expect(drawn).not.toContain('disk:total');
      expect(drawn).toContain('disk:vda');
    }
  });

  it('keeps a total whose one busy device differs between runs, or that is no twin in one of them', () => {
    // The total is vda's in A, sdc's in B, vdc's in C: the only chart where the three meet.
    const runs = [alignedRun(A, 0), alignedRun(B, 0), alignedRun(C, 0)];
    expect(keys(twinMatched(matchCharts(runs, 0), runs)).filter((k) => k.startsWith('disk:'))).toEqual([]);
    // B's vda is busy only in its since-boot row: sdc alone is busy there, so B's total is sdc's twin; with a
    // second busy disk it would be none.
    const busy2 = columnar(dstatFile('21:30:10', [['vda', [9, 1, 0, 0, 0, 0]], ['sdc', [0, 1, 2, 0, 3, 1]]]), 'd.csv');
    const two = [alignedRun(busy2, 0), alignedRun(busy2, 0)];
    expect(keys(drawnMatched(matchCharts(two, 0), two, false))).toContain('disk:total');
  });
});

describe('overlayExtent', () => {
  it('spans from the earliest first drawn row to the latest last row of any run (since-boot rows left out)', () => {
    expect(overlayExtent([alignedRun(A, 0), alignedRun(B, 0)])).toEqual({ t0: 1000, t1: 5000 });
    expect(overlayExtent([alignedRun(A, 0), alignedRun(B, 3)])).toEqual({ t0: -2000, t1: 3000 });
    expect(overlayExtent([alignedRun(C, 0)])).toEqual({ t0: 1000, t1: 2000 });
  });

  it('skips a run with no drawn row; with none at all, a unit span at 0', () => {
    const none = alignedRun({ ...C, time: new Float64Array(0), series: C.series.map((s) => (s.kind === 'number' ? { ...s, values: new Float64Array(0) } : s)) }, 0);
    expect(overlayExtent([none, alignedRun(C, 0)])).toEqual({ t0: 1000, t1: 2000 });
    expect(overlayExtent([none])).toEqual({ t0: 0, t1: 1 });
    expect(overlayExtent([])).toEqual({ t0: 0, t1: 1 });
  });
});

describe('run colours and series dashes', () => {
  it('one colour per run up to the most runs compared, all different; dashes tell series apart, solid first', () => {
    expect(RUN_COLOURS).toEqual(['blue', 'orange', 'green', 'magenta', 'cyan', 'red', 'purple', 'brown']);
    expect(new Set(RUN_COLOURS).size).toBe(RUN_COLOURS.length);
    expect(SERIES_DASHES[0]).toEqual([]);
    expect(new Set(SERIES_DASHES.map((d) => d.join())).size).toBe(SERIES_DASHES.length);
  });
});
