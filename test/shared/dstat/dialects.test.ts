/**
 * Dialects no fixture has as such, made by transforming a real fixture in the test: other line endings, a
 * BOM, trailing commas, a cut last line, New Year, other time formats, no time column, appended runs,
 * Python-2 exponents, damaged cells, duplicate groups, pcp-dstat's swap and top-cpu columns.
 *
 * The expectation is mostly "the same log as the untouched fixture" (whose own figures fixtures.test.ts
 * checks against test/tools/expected-figures.py), plus the literal values the transformation puts in.
 */
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun, NumericSeries, Series } from '../../../shared/dstat/types.js';
import { seriesStats } from '../../../shared/series/stats.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

const D072 = 'd072_tfvnrl.csv'; // dstat 0.7.2 -tfvnrl: 7 header lines (blank line 5), 84 data rows on lines 8–91
const parse = (text: string): DstatLog => parseDstat(text, { fallbackYear: 2000 });

function seriesOf(run: DstatRun, id: string): Series {
  const s = run.series.find((x) => x.id === id);
  if (!s) expect.fail(`no series ${JSON.stringify(id)}; ids: ${run.series.map((x) => x.id).join(', ')}`);
  return s;
}

function numeric(run: DstatRun, id: string): NumericSeries {
  const s = seriesOf(run, id);
  if (s.kind !== 'number') expect.fail(`${id} is ${s.kind}, expected a number series`);
  return s;
}

const iso = (ms: number | undefined): string => new Date(ms ?? NaN).toISOString();

/** The lines of a fixture (LF, no final empty element). */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Apply `edit` to every data line (lines after `headerLines`, blank lines left alone). */
function editRows(text: string, headerLines: number, edit: (line: string, index: number) => string): string {
  return linesOf(text)
    .map((l, i) => (i < headerLines || l === '' ? l : edit(l, i)))
    .join('\n')
    .concat('\n');
}

/** A CSV line's cells (dstat data rows are unquoted). */
const cells = (line: string): string[] => line.split(',');

/** What a reader sees of a run: everything but its position in the file. */
function content(run: DstatRun) {
  return {
    meta: run.meta,
    time: Array.from(run.time),
    firstRowIsSinceBoot: run.firstRowIsSinceBoot,
    intervalMs: run.intervalMs,
    series: run.series.map((s) => ({ id: s.id, kind: s.kind, unit: s.unit, values: Array.from(s.values as ArrayLike<number | string>) })),
  };
}

describe('line endings and encoding', () => {
  // Every fixture: a `\r` left on a line changes only some of them (a text series in pcp_tvfn, an unnamed
  // column in deb080_tty80, other figures in both pcp-archive files), so none may be left out.
  it.each(FIXTURE_NAMES)('CRLF line endings read exactly as LF (%s)', (file) => {
    const lf = readFixture(file);
    expect(lf).not.toContain('\r');
    const crlf = lf.replace(/\n/g, '\r\n');
    const read = (text: string) => {
      try {
        return parse(text);
      } catch (err) {
        return err; // up074 has no data rows: the same error either way
      }
    };
    expect(read(crlf)).toEqual(read(lf));
  });

  it('a CRLF row ending in an empty cell has a gap (NaN) in its last column, not a "\\r" value', () => {
    const original = readFixture(D072);
    // line 20 (row 12) without its last cell (load avg/15m): "…,5.12,"
    const emptied = editRows(original, 7, (l, i) => (i === 19 ? l.replace(/[^,]*$/, '') : l));
    expect(linesOf(emptied)[19]!.endsWith(',')).toBe(true);
    const log = parse(emptied.replace(/\n/g, '\r\n'));
    expect(log).toEqual(parse(emptied));
    expect(log.dialect.issues).toEqual([]); // an empty cell is a gap, not a damaged one
    const run = log.runs[0]!;
    const ref = parse(original).runs[0]!;
    const last = numeric(run, 'load avg/15m');
    expect(run.lines[12]).toBe(20);
    expect(last.values[12]).toBeNaN();
    expect(Array.from(last.values).filter((_, r) => r !== 12)).toEqual(Array.from(numeric(ref, 'load avg/15m').values).filter((_, r) => r !== 12));
    expect(run.series.map((s) => s.id)).toEqual(ref.series.map((s) => s.id));
  });

  it('old-Mac CR line endings read exactly as LF', () => {
    const lf = readFixture(D072);
    expect(parse(lf.replace(/\n/g, '\r'))).toEqual(parse(lf));
  });

  it('a UTF-8 BOM before the title is ignored (and with CRLF too)', () => {
    const lf = readFixture(D072);
    const log = parse('\ufeff' + lf);
    expect(log).toEqual(parse(lf));
    expect(log.runs[0]!.meta.title).toBe('Dstat 0.7.2 CSV output');
    expect(parse('\ufeff' + lf.replace(/\n/g, '\r\n'))).toEqual(parse(lf));
  });
});

