import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { LiveLog } from '../../../shared/live/live-log.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { appendRows } from '../../../web/src/live/append-rows.js';
import { readFixture } from '../../helpers/fixtures.js';

const FIELDS = { id: 'x', fileName: 'x.csv', createdAt: '1970-01-01T00:00:00.000Z', bytes: 0 };

describe("the page's live rows", () => {
  const text = readFixture('deb080_tfvnrl.csv');
  const lines = text.split(/(?<=\n)/);
  const cut = lines.length - 20;
  const log = new LiveLog();
  log.feed(lines.slice(0, cut).join(''));
  const start = toColumnar(log.report()!);
  const rowsBefore = start.runs[0]!.rows;
  log.feed(lines.slice(cut).join(''));

  it('grow the run to the whole file, statistics included', () => {
    const grown = appendRows(start, log.rowsSince(1, rowsBefore)!)!;
    const whole = toColumnar(toReportJson(parseDstat(text), FIELDS)).runs[0]!;
    const run = grown.runs[0]!;
    expect(run.rows).toBe(whole.rows);
    expect(run.end).toBe(whole.end);
    expect(Array.from(run.time)).toEqual(Array.from(whole.time));
    for (const s of whole.series) {
      const g = run.series.find((x) => x.id === s.id)!;
      if (s.kind !== 'number' || g.kind !== 'number') continue;
      expect(Array.from(g.values), s.id).toEqual(Array.from(s.values));
      expect(g.stats, s.id).toEqual(s.stats);
    }
    // The report the page had is left as it was (React sees a new object).
    expect(start.runs[0]!.rows).toBe(rowsBefore);
  });

  it('are refused when they do not follow what the page has (the page then loads the report again)', () => {
    expect(appendRows(start, log.rowsSince(1, rowsBefore - 1)!)).toBeNull();
    expect(appendRows(start, { ...log.rowsSince(1, rowsBefore)!, run: 2 })).toBeNull();
  });
});
