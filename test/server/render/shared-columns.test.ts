/**
 * render/shared-columns.ts: a run's columns in one SharedArrayBuffer, made from the JSON arrays of a report
 * (the CLI's) or from columns, equal to toColumnarRun's (a missing value NaN) — on a log with empty cells.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { toColumnarRun, type ColumnarRun } from '../../../shared/report/columnar.js';
import { sharedColumns } from '../../../server/render/shared-columns.js';
import { readFixture } from '../../helpers/fixtures.js';

/** Plain arrays of every column, to compare (toEqual counts NaN equal to NaN). */
const plain = (run: ColumnarRun) => ({
  ...run,
  time: Array.from(run.time),
  series: run.series.map((s) => (s.kind === 'number' ? { ...s, values: Array.from(s.values) } : s)),
});

describe('sharedColumns', () => {
  const name = 'pcp_tvfn_linux-pmda-died-midrun.csv';
  const json = toReportJson(parseDstat(readFixture(name)), { id: 'test', fileName: name, createdAt: '', bytes: 0 }).runs.at(-1)!;
  const expected = toColumnarRun(json);

  it('from JSON arrays and from columns: the columns toColumnarRun makes, in one shared buffer', () => {
    const numbers = json.series.filter((s) => s.kind === 'number');
    expect(numbers.some((s) => s.values.includes(null)), `${name} has empty cells`).toBe(true);
    for (const shared of [sharedColumns(json), sharedColumns(expected)]) {
      expect(plain(shared)).toEqual(plain(expected));
      expect(shared.time.buffer).toBeInstanceOf(SharedArrayBuffer);
      for (const s of shared.series) if (s.kind === 'number') expect(s.values.buffer).toBe(shared.time.buffer);
    }
  });
});