describe('row shapes', () => {
  it('a trailing comma on every data row (tty narrower than the line) is ignored: same log', () => {
    const original = readFixture(D072);
    const commas = editRows(original, 7, (l) => l + ',');
    expect(linesOf(commas)[7]!.endsWith(',')).toBe(true);
    const log = parse(commas);
    expect(log.dialect.rows).toEqual({ read: 84, kept: 84, dropped: 0 });
    expect(log.runs.map(content)).toEqual(parse(original).runs.map(content));
    expect(log.dialect.issues.filter((i) => i.severity === 'warning')).toEqual([]);
  });

  it('a last line cut mid-row with no final newline is dropped, saying it is cut short; all others are kept', () => {
    const original = readFixture(D072);
    const lastLine = linesOf(original)[90]!; // line 91, 69 fields
    const cut = original.slice(0, original.length - 1 - Math.floor(lastLine.length / 2));
    expect(cut.endsWith('\n')).toBe(false);
    const log = parse(cut);
    const run = log.runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 84, kept: 83, dropped: 1 });
    expect(run.lines[run.lines.length - 1]).toBe(90);
    const issue = log.dialect.issues.find((i) => i.line === 91);
    expect(issue?.severity).toBe('warning');
    expect(issue?.message).toMatch(/cut short/);
    const ref = parse(original).runs[0]!;
    expect(Array.from(run.time)).toEqual(Array.from(ref.time.slice(0, 83)));
    for (const s of run.series) {
      expect(Array.from(s.values as ArrayLike<unknown>), s.id).toEqual(Array.from((seriesOf(ref, s.id).values as ArrayLike<unknown>)).slice(0, 83));
    }
  });

  it.each([D072, 'deb080_tty80_tfvnrl.csv', 'pcp_tfvnrl.csv'])(
    'a whole last row with no final newline is a row: %s without its final newline reads as the fixture',
    (file) => {
      const original = readFixture(file);
      const unended = original.replace(/\r?\n$/, '');
      expect(unended.endsWith('\n')).toBe(false);
      const log = parse(unended);
      const ref = parse(original);
      expect(log.dialect.rows).toEqual(ref.dialect.rows);
      expect(log.dialect.rows.dropped).toBe(0);
      expect(log.runs.map(content)).toEqual(ref.runs.map(content));
      expect(log.dialect.issues.map((i) => i.message).join()).not.toMatch(/cut short/);
    },
  );

  it('a last row with every field but without the trailing comma its run writes is cut short: dropped', () => {
    // deb080_tty80: every row ends with "," (tty narrower than the line); "…,3.360" without it may be a
    // cut "…,3.3601" just as well — its last value is not known to be whole
    const original = readFixture('deb080_tty80_tfvnrl.csv');
    const cut = original.replace(/,\r?\n$/, '');
    expect(cut.endsWith(',')).toBe(false);
    const lines = linesOf(cut);
    expect(cells(lines[lines.length - 1]!).length).toBe(62); // every field of the header
    const log = parse(cut);
    const ref = parse(original);
    expect(log.dialect.rows).toEqual({ read: ref.dialect.rows.read, kept: ref.dialect.rows.kept - 1, dropped: 1 });
    const issue = log.dialect.issues.find((i) => i.line === lines.length);
    expect(issue?.severity).toBe('warning');
    expect(issue?.message).toMatch(/cut short/);
  });

  it('a gap row with fewer fields that carries a "missed N ticks" note is still a gap: the note is not a value', () => {
    // pcp_tvfn line 29: 29-11 20:43:04, 31 empty fields, "missed 10 ticks" — written here with 10 of its 32 commas:
    // pcp-dstat writes gap rows short of fields (pcp-archive_pcp-free-tera: 989 of 991 fields)
    const original = readFixture('pcp_tvfn_linux-pmda-died-midrun.csv');
    expect(linesOf(original)[28]).toBe('29-11 20:43:04' + ','.repeat(32) + '"missed 10 ticks"');
    const short = editRows(original, 6, (l, i) => (i === 28 ? '29-11 20:43:04' + ','.repeat(10) + '"missed 10 ticks"' : l));
    const log = parse(short);
    const run = log.runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 84, kept: 84, dropped: 0 });
    expect(run.lines[22]).toBe(29);
    expect(run.series.every((s) => s.kind === 'number' && Number.isNaN(s.values[22]))).toBe(true);
    expect(log.dialect.issues.map((i) => i.message).join()).toMatch(/\b10 missed ticks\b/);
  });

  it('the same short gap row without a note is a gap (kept, NaN everywhere)', () => {
    const original = readFixture('pcp_tvfn_linux-pmda-died-midrun.csv');
    const short = editRows(original, 6, (l, i) => (i === 29 ? '29-11 20:43:04' + ','.repeat(10) : l));
    const log = parse(short);
    expect(log.dialect.rows).toEqual({ read: 84, kept: 84, dropped: 0 });
    expect(log.runs[0]!.lines[23]).toBe(30);
    expect(log.runs[0]!.series.every((s) => s.kind === 'number' && Number.isNaN(s.values[23]))).toBe(true);
  });

  it('a non-numeric cell in a numeric column is NaN there: the row is kept, the cell reported with its line', () => {
    const original = readFixture(D072);
    // line 20 (row 12): 29-11 20:46:01,3.0,0.0,0.0,433672192.0,… — memory usage/used becomes "n/a"
    const damaged = editRows(original, 7, (l, i) => (i === 19 ? cells(l).map((c, k) => (k === 4 ? 'n/a' : c)).join(',') : l));
    expect(cells(linesOf(original)[19]!)[4]).toBe('433672192.0');
    expect(cells(linesOf(damaged)[19]!)[4]).toBe('n/a');
    const log = parse(damaged);
    const run = log.runs[0]!;
    const ref = parse(original).runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 84, kept: 84, dropped: 0 });
    expect(run.lines[12]).toBe(20);
    const used = numeric(run, 'memory usage/used');
    expect(used.values[12]).toBeNaN();
    expect(numeric(ref, 'memory usage/used').values[12]).toBe(433672192);
    expect(Array.from(used.values).filter((_, r) => r !== 12)).toEqual(Array.from(numeric(ref, 'memory usage/used').values).filter((_, r) => r !== 12));
    expect(numeric(run, 'memory usage/buff').values[12]).toBe(numeric(ref, 'memory usage/buff').values[12]);
    expect(seriesStats(used.values, 1)!.count).toBe(82);
    expect(log.dialect.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', line: 20, message: expect.stringContaining('memory usage/used') }),
    );
  });

  it('Python-2 exponent numbers (2.05011812352e+11 style) are the same numbers', () => {
    const original = readFixture(D072);
    // memory used, buff, cach, free (columns 5–8) written as Python 2 writes large floats
    const py2 = (cell: string): string => {
      const [mantissa, exponent] = Number(cell).toExponential().split('e');
      return `${mantissa}e${exponent![0]}${exponent!.slice(1).padStart(2, '0')}`;
    };
    const exp = editRows(original, 7, (l) => cells(l).map((c, k) => (k >= 4 && k <= 7 ? py2(c) : c)).join(','));
    expect(cells(linesOf(exp)[7]!)[7]).toBe('2.3699730432e+10');
    const run = parse(exp).runs[0]!;
    expect(numeric(run, 'memory usage/free').values[0]).toBe(23699730432);
    expect(content(run)).toEqual(content(parse(original).runs[0]!));
  });
});

