/**
 * pcp-dstat's short first rows: pcp-dstat may write its first sample(s) with only the
 * values it has (procs, memory) and stop the row there, e.g. `30-06 22:59:39,4,1,,13416868,678548,120,
 * 1983312,,,,,,,` (15 fields under a 21-column header). Made here from real pcp-dstat fixtures by cutting
 * their first rows after 15 fields; the rest of each file is untouched.
 */
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun, NumericSeries } from '../../../shared/dstat/types.js';
import { readFixture } from '../../helpers/fixtures.js';

const parse = (text: string): DstatLog => parseDstat(text, { fallbackYear: 2000 });

/** The file with its 1-based line `line` cut after `fields` fields. */
function cutLine(text: string, line: number, fields: number): string {
  const lines = text.split('\n');
  lines[line - 1] = lines[line - 1]!.split(',').slice(0, fields).join(',');
  return lines.join('\n');
}

function numeric(run: DstatRun, id: string): NumericSeries {
  const s = run.series.find((x) => x.id === id);
  if (!s || s.kind !== 'number') return expect.fail(`no number series ${id}`);
  return s;
}

const PCP = 'pcp_tfvnrl.csv'; // 37 columns; line 7: 29-11 20:53:01,3,0,,2186660,21280404,28192,1036648,,,…,6.300,5.450,3.420

describe('pcp-dstat: a first row that stops early is read as the first fields of the header', () => {
  const original = parse(readFixture(PCP));
  const text = cutLine(readFixture(PCP), 7, 15);

  it('is kept as the since-boot row: its procs and memory as written, every column it lacks a gap', () => {
    expect(text.split('\n')[6]).toBe('29-11 20:53:01,3,0,,2186660,21280404,28192,1036648,,,,,,,');
    const log = parse(text);
    const run = log.runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 90, kept: 90, dropped: 0 });
    expect(run.lines[0]).toBe(7);
    expect(run.firstRowIsSinceBoot).toBe(true);
    expect(numeric(run, 'procs/run').values[0]).toBe(3);
    expect(numeric(run, 'memory usage/used').values[0]).toBe(2186660 * 1024);
    expect(numeric(run, 'memory usage/cach').values[0]).toBe(1036648 * 1024);
    expect(numeric(original.runs[0]!, 'load avg/1m').values[0]).toBe(6.3); // the cut took it away
    for (const s of run.series.filter((x) => x.csvColumn > 15)) expect(s.values[0], s.id).toBeNaN();
    // every other row exactly as in the untouched file
    for (const s of run.series) {
      expect(Array.from(numeric(run, s.id).values).slice(1), s.id).toEqual(Array.from(numeric(original.runs[0]!, s.id).values).slice(1));
    }
  });

  it('the dialect report says how many rows, where, and how short', () => {
    const issue = parse(text).dialect.issues.find((i) => /stop after their first fields/.test(i.message));
    expect(issue).toEqual({
      severity: 'info',
      line: 7,
      message: 'run 1: 1 row (line 7) stop after their first fields (15 of 37 on line 7), as pcp-dstat writes its first samples: kept, the columns they lack are gaps',
    });
  });

  it('two short first rows are both kept and counted', () => {
    const log = parse(cutLine(text, 8, 15));
    expect(log.dialect.rows).toEqual({ read: 90, kept: 90, dropped: 0 });
    expect(numeric(log.runs[0]!, 'memory usage/used').values[1]).toBe(2458532 * 1024);
    expect(numeric(log.runs[0]!, 'cpu0 usage/usr').values[1]).toBe(12.002); // field 15, kept
    expect(numeric(log.runs[0]!, 'cpu0 usage/sys').values[1]).toBeNaN(); // field 16, cut
    expect(log.dialect.issues.map((i) => i.message).join('\n')).toMatch(/run 1: 2 rows \(lines 7–8\) stop after their first fields \(15 of 37 on line 7\)/);
  });

  it('the same in pcp_tvfn (32 columns) and in the 192-CPU archive replay (991 columns)', () => {
    const tvfn = parse(cutLine(readFixture('pcp_tvfn_linux-pmda-died-midrun.csv'), 7, 15));
    expect(tvfn.dialect.rows).toEqual({ read: 84, kept: 84, dropped: 0 });
    expect(numeric(tvfn.runs[0]!, 'memory usage/used').values[0]).toBe(330032 * 1024);
    // the archive's line 7 is a row without values; line 8 is its first row with procs and memory
    const archive = parse(cutLine(readFixture('pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv'), 8, 15));
    expect(archive.dialect.rows).toEqual({ read: 86, kept: 86, dropped: 0 });
    expect(numeric(archive.runs[0]!, 'memory usage/used').values[1]).toBe(25395760 * 1024);
  });
});

describe('what is not a short first row stays left out', () => {
  it('another producer\'s short row is dropped as before (dstat 0.7.2, line 8 cut to 15 of 69 fields)', () => {
    const log = parse(cutLine(readFixture('d072_tfvnrl.csv'), 8, 15));
    expect(log.dialect.rows).toEqual({ read: 84, kept: 83, dropped: 1 });
    expect(log.dialect.issues).toContainEqual({ severity: 'warning', line: 8, message: '15 fields where the header has 69: row left out' });
  });

  it('a short pcp-dstat row whose values moved left (its empty "new" field missing) is dropped', () => {
    const lines = readFixture(PCP).split('\n');
    lines[6] = '29-11 20:53:01,3,0,2186660,21280404,28192,1036648,,,,,,,'; // line 7 without the field after "0,"
    const log = parse(lines.join('\n'));
    expect(log.dialect.rows).toEqual({ read: 90, kept: 89, dropped: 1 });
    expect(log.dialect.issues).toContainEqual({ severity: 'warning', line: 7, message: '14 fields where the header has 37: row left out' });
  });

  it('pcp-dstat 5\'s real short first row, memory under the CPU columns (found__Dabz…, line 7), is dropped', () => {
    const log = parse(readFixture('found__Dabz-dstat_graph__sample.csv'));
    expect(log.runs[0]!.lines[0]).toBe(8);
    expect(log.dialect.issues).toContainEqual({ severity: 'warning', line: 7, message: '25 fields where the header has 31: row left out' });
  });

  it('a short row after the first full row is dropped, even when its values line up', () => {
    const log = parse(cutLine(readFixture(PCP), 20, 15));
    expect(log.dialect.rows).toEqual({ read: 90, kept: 89, dropped: 1 });
    expect(log.dialect.issues).toContainEqual({ severity: 'warning', line: 20, message: '15 fields where the header has 37: row left out' });
  });
});
