import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { fixedAxisTop } from '../../../shared/chart/line-data.js';
import { chartTheme } from '../../../shared/chart/theme.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnarRun } from '../../../shared/report/columnar.js';
import { toRunData } from '../../../shared/report/run-data.js';
import { readFixture } from '../../helpers/fixtures.js';

const view = (hidden: string[] = []) => ({
  limits: { diskBytes: 0, diskIops: 0, netBytes: 0 },
  hidden: new Set(hidden),
  theme: chartTheme('light'),
});

/** The machine's memory: the largest used + buffers + cached + free (dstat's four) of the drawn rows, from the raw columns. */
function machineMemory(run: ReturnType<typeof toRunData>): number {
  const col = (names: string[]) =>
    [...run.columns.values()].find((c) => /memory/.test(c.group) && names.includes(c.column))?.values;
  // dool 1.3 has no buffers column.
  const parts = [col(['used']), col(['buff', 'buf']), col(['cach']), col(['free'])].filter(Boolean);
  expect(parts.length, 'used, cach and free are recorded').toBeGreaterThanOrEqual(3);
  let max = 0;
  for (let i = run.firstRow; i < run.time.length; i++) max = Math.max(max, parts.reduce((s, p) => s + (p![i]! || 0), 0));
  return max;
}

describe('memory axis', () => {
  // dool 1.3 (adds avail and total columns) and dstat --mem-adv (adds avail, total, dirty, shmem, recl …).
  for (const name of ['dool134_tfvnrl.csv', 'found__realnerdc0re-BSc-e1027075__logs_dstat.csv']) {
    it(`reaches the machine's memory, not the sum of every column (${name})`, () => {
      const log = parseDstat(readFixture(name));
      const json = toReportJson(log, { id: 'x', fileName: name, createdAt: '', bytes: 0 });
      const run = toRunData(toColumnarRun(json.runs.at(-1)!));
      const memory = run.charts.find((c) => c.specId === 'memory')!;
      expect(memory.series.length).toBeGreaterThanOrEqual(4);
      const total = machineMemory(run);
      const top = fixedAxisTop(memory, view(), run)!;
      expect(Math.abs(top - total) / total).toBeLessThan(0.05);
    });
  }

  it('fits used memory alone when the reader hides the other bands', () => {
    const log = parseDstat(readFixture('dool134_tfvnrl.csv'));
    const run = toRunData(toColumnarRun(toReportJson(log, { id: 'x', fileName: '', createdAt: '', bytes: 0 }).runs[0]!));
    const memory = run.charts.find((c) => c.specId === 'memory')!;
    const others = memory.series.filter((s) => s.role === 'band' && s.column !== 'used').map((s) => s.key);
    expect(others.length).toBeGreaterThan(0);
    expect(fixedAxisTop(memory, view(others), run)).toBeNull();
  });
});
