/**
 * Logs whose preamble was cut off: kept by test harnesses from the group-name row on
 * (`tail -n +6`, or a tool that wrote only the table). Made here from real fixtures of every producer by
 * dropping the lines before the first group-name row; the rest of each file is untouched, so the log must be
 * the one the whole file gives, less what only the preamble says (host, producer, version, zone, year).
 */
import { describe, expect, it } from 'vitest';
import { DstatFormatError, type DstatErrorCode } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun } from '../../../shared/dstat/types.js';
import { readFixture } from '../../helpers/fixtures.js';

/** The fixture from its first group-name row on (the first quoted line that is not title, Author:, Host:, Cmdline:). */
function withoutPreamble(file: string): string {
  const lines = readFixture(file).split('\n');
  const groupRow = lines.findIndex((l) => l.startsWith('"') && !/^"(Author:|Host:|Cmdline:|\S+ [\d.]+ CSV [Oo]utput")/.test(l));
  return lines.slice(groupRow).join('\n');
}

/** Series ids and values of a run (what the graphs show). */
function columns(run: DstatRun) {
  return run.series.map((s) => ({ id: s.id, unit: s.unit, csvColumn: s.csvColumn, values: Array.from(s.values as ArrayLike<unknown>) }));
}

const NO_PREAMBLE = 'no preamble: host, producer and time zone unknown';

function errorOf(text: string): DstatFormatError {
  try {
    parseDstat(text, { fallbackYear: 2026 });
  } catch (err) {
    if (err instanceof DstatFormatError) return err;
    throw err;
  }
  return expect.fail('the file was read');
}

describe('a log that starts at its header rows is read from them', () => {
  // [fixture, year of its Date: line (the fallback year then gives the same times), producer told by its names]
  const CASES: [string, number, string][] = [
    ['d066_tvfn.csv', 2026, 'unknown'], // dstat 0.6.6: group "time", column "date/time"
    ['d072_tfvnrl.csv', 2026, 'unknown'], // 0.7.2: a blank line before the group row in the original
    ['d073_T-explicit-lists-many-plugins.csv', 2026, 'unknown'], // epoch; --tcp --socket --vm --aio --fs --ipc --lock --raw --unix, top-cpu/top-io
    ['deb080_tty80_tfvnrl.csv', 2026, 'unknown'], // a trailing comma on every row
    ['dool100_tfvnrl.csv', 2026, 'unknown'], // "Nov-29 20:45:49" times
    ['found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv', 2023, 'dool'], // dool 1.1, 25 plugins; memory "avai"
    ['found__octu0-dstat-graph__examples_dstat_070.csv', 2020, 'unknown'], // interrupts "42","43","44"
    ['pcp_tfvnrl.csv', 2026, 'pcp-dstat'], // memory "buf": pcp-dstat's KiB become bytes as in the whole file
    ['pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv', 2026, 'pcp-dstat'], // 991 columns, "missed N ticks", gaps
  ];

  it.each(CASES)('%s: the same columns, values and times, a host-less run', (file, year, producer) => {
    const whole = parseDstat(readFixture(file), { fallbackYear: year });
    const cut = parseDstat(withoutPreamble(file), { fallbackYear: year });
    const [run, ref] = [cut.runs[0]!, whole.runs[0]!];
    expect(cut.runs).toHaveLength(1);
    expect(columns(run)).toEqual(columns(ref));
    expect(Array.from(run.time)).toEqual(Array.from(ref.time));
    expect(cut.dialect.rows).toEqual(whole.dialect.rows);
    expect(run.meta).toEqual({ producer, version: '', title: '', host: '', user: '', cmdline: '', date: '', timezone: '' });
    expect(cut.dialect.producer).toBe(producer);
    expect(cut.dialect.timeFormat).toBe(whole.dialect.timeFormat);
    const warning = cut.dialect.issues.find((i) => i.message.startsWith(NO_PREAMBLE));
    expect(warning).toMatchObject({ severity: 'warning', line: 1 });
  });

  it('the warning says what is missing and how the units are taken', () => {
    const dstat = parseDstat(withoutPreamble('d072_tfvnrl.csv'), { fallbackYear: 2026 }).dialect.issues;
    expect(dstat[0]).toEqual({
      severity: 'warning',
      line: 1,
      message:
        'no preamble: host, producer and time zone unknown (the file starts at its header rows, without the title, Host:, ' +
        'Cmdline: and Date: lines): values are shown as written (were it pcp-dstat, memory and disks would be KiB; ' +
        'were it dool 1.3 or later, disks and network bits/s)',
    });
    const pcp = parseDstat(withoutPreamble('pcp_tfvnrl.csv'), { fallbackYear: 2026 }).dialect;
    expect(pcp.issues[0]!.message).toMatch(/: its column names are pcp-dstat's, so its units are read as pcp-dstat's \(KiB become bytes\)$/);
    expect(pcp.conversions).toContain('memory and swap were KiB (pcp-dstat): ×1024 to bytes');
    // no Date: line: the year is the fallback year, and the report says so
    expect(dstat.some((i) => /no Date: line: the year 2026 is assumed/.test(i.message))).toBe(true);
  });

  it('epoch times without a Date: line are shown in UTC (d073 -T, recorded in UTC: the same instants)', () => {
    const log = parseDstat(withoutPreamble('d073_T-explicit-lists-many-plugins.csv'), { fallbackYear: 2000 });
    expect(log.dialect.timeSource).toBe('epoch');
    expect(new Date(log.runs[0]!.time[0]!).toISOString()).toBe('2026-11-29T20:50:35.366Z');
    expect(log.dialect.issues.some((i) => /time zone is unknown .*UTC/.test(i.message))).toBe(true);
  });

  it('header rows without quotes (as a spreadsheet writes them back) are read the same', () => {
    const cut = withoutPreamble('d072_tfvnrl.csv');
    const [groups, cols, ...rows] = cut.split('\n');
    const unquoted = [groups!.replace(/"/g, ''), cols!.replace(/"/g, ''), ...rows].join('\n');
    expect(unquoted.startsWith('system,procs,,,memory usage,')).toBe(true);
    expect(columns(parseDstat(unquoted, { fallbackYear: 2026 }).runs[0]!)).toEqual(columns(parseDstat(cut, { fallbackYear: 2026 }).runs[0]!));
  });

  it('without a time column (-vfn): times are sample numbers, the header still recognised', () => {
    const noTime = withoutPreamble('d072_tvfn.csv').replace(/^("system"|"time"|[0-9-]+ [0-9:]+),/gm, '');
    expect(noTime.startsWith('"procs",,,"memory usage"')).toBe(true);
    const log = parseDstat(noTime, { fallbackYear: 2026 });
    expect(log.dialect.timeSource).toBe('sample');
    expect(log.runs[0]!.time).toHaveLength(86);
    expect(log.runs[0]!.series[0]!.id).toBe('procs/run');
  });

  it('an --output file of 8 appended runs whose first preamble was cut: run 1 host-less, the others as written', () => {
    // found__realnerdc0re…: starts with 2 empty lines, Host:, Cmdline:, then the header rows of run 1
    const file = 'found__realnerdc0re-BSc-e1027075__logs_dstat.csv';
    const log = parseDstat(withoutPreamble(file), { fallbackYear: 2000 });
    const whole = parseDstat(readFixture(file), { fallbackYear: 2000 });
    expect(log.runs).toHaveLength(8);
    expect(log.runs[0]!.meta.host).toBe('');
    expect(log.runs.slice(1).map((r) => r.meta)).toEqual(whole.runs.slice(1).map((r) => r.meta));
    expect(log.runs.map((r) => r.time.length)).toEqual(whole.runs.map((r) => r.time.length));
    expect(columns(log.runs[0]!)).toEqual(columns(whole.runs[0]!));
  });
});

