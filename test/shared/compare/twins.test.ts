/**
 * Totals the Δ table leaves out (shared/compare/twins.ts), by the report page's twin rule: a total that is
 * its only busy device in every run that has it — a real log's computed "Disk I/O" beside "Disk I/O vda" —
 * and those kept: a run with a second busy disk, runs whose only busy disks differ.
 */
import { describe, expect, it } from 'vitest';
import { compareRuns, deltaTable, deltaTableMarkdown, seriesNames, type CompareRunInput, type CompareSeriesInput } from '../../../shared/compare/index.js';
import { runTwins } from '../../../shared/compare/twins.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

const lastRun = (name: string) => parseDstat(readFixture(name)).runs.at(-1)!;
const labels = [
  { tag: 'A', name: 'a.csv' },
  { tag: 'B', name: 'b.csv' },
];

describe('twin totals in a comparison of real logs', () => {
  const runs = [lastRun('d072_tfvnrl.csv'), lastRun('d070_tfvnrl.csv')];
  const result = compareRuns(runs);
  const byId = new Map(result.series.map((s) => [s.id, s]));

  it('the computed disk totals are twins of vda (its loop and zram disks are idle), in both runs', () => {
    expect(byId.get('dsk/total/read')!.twinOf).toBe('dsk/vda/read');
    expect(byId.get('dsk/total/writ')!.twinOf).toBe('dsk/vda/writ');
    // The device itself, and what is no family total, are not.
    expect(byId.get('dsk/vda/read')!.twinOf).toBeUndefined();
    expect(byId.get('cpu0 usage/usr')!.twinOf).toBeUndefined();
    // The same figures, as a twin's are.
    expect(byId.get('dsk/total/read')!.runs).toEqual(byId.get('dsk/vda/read')!.runs);
  });

  it('the Δ table leaves them out and counts them, named rows of vda kept', () => {
    const names = seriesNames(runs);
    const table = deltaTable(result.series, labels, 0, { names });
    const twins = result.series.filter((s) => s.twinOf).length;
    expect(twins).toBeGreaterThanOrEqual(2);
    expect(table.twins).toBe(twins);
    expect(table.meta.map((m) => m.id)).not.toContain('dsk/total/read');
    expect(table.meta.map((m) => m.id)).toContain('dsk/vda/read');
    expect(table.rows.some((r) => r[1]!.includes('(computed)') && r[0]!.startsWith('Disk I/O'))).toBe(false);
    expect(deltaTableMarkdown(table, labels, 0)).toContain(`- **left out**: ${twins} series of a total equal to its only busy device (shown as that device)\n`);
  });
});

/** A run of disks, one row a second: `[name, reads per row]` (writes 0). */
function disks(...devices: [string, number[]][]): CompareRunInput {
  const rows = devices[0]![1].length;
  const series: CompareSeriesInput[] = devices.flatMap(([d, reads]) => [
    { id: `dsk/${d}/read`, group: `dsk/${d}`, column: 'read', unit: 'bytes/s', kind: 'number', values: Float64Array.from(reads) },
    { id: `dsk/${d}/writ`, group: `dsk/${d}`, column: 'writ', unit: 'bytes/s', kind: 'number', values: new Float64Array(rows) },
  ]);
  return { time: Float64Array.from({ length: rows }, (_, i) => i * 1000), firstRowIsSinceBoot: false, series };
}

describe('twin totals of runs that differ', () => {
  const vdaOnly = disks(['vda', [1, 5, 3, 4]], ['vdb', [0, 0, 0, 0]]);
  const both = disks(['vda', [2, 5, 3, 4]], ['vdb', [0, 7, 0, 1]]);
  const vdbOnly = disks(['vda', [0, 0, 0, 0]], ['vdb', [3, 1, 4, 1]]);

  it('a run with one busy disk has its total as that disk’s twin; one with two has none', () => {
    expect(runTwins(vdaOnly).get('dsk/total/read')).toBe('dsk/vda/read');
    expect(runTwins(vdbOnly).get('dsk/total/read')).toBe('dsk/vdb/read');
    expect(runTwins(both).size).toBe(0);
  });

  it('a total is left out only when it is the same device’s twin in every run that has it', () => {
    const twin = (runs: CompareRunInput[]) => compareRuns(runs).series.find((s) => s.id === 'dsk/total/read')!.twinOf;
    expect(twin([vdaOnly, disks(['vda', [9, 9, 1, 0]], ['vdb', [0, 0, 0, 0]])])).toBe('dsk/vda/read');
    // Another run's total is the sum of two busy disks: the totals differ from vda's, the row stays.
    expect(twin([vdaOnly, both])).toBeUndefined();
    // Each run's total is one disk's, but not the same disk's: the totals compare two different devices.
    expect(twin([vdaOnly, vdbOnly])).toBeUndefined();
    const table = deltaTable(compareRuns([vdaOnly, both]).series, labels, 0);
    expect(table.meta.map((m) => m.id)).toContain('dsk/total/read');
    expect(table.twins).toBe(0);
  });
});
