import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { LiveLog } from '../../../shared/live/live-log.js';
import { readFixture } from '../../helpers/fixtures.js';

const FIELDS = { id: 'live', fileName: 'live.csv', createdAt: '1970-01-01T00:00:00.000Z', bytes: 0 };

/** The file's complete lines in pieces of `n` lines (each piece ends with a newline). */
function pieces(text: string, n: number): string[] {
  const lines = text.split(/(?<=\n)/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += n) out.push(lines.slice(i, i + n).join(''));
  return out;
}

function runsOf(text: string) {
  return toReportJson(parseDstat(text), FIELDS).runs;
}

describe('LiveLog: a log read as it grows equals the whole file read at once', () => {
  for (const name of ['deb080_tfvnrl.csv', 'dool134_tfvnrl.csv', 'pcp_tfvnrl.csv', 'd072_tfvnrl_appended-2-runs.csv']) {
    for (const n of [1, 7]) {
      it(`${name}, ${n} line(s) at a time`, () => {
        const text = readFixture(name);
        const log = new LiveLog();
        for (const piece of pieces(text, n)) log.feed(piece);
        const whole = runsOf(text);
        const live = log.report()!.runs;
        expect(live.map((r) => r.rows)).toEqual(whole.map((r) => r.rows));
        for (let i = 0; i < whole.length; i++) {
          const { series: ws, ...wrun } = whole[i]!;
          const { series: ls, ...lrun } = live[i]!;
          expect(lrun).toEqual(wrun);
          expect(ls).toEqual(ws);
        }
      });
    }
  }

  it('gives the rows of a run from a row on, and the time of the last sample', () => {
    const text = readFixture('deb080_tfvnrl.csv');
    const log = new LiveLog();
    for (const piece of pieces(text, 5)) log.feed(piece);
    const whole = runsOf(text)[0]!;
    const since = log.rowsSince(1, whole.rows - 3)!;
    expect(since.rows).toBe(whole.rows);
    expect(since.time).toEqual(whole.time.slice(-3));
    const first = whole.series.find((s) => s.kind === 'number')!;
    expect(since.series[first.id]).toEqual(first.values.slice(-3));
    expect(log.lastSampleMs).toBe(whole.end);
    expect(log.rowsSince(2, 0)).toBeNull();
  });

  it('waits for rows while it has only its header, and refuses rows that do not fit the header with their line', () => {
    const text = readFixture('deb080_tfvnrl.csv');
    const lines = text.split(/(?<=\n)/);
    const header = lines.findIndex((l) => /^[\d.]/.test(l));
    const log = new LiveLog();
    log.feed(lines.slice(0, header).join(''));
    expect(log.report()).toBeNull();
    log.feed(lines.slice(header, header + 3).join(''));
    expect(log.rowsRead).toBe(3);
    const bad = Array.from({ length: 5 }, () => '1,2,3\n').join('');
    expect(() => log.prepare(bad)).toThrow(/line \d+/);
    expect(log.rowsRead).toBe(3);
  });
});