describe('what does not start with dstat header rows keeps its error', () => {
  const cases: [string, string, DstatErrorCode, number, RegExp][] = [
    ['another tool\'s quoted CSV header naming "time"', '"time","cpu","mem"\n"s","%","MB"\n1,2,3\n', 'NOT_DSTAT', 1, /^line 1: expected the dstat title line .*"\\"time\\",\\"cpu\\"/],
    ['dstat data rows without their header rows', withoutPreamble('d072_tfvnrl.csv').split('\n').slice(2).join('\n'), 'NOT_DSTAT', 1, /^line 1: expected the dstat title line .*29-11 20:45:49/],
    ['the column-name row alone', withoutPreamble('d072_tfvnrl.csv').split('\n').slice(1).join('\n'), 'NOT_DSTAT', 1, /^line 1: expected the dstat title line .*"\\"time\\",\\"run\\"/],
    ['the two header rows and no data row', withoutPreamble('d072_tfvnrl.csv').split('\n').slice(0, 2).join('\n') + '\n', 'NO_DATA_ROWS', 2, /no data rows/],
  ];

  it.each(cases)('%s', (_, text, code, line, message) => {
    const err = errorOf(text);
    expect(err.code).toBe(code);
    expect(err.line).toBe(line);
    expect(err.message).toMatch(message);
  });

  it('a header-like first row whose names are mostly not dstat\'s is not taken for one', () => {
    const text = '"system","cpu load","ram"\n"time","load","ram used"\n29-11 20:45:49,1,2\n';
    expect(errorOf(text).code).toBe('NOT_DSTAT');
  });
});

describe('a dstat log as a whole', () => {
  it('one whose preamble is there is unchanged: no "no preamble" warning on any fixture-like file', () => {
    const log: DstatLog = parseDstat(readFixture('d072_tfvnrl.csv'), { fallbackYear: 2026 });
    expect(log.dialect.issues.some((i) => i.message.startsWith(NO_PREAMBLE))).toBe(false);
    expect(log.runs[0]!.meta.host).toBe('vm');
  });
});