describe('time', () => {
  const newYear = (file: string, headerLines: number, stamps: string[]): string => {
    const lines = linesOf(readFixture(file));
    const header = lines.slice(0, headerLines).map((l) => l.replace(/"Date:","[^"]*"/, '"Date:","31 Dec 2026 23:59:58 UTC"'));
    const rows = lines.slice(headerLines, headerLines + stamps.length).map((l, i) => l.replace(/^[^,]*/, stamps[i]!));
    return [...header, ...rows, ''].join('\n');
  };
  const NEW_YEAR = [
    '2026-12-31T23:59:58.000Z',
    '2026-12-31T23:59:59.000Z',
    '2027-01-01T00:00:00.000Z',
    '2027-01-01T00:00:01.000Z',
    '2027-01-01T00:00:02.000Z',
  ];

  it('year rollover: 31-12 23:59:58 → 01-01 00:00:02 with Date: in December runs on into the next year', () => {
    const text = newYear(D072, 7, ['31-12 23:59:58', '31-12 23:59:59', '01-01 00:00:00', '01-01 00:00:01', '01-01 00:00:02']);
    const log = parse(text);
    expect(Array.from(log.runs[0]!.time).map(iso)).toEqual(NEW_YEAR);
    expect(log.dialect.issues.filter((i) => i.severity === 'warning')).toEqual([]);
  });

  it('year rollover in dool\'s "Mon-dd" format: Dec-31 23:59:58 → Jan-01 00:00:02', () => {
    const text = newYear('dool134_tfvnrl.csv', 6, ['Dec-31 23:59:58', 'Dec-31 23:59:59', 'Jan-01 00:00:00', 'Jan-01 00:00:01', 'Jan-01 00:00:02']);
    expect(Array.from(parse(text).runs[0]!.time).map(iso)).toEqual(NEW_YEAR);
  });

  it('a run whose first sample is already in January of a December Date: is in the next year', () => {
    const text = newYear(D072, 7, ['01-01 00:00:00', '01-01 00:00:01']);
    expect(Array.from(parse(text).runs[0]!.time).map(iso)).toEqual(['2027-01-01T00:00:00.000Z', '2027-01-01T00:00:01.000Z']);
  });

  it('without a Date: line the year is the fallback year, and a warning says so', () => {
    const text = readFixture(D072).replace(/,,,,"Date:","[^"]*"/, '');
    const log = parseDstat(text, { fallbackYear: 2031 });
    expect(iso(log.runs[0]!.time[0])).toBe('2031-11-29T20:45:49.000Z');
    expect(log.runs[0]!.meta.timezone).toBe('');
    expect(log.dialect.issues.some((i) => i.severity === 'warning' && /2031/.test(i.message))).toBe(true);
  });

  it('DOOL_TIMEFMT-style cells "2026-11-29 20:45:49" carry their own year: same times as "Nov-29 20:45:49"', () => {
    const original = readFixture('dool134_tfvnrl.csv');
    const custom = editRows(original, 6, (l) => l.replace(/^Nov-(\d\d) /, '2026-11-$1 '));
    expect(linesOf(custom)[6]!.startsWith('2026-11-29 20:45:49,')).toBe(true);
    const log = parse(custom);
    const run = log.runs[0]!;
    expect(log.dialect.timeSource).toBe('time');
    expect(log.dialect.rows).toEqual({ read: 83, kept: 83, dropped: 0 });
    expect(iso(run.time[0])).toBe('2026-11-29T20:45:49.000Z');
    expect(iso(run.time[82])).toBe('2026-11-29T20:47:27.000Z');
    expect(content(run)).toEqual(content(parse(original).runs[0]!));
  });

  /** Remove the first field of the group row, the column row and every data row. */
  const withoutTimeColumn = (file: string, groupLine: number): string =>
    linesOf(readFixture(file))
      .map((l, i) => (i + 1 < groupLine || l === '' ? l : l.replace(/^("[^"]*"|[^,]*),/, '')))
      .join('\n')
      .concat('\n');

  it('no time column (-vfn without -t): times are Date: + sample number × the delay of Cmdline: (1 s)', () => {
    const text = withoutTimeColumn('d072_tvfn.csv', 6);
    expect(linesOf(text)[6]!.startsWith('"run","blk"')).toBe(true);
    const log = parse(text);
    const run = log.runs[0]!;
    const ref = parse(readFixture('d072_tvfn.csv')).runs[0]!;
    expect(log.dialect.timeSource).toBe('sample');
    expect(run.time).toHaveLength(86);
    const start = Date.UTC(2026, 10, 29, 20, 42, 31); // Date: 29 Nov 2026 20:42:31 UTC
    expect(Array.from(run.time)).toEqual(Array.from({ length: 86 }, (_, n) => start + n * 1000));
    expect(run.firstRowIsSinceBoot).toBe(true);
    expect(run.series.map((s) => [s.id, s.csvColumn + 1])).toEqual(ref.series.map((s) => [s.id, s.csvColumn]));
    expect(content(run).series).toEqual(content(ref).series);
  });

  it('no time column with a 5 s delay on Cmdline: the sample number × 5 s', () => {
    const text = withoutTimeColumn('found__jschaub30-viz_dstat__dstat.csv', 6);
    const run = parse(text).runs[0]!;
    expect(run.time).toHaveLength(88);
    expect(iso(run.time[0])).toBe('2015-06-16T11:06:42.000Z');
    expect(iso(run.time[1])).toBe('2015-06-16T11:06:47.000Z');
    expect(iso(run.time[87])).toBe('2015-06-16T11:13:57.000Z');
    expect(run.intervalMs).toBe(5000);
  });
});

describe('runs', () => {
  it('two runs appended the way dstat appends ("\\n\\n", Host:, Cmdline:, header rows, no title) are two runs; the last is shown', () => {
    const first = readFixture('d072_tvfn.csv'); // 93 lines, 86 rows
    const second = linesOf(readFixture(D072)).slice(2).join('\n') + '\n'; // no title, no Author:
    const log = parse(first + '\n\n' + second);
    expect(log.runs).toHaveLength(2);
    expect(log.dialect.runs).toBe(2);
    expect(log.dialect.rows).toEqual({ read: 170, kept: 170, dropped: 0 });
    const [a, b] = log.runs as [DstatRun, DstatRun];
    expect([a.firstLine, a.lines[0], a.lines[85]]).toEqual([1, 8, 93]);
    // lines 94, 95 blank; 96 Host:, 97 Cmdline:, 98 blank, 99 group row, 100 column row, 101 first row
    expect([b.firstLine, b.lines[0], b.lines[83]]).toEqual([96, 101, 184]);
    expect(b.meta.date).toBe('29 Nov 2026 20:45:49 UTC');
    expect([b.meta.producer, b.meta.version]).toEqual(['dstat', '0.7.2']);
    expect([a.firstRowIsSinceBoot, b.firstRowIsSinceBoot]).toEqual([true, true]);
    expect(log.dialect.options).toContain('-r'); // options of the shown (last) run
    const alone = [parse(first).runs[0]!, parse(readFixture(D072)).runs[0]!];
    expect(content(a)).toEqual(content(alone[0]!));
    expect({ ...content(b), meta: { ...content(b).meta, title: '' } }).toEqual({ ...content(alone[1]!), meta: { ...alone[1]!.meta, title: '' } });
  });
});

describe('columns', () => {
  it('a group written twice (--cpu with --cpu-adv) gets "#2" ids for its second copy', () => {
    const lines = linesOf(readFixture('deb080_tvfn.csv'));
    const columns = cells(lines[5]!);
    const at = columns.indexOf('"usr"'); // total cpu usage: usr,sys,idl,wai,stl
    expect(cells(lines[4]!)[at]).toBe('"total cpu usage"');
    lines[4] += ',"total cpu usage",,,,';
    lines[5] += ',"usr","sys","idl","wai","stl"';
    for (let i = 6; i < lines.length; i++) lines[i] += ',' + cells(lines[i]!).slice(at, at + 5).join(',');
    const run = parse(lines.join('\n') + '\n').runs[0]!;
    const ids = run.series.map((s) => s.id);
    expect(ids.slice(-5)).toEqual(['total cpu usage/usr#2', 'total cpu usage/sys#2', 'total cpu usage/idl#2', 'total cpu usage/wai#2', 'total cpu usage/stl#2']);
    expect(ids.filter((id) => id === 'total cpu usage/usr')).toHaveLength(1);
    expect(Array.from(numeric(run, 'total cpu usage/usr#2').values)).toEqual(Array.from(numeric(run, 'total cpu usage/usr').values));
  });

  /** Add a pcp-dstat plugin at the end of every row of pcp_tfvnrl.csv (before a "missed N ticks" note). */
  const withPcpPlugin = (groupCells: string, columnCells: string, dataCells: string): string => {
    const lines = linesOf(readFixture('pcp_tfvnrl.csv'));
    lines[4] += ',' + groupCells;
    lines[5] += ',' + columnCells;
    for (let i = 6; i < lines.length; i++) lines[i] = lines[i]!.replace(/(,"missed \d+ ticks")?$/, `,${dataCells}$1`);
    return lines.join('\n') + '\n';
  };

  it('pcp-dstat\'s swap group "total" with "total:used","total:free" is "swap", in KiB that become bytes', () => {
    const log = parse(withPcpPlugin('"total",', '"total:used","total:free"', '0,1048572'));
    const run = log.runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 90, kept: 90, dropped: 0 });
    expect(run.series.slice(-2).map((s) => s.id)).toEqual(['swap/used', 'swap/free']);
    expect(numeric(run, 'swap/free').values[5]).toBe(1048572 * 1024);
    expect(numeric(run, 'swap/used').values[5]).toBe(0);
    expect(seriesOf(run, 'swap/free').unit).toBe('bytes');
  });

  it('pcp-dstat --top-cpu: the quoted process name is text, its cpu share a number (cells mostly numeric)', () => {
    const log = parse(withPcpPlugin('"most expensive cpu process",', '"cmd","cpu"', '"sha256sum",47.608'));
    const run = log.runs[0]!;
    expect(log.dialect.rows).toEqual({ read: 90, kept: 90, dropped: 0 });
    const [cmd, cpu] = run.series.slice(-2) as [Series, Series];
    expect([cmd.id, cmd.kind]).toEqual(['most expensive cpu process/cmd', 'text']);
    expect(cmd.values[3]).toBe('sha256sum');
    expect([cpu.id, cpu.kind]).toEqual(['most expensive cpu process/cpu', 'number']);
    expect(cpu.values[3]).toBe(47.608);
  });
});

describe('a time column in a format no producer writes by default', () => {
  it('keeps every row, times them by sample number × delay from Date:, and says why', () => {
    // DSTAT_TIMEFMT='%Y%m%d-%H%M%S' gives cells such as 20261129-204549
    const text = editRows(readFixture(D072), 7, (line) => {
      const [time, ...rest] = cells(line);
      const [dm, hms] = time!.split(' ');
      const [d, m] = dm!.split('-');
      return [`2026${m}${d}-${hms!.replace(/:/g, '')}`, ...rest].join(',');
    });
    const log = parse(text);
    const run = log.runs[0]!;
    expect(run.time).toHaveLength(84);
    expect(log.dialect.timeSource).toBe('sample');
    expect(iso(run.time[0])).toBe('2026-11-29T20:45:49.000Z'); // the Date: line
    expect(run.time[83]! - run.time[0]!).toBe(83_000); // 83 samples × 1 s
    const warning = log.dialect.issues.find((i) => i.severity === 'warning' && i.message.includes('format'));
    expect(warning?.message).toContain('"20261129-204549"');
  });
});
