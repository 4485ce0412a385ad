/**
 * The parser's specification on real files: every CSV of test/fixtures/ (see test/fixtures/MANIFEST.md
 * and FORMATS.md), one `describe` per producer and dialect.
 *
 * Every expected figure below (producer, host, runs, rows kept and dropped, times, zone, series statistics)
 * was printed by test/tools/expected-figures.py, a short Python script that reads the CSVs with the standard
 * `csv` module and shares no code with the parser; the numbers are recorded here as literals. To check or
 * regenerate them: `python3 test/tools/expected-figures.py [file.csv]` (it prints these very object literals).
 *
 * Statistics are taken the way the app takes them: `seriesStats(values, run.firstRowIsSinceBoot ? 1 : 0)`
 * on the shown (last) run — dstat's first row is its since-boot average, not a sample.
 */
import { describe, expect, it } from 'vitest';
import { DstatFormatError } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun, NumericSeries, Producer, Series } from '../../../shared/dstat/types.js';
import { seriesStats } from '../../../shared/series/stats.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

interface NumberFigures {
  kind: 'number';
  /** 1-based CSV column the series is read from. */
  csvColumn: number;
  /** Samples with a value, the since-boot row left out. */
  count: number;
  min?: number;
  avg?: number;
  p95?: number;
  max?: number;
}

interface TextFigures {
  kind: 'text';
  csvColumn: number;
  /** Non-empty cells, all rows. */
  nonEmpty: number;
  first: string;
  last: string;
  /** The most frequent cell (since-boot row left out) and how often it occurs. */
  mostCommon: string;
  mostCommonCount: number;
}

interface RunFigures {
  /** 1-based line of the run's first header line (title, or Host: in an appended run). */
  firstLine: number;
  rows: number;
  /** Kept rows that have a time and no value at all. */
  gaps: number;
  sinceBoot: boolean;
  firstRowLine: number;
  lastRowLine: number;
  /** Time of the run's first row, ISO (floating wall clock). */
  first: string;
  /** Rows left out: their line, their field count and the header's. */
  dropped: { line: number; fields: number; width: number }[];
}

interface FileFigures {
  file: string;
  producer: Exclude<Producer, 'unknown'>;
  version: string;
  host: string;
  timezone: string;
  runs: RunFigures[];
  /** First and last time of the shown (last) run. */
  first: string;
  last: string;
  /** Series of the shown run (columns but the time). */
  series: number;
  missedTicks: { ticks: number; rows: number };
  /** pcp-dstat on a narrow terminal: the header names fewer columns than the rows carry. */
  headerCutShort?: { named: number; carried: number };
  stats: Record<string, NumberFigures | TextFigures>;
}

/** Every fixture is parsed once, with a fallback year no fixture has: the year must come from `Date:`. */
const FALLBACK_YEAR = 2000;
const logs = new Map<string, DstatLog>();

function logOf(file: string): DstatLog {
  let log = logs.get(file);
  if (!log) {
    log = parseDstat(readFixture(file), { fallbackYear: FALLBACK_YEAR });
    logs.set(file, log);
  }
  return log;
}

function shownRun(log: DstatLog): DstatRun {
  return log.runs[log.runs.length - 1]!;
}

function iso(ms: number | undefined): string {
  return new Date(ms ?? NaN).toISOString();
}

function seriesOf(run: DstatRun, id: string): Series {
  const s = run.series.find((x) => x.id === id);
  if (!s) expect.fail(`no series ${JSON.stringify(id)} in run ${run.index}; ids: ${run.series.map((x) => x.id).join(', ')}`);
  return s;
}

function numeric(run: DstatRun, id: string): NumericSeries {
  const s = seriesOf(run, id);
  if (s.kind !== 'number') expect.fail(`${id} is ${s.kind}, expected a number series`);
  return s;
}

/** Rows with a time and not one value (a number or a text). */
function gapRows(run: DstatRun): number {
  let gaps = 0;
  for (let r = 0; r < run.time.length; r++) {
    const empty = run.series.every((s) => (s.kind === 'number' ? Number.isNaN(s.values[r]) : s.values[r] === ''));
    if (empty) gaps++;
  }
  return gaps;
}

function expectSameFloat(actual: number, expected: number, what: string): void {
  // the script sums in row order as the parser's stats do; allow for a different summation all the same
  expect(Math.abs(actual - expected), what).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
}

/** The figures of one file, as four tests. */
function specify(f: FileFigures): void {
  describe(f.file, () => {
    it(`is ${f.producer} ${f.version || '(no title line: version unknown)'} recorded on host ${f.host}, zone ${f.timezone}`, () => {
      const log = logOf(f.file);
      expect(log.dialect.producer).toBe(f.producer);
      expect(log.dialect.version).toBe(f.version);
      for (const run of log.runs) {
        expect(run.meta.producer).toBe(f.producer);
        expect(run.meta.version).toBe(f.version);
        expect(run.meta.host).toBe(f.host);
        expect(run.meta.timezone).toBe(f.timezone);
      }
    });

    const kept = f.runs.map((r) => r.rows);
    const dropped = f.runs.flatMap((r) => r.dropped);
    it(
      `has ${f.runs.length} run(s) of ${kept.join(' + ')} rows` +
        (dropped.length ? `, drops ${dropped.map((d) => `line ${d.line} (${d.fields} of ${d.width} fields)`).join(', ')}` : ', drops none'),
      () => {
        const log = logOf(f.file);
        expect(log.runs.map((r) => r.time.length)).toEqual(kept);
        expect(log.dialect.runs).toBe(f.runs.length);
        f.runs.forEach((e, i) => {
          const run = log.runs[i]!;
          expect(run.index).toBe(i + 1);
          expect(run.firstLine, `run ${i + 1} first line`).toBe(e.firstLine);
          expect(run.lines.length).toBe(e.rows);
          expect(run.lines[0], `run ${i + 1} first row line`).toBe(e.firstRowLine);
          expect(run.lines[run.lines.length - 1], `run ${i + 1} last row line`).toBe(e.lastRowLine);
          expect(run.firstRowIsSinceBoot, `run ${i + 1} since-boot row`).toBe(e.sinceBoot);
          expect(iso(run.time[0]), `run ${i + 1} first time`).toBe(e.first);
          expect(gapRows(run), `run ${i + 1} rows without values`).toBe(e.gaps);
          for (const s of run.series) expect(s.values.length, s.id).toBe(e.rows);
        });
        const total = kept.reduce((a, b) => a + b, 0);
        expect(log.dialect.rows).toEqual({ read: total + dropped.length, kept: total, dropped: dropped.length });
        const dropIssues = log.dialect.issues.filter((i) => /left out/.test(i.message) && i.line > 0 && !/column/.test(i.message));
        expect(dropIssues.map((i) => i.line)).toEqual(dropped.map((d) => d.line));
        for (const d of dropped) {
          const issue = dropIssues.find((i) => i.line === d.line)!;
          expect(issue.severity).toBe('warning');
          expect(issue.message).toMatch(new RegExp(`\\b${d.fields}\\b.*\\b${d.width}\\b`));
        }
        const missed = log.dialect.issues.filter((i) => /missed/.test(i.message));
        if (f.missedTicks.rows === 0) expect(missed).toEqual([]);
        else expect(missed.map((i) => i.message).join()).toMatch(new RegExp(`\\b${f.missedTicks.ticks} missed ticks on ${f.missedTicks.rows} rows?\\b`));
      },
    );

    it(`shows its last run from ${f.first} to ${f.last}`, () => {
      const run = shownRun(logOf(f.file));
      expect(iso(run.time[0])).toBe(f.first);
      expect(iso(run.time[run.time.length - 1])).toBe(f.last);
    });

    it(`has ${f.series} series; statistics of ${Object.keys(f.stats).join(', ')}`, () => {
      const log = logOf(f.file);
      const run = shownRun(log);
      expect(run.series).toHaveLength(f.series);
      if (f.headerCutShort) {
        const { named, carried } = f.headerCutShort;
        expect(run.series).toHaveLength(named - 1);
        const cut = log.dialect.issues.find((i) => i.line > 0 && new RegExp(`\\b${named}\\b.*\\b${carried}\\b`).test(i.message));
        expect(cut, `an issue saying the header names ${named} columns but the rows carry ${carried}`).toBeDefined();
        expect(log.dialect.unknownColumns.join()).toContain(String(carried - named));
      }
      const from = run.firstRowIsSinceBoot ? 1 : 0;
      for (const [id, e] of Object.entries(f.stats)) {
        const s = seriesOf(run, id);
        expect(s.kind, id).toBe(e.kind);
        expect(s.csvColumn, `${id} csv column`).toBe(e.csvColumn);
        if (e.kind === 'number' && s.kind === 'number') {
          const st = seriesStats(s.values, from);
          if (e.count === 0) {
            expect(st, id).toBeNull();
            continue;
          }
          expect(st, id).not.toBeNull();
          expect(st!.count, `${id} count`).toBe(e.count);
          expect(st!.min, `${id} min`).toBe(e.min);
          expectSameFloat(st!.avg, e.avg!, `${id} avg`);
          expect(st!.p95, `${id} p95`).toBe(e.p95);
          expect(st!.max, `${id} max`).toBe(e.max);
        } else if (e.kind === 'text' && s.kind === 'text') {
          expect(s.values.filter((v) => v !== '').length, `${id} non-empty cells`).toBe(e.nonEmpty);
          expect(s.values[0]).toBe(e.first);
          expect(s.values[s.values.length - 1]).toBe(e.last);
          const counts = new Map<string, number>();
          for (const v of s.values.slice(from)) if (v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
          expect(counts.get(e.mostCommon), `${id}: occurrences of ${e.mostCommon}`).toBe(e.mostCommonCount);
          expect(Math.max(...counts.values())).toBe(e.mostCommonCount);
        }
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------------

const DSTAT_06: FileFigures[] = [
  {
    file: "d066_tvfn.csv",
    producer: "dstat", version: "0.6.6", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 85, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 92, first: "2026-11-29T20:42:31.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:42:31.000Z", last: "2026-11-29T20:44:04.000Z",
    series: 45, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu0 usage/usr": { kind: "number", csvColumn: 33, count: 84, min: 1.961, avg: 54.846821428571445, p95: 99.0, max: 100.0 },
      "cpu1 usage/idl": { kind: "number", csvColumn: 41, count: 84, min: 0.0, avg: 13.148166666666663, p95: 92.857, max: 94.949 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 84, min: 390696960.0, avg: 772517644.1904762, p95: 3195817984.0, max: 3598671872.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 84, min: 0.0, avg: 39479296.0, p95: 243306496.0, max: 405798912.0 },
      "system/csw": { kind: "number", csvColumn: 32, count: 84, min: 112.0, avg: 8057.1547619047615, p95: 18813.0, max: 131238.0 },
    },
  },
  {
    file: "d069_tfvnrl.csv",
    producer: "dstat", version: "0.6.9", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 84, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 91, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 68, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu0 usage/usr": { kind: "number", csvColumn: 33, count: 83, min: 1.02, avg: 81.06325301204824, p95: 100.0, max: 100.0 },
      "memory usage/buff": { kind: "number", csvColumn: 6, count: 83, min: 5439488.0, avg: 123370927.80722892, p95: 239755264.0, max: 239906816.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 27, count: 83, min: 0.0, avg: 14883877.012048192, p95: 61853696.0, max: 449093632.0 },
      "io/vda/writ": { kind: "number", csvColumn: 64, count: 83, min: 0.0, avg: 587.8072289156627, p95: 4012.0, max: 4974.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 45, count: 83, min: 0.0, avg: 300844.4457831325, p95: 411638.0, max: 22144424.0 },
      "load avg/1m": { kind: "number", csvColumn: 67, count: 83, min: 4.28, avg: 5.215662650602409, p95: 6.39, max: 7.86 },
    },
  },
];

describe('dstat 0.6.x: "time"/"date/time" header, every value a float, bare repeated column names', () => {
  DSTAT_06.forEach(specify);

  it('the time column ("date/time" under the group "time") is the time axis, never a series', () => {
    for (const file of ['d066_tvfn.csv', 'd069_tfvnrl.csv']) {
      const run = shownRun(logOf(file));
      expect(logOf(file).dialect.timeSource).toBe('time');
      expect(run.series.map((s) => s.id).filter((id) => /time|epoch/.test(id))).toEqual([]);
      expect(run.series[0]!.id).toBe('procs/run');
      expect(run.series[0]!.csvColumn).toBe(2);
    }
  });

  it('bare repeated column names are told apart by their group: dsk/loop0/read … dsk/vda/read, cpu0/cpu1 usage', () => {
    const ids = shownRun(logOf('d066_tvfn.csv')).series.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['dsk/loop0/read', 'dsk/vda/read', 'dsk/zram0/writ', 'cpu0 usage/hiq', 'cpu1 usage/siq', 'net/eth0/send']));
    expect(ids.filter((id) => id.startsWith('dsk/'))).toHaveLength(20);
  });

  it('memory is bytes as written, in 0.6 order used, buff, cach, free (no conversion)', () => {
    const run = shownRun(logOf('d066_tvfn.csv'));
    // line 8, the since-boot row: 29-11 20:42:31,0.016,0.002,31.458,404729856.0,5795840.0,1056833536.0,23808704512.0,…
    expect(run.series.slice(3, 7).map((s) => s.id)).toEqual(['memory usage/used', 'memory usage/buff', 'memory usage/cach', 'memory usage/free']);
    expect(numeric(run, 'memory usage/used').values[0]).toBe(404729856);
    expect(numeric(run, 'memory usage/free').values[0]).toBe(23808704512);
    expect(logOf('d066_tvfn.csv').dialect.conversions).toEqual([]);
  });
});

const DSTAT_07: FileFigures[] = [
  {
    file: "d070_tfvnrl.csv",
    producer: "dstat", version: "0.7.0", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 84, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 91, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 68, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu1 usage/siq": { kind: "number", csvColumn: 44, count: 83, min: 0.0, avg: 3.025289156626506, p95: 16.471, max: 22.535 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 83, min: 432259072.0, avg: 781083512.2891567, p95: 2692956160.0, max: 2730340352.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 27, count: 83, min: 0.0, avg: 15672431.036144579, p95: 24637440.0, max: 475430912.0 },
      "io/vda/read": { kind: "number", csvColumn: 63, count: 83, min: 0.0, avg: 554.4096385542168, p95: 2781.0, max: 3983.0 },
      "net/eth0/send": { kind: "number", csvColumn: 46, count: 83, min: 0.0, avg: 275.48192771084337, p95: 594.0, max: 18924.0 },
      "system/int": { kind: "number", csvColumn: 31, count: 83, min: 371.0, avg: 1921.566265060241, p95: 6039.0, max: 7140.0 },
    },
  },
  {
    file: "d072_tfvnrl.csv",
    producer: "dstat", version: "0.7.2", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 84, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 91, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 68, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu1 usage/usr": { kind: "number", csvColumn: 39, count: 83, min: 2.97, avg: 55.150240963855424, p95: 96.97, max: 100.0 },
      "memory usage/cach": { kind: "number", csvColumn: 7, count: 83, min: 1054625792.0, avg: 1098886032.9638555, p95: 1220411392.0, max: 1220501504.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 27, count: 83, min: 0.0, avg: 15441870.65060241, p95: 24449024.0, max: 486977536.0 },
      "io/vda/read": { kind: "number", csvColumn: 63, count: 83, min: 0.0, avg: 553.5060240963855, p95: 2821.0, max: 4017.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 45, count: 83, min: 0.0, avg: 300844.4457831325, p95: 665626.0, max: 22144424.0 },
      "procs/run": { kind: "number", csvColumn: 2, count: 83, min: 0.0, avg: 2.4939759036144578, p95: 5.0, max: 10.0 },
    },
  },
  {
    file: "d072_tvfn.csv",
    producer: "dstat", version: "0.7.2", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 86, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 93, first: "2026-11-29T20:42:31.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:42:31.000Z", last: "2026-11-29T20:44:04.000Z",
    series: 45, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu0 usage/sys": { kind: "number", csvColumn: 34, count: 85, min: 0.0, avg: 19.099576470588243, p95: 94.949, max: 96.97 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 85, min: 370462720.0, avg: 759584262.0235294, p95: 3246776320.0, max: 3605159936.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 85, min: 0.0, avg: 38685611.67058823, p95: 222859264.0, max: 400556032.0 },
      "system/int": { kind: "number", csvColumn: 31, count: 85, min: 392.0, avg: 2104.435294117647, p95: 9078.0, max: 16061.0 },
      "procs/new": { kind: "number", csvColumn: 4, count: 85, min: 0.0, avg: 18.729411764705883, p95: 56.0, max: 393.0 },
    },
  },
  {
    file: "d072_long_tfvnrl.csv",
    producer: "dstat", version: "0.7.2", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 1424, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 1431, first: "2026-11-29T20:41:31.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:41:31.000Z", last: "2026-11-29T21:07:35.000Z",
    series: 68, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu0 usage/idl": { kind: "number", csvColumn: 35, count: 1423, min: 0.0, avg: 37.69756078706955, p95: 99.0, max: 100.0 },
      "memory usage/free": { kind: "number", csvColumn: 8, count: 1423, min: 20161183744.0, avg: 23532923313.20309, p95: 24179990528.0, max: 24286777344.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 1423, min: 0.0, avg: 35378280.342937455, p95: 217055232.0, max: 468721664.0 },
      "io/vda/writ": { kind: "number", csvColumn: 64, count: 1423, min: 0.0, avg: 1156.0168657765284, p95: 7875.0, max: 14553.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 45, count: 1423, min: 0.0, avg: 41779.65987350667, p95: 0.0, max: 22144035.0 },
      "load avg/15m": { kind: "number", csvColumn: 69, count: 1423, min: 0.93, avg: 2.8747434996486216, p95: 3.54, max: 3.61 },
    },
  },
  {
    file: "d072_tfvnrl_appended-2-runs.csv",
    producer: "dstat", version: "0.7.2", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 30, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 37, first: "2026-11-29T20:52:12.000Z", dropped: [] },
      { firstLine: 40, rows: 39, gaps: 0, sinceBoot: true, firstRowLine: 45, lastRowLine: 83, first: "2026-11-29T20:52:53.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:52:53.000Z", last: "2026-11-29T20:53:31.000Z",
    series: 68, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu1 usage/wai": { kind: "number", csvColumn: 42, count: 38, min: 0.0, avg: 17.90234210526316, p95: 74.49, max: 89.691 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 38, min: 500862976.0, avg: 1028241084.6315789, p95: 2675785728.0, max: 2675863552.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 38, min: 0.0, avg: 45891152.84210526, p95: 226766848.0, max: 422576128.0 },
      "io/vda/writ": { kind: "number", csvColumn: 64, count: 38, min: 0.0, avg: 1486.921052631579, p95: 10156.0, max: 10340.0 },
      "net/eth0/send": { kind: "number", csvColumn: 46, count: 38, min: 0.0, avg: 22.57894736842105, p95: 198.0, max: 660.0 },
      "load avg/1m": { kind: "number", csvColumn: 67, count: 38, min: 4.16, avg: 5.254736842105262, p95: 6.76, max: 6.76 },
    },
  },
  {
    file: "found__jschaub30-viz_dstat__dstat.csv",
    producer: "dstat", version: "0.7.2", host: "arlab151", timezone: "CDT",
    runs: [
      { firstLine: 1, rows: 88, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 95, first: "2015-06-16T11:06:42.000Z", dropped: [] },
    ],
    first: "2015-06-16T11:06:42.000Z", last: "2015-06-16T11:13:57.000Z",
    series: 21, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/idl": { kind: "number", csvColumn: 17, count: 87, min: 37.574, avg: 68.32193103448276, p95: 99.65, max: 99.661 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 87, min: 25912082432.0, avg: 387448083232.3678, p95: 420631674880.0, max: 420958240768.0 },
      "memory usage/cach": { kind: "number", csvColumn: 7, count: 87, min: 205014433792.0, avg: 273586249633.83908, p95: 341477031936.0, max: 341497872384.0 },
      "dsk/total/writ": { kind: "number", csvColumn: 12, count: 87, min: 37683.2, avg: 313402238.5287355, p95: 1263702835.2, max: 2253547110.4 },
      "net/total/recv": { kind: "number", csvColumn: 21, count: 87, min: 1614.6, avg: 125328214.35172416, p95: 569677112.6, max: 969779839.2 },
    },
  },
  {
    file: "found__octu0-dstat-graph__examples_dstat_070.csv",
    producer: "dstat", version: "0.7.0", host: "hatatest01", timezone: "JST",
    runs: [
      { firstLine: 1, rows: 10, gaps: 0, sinceBoot: true, firstRowLine: 8, lastRowLine: 17, first: "2020-12-09T15:12:54.000Z", dropped: [] },
    ],
    first: "2020-12-09T15:12:54.000Z", last: "2020-12-09T15:13:01.000Z",
    series: 26, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 2, count: 9, min: 3.657, avg: 8.570333333333334, p95: 12.706, max: 12.706 },
      "memory usage/used": { kind: "number", csvColumn: 8, count: 9, min: 7012814848.0, avg: 7020105728.0, p95: 7025500160.0, max: 7025500160.0 },
      "dsk/total/writ": { kind: "number", csvColumn: 13, count: 9, min: 3624960.0, avg: 4621198.222222222, p95: 5832704.0, max: 5832704.0 },
      "net/total/recv": { kind: "number", csvColumn: 16, count: 9, min: 733960.0, avg: 2269349.3333333335, p95: 4276588.0, max: 4276588.0 },
      "interrupts/43": { kind: "number", csvColumn: 19, count: 9, min: 79.0, avg: 319.44444444444446, p95: 508.0, max: 508.0 },
    },
  },
];

describe('dstat 0.7.0 – 0.7.2: "system"/"time" header, blank line after Cmdline:, Python-2 floats', () => {
  DSTAT_07.forEach(specify);

  it('an --output file written twice holds two runs, each with its own Date:; the shown run is the last', () => {
    const log = logOf('d072_tfvnrl_appended-2-runs.csv');
    expect(log.runs.map((r) => r.meta.date)).toEqual(['29 Nov 2026 20:52:11 UTC', '29 Nov 2026 20:52:53 UTC']);
    // the appended block has no title: it is still dstat 0.7.2
    expect(log.runs[1]!.meta.producer).toBe('dstat');
    expect(log.runs[1]!.meta.version).toBe('0.7.2');
    expect(log.runs[1]!.series.map((s) => s.id)).toEqual(log.runs[0]!.series.map((s) => s.id));
    // each run starts with its own since-boot row: line 8 and line 45
    expect([log.runs[0]!.lines[0], log.runs[1]!.lines[0]]).toEqual([8, 45]);
  });

  it('Python-2 exponent numbers are numbers: 2.05011812352e+11 bytes of cache on a 1 TB host', () => {
    const run = shownRun(logOf('found__jschaub30-viz_dstat__dstat.csv'));
    expect(numeric(run, 'memory usage/cach').values[0]).toBe(2.05011812352e11);
    expect(numeric(run, 'memory usage/free').values[0]).toBe(8.68834476032e11);
    expect(numeric(run, 'memory usage/used').values[87]).toBe(4.20735418368e11);
  });

  it('the delay on the Cmdline: is the interval: 5 s, and so is the step of the time axis', () => {
    const run = shownRun(logOf('found__jschaub30-viz_dstat__dstat.csv'));
    expect(run.intervalMs).toBe(5000);
    expect(run.time[2]! - run.time[1]!).toBe(5000);
    expect(shownRun(logOf('d072_tfvnrl.csv')).intervalMs).toBe(1000);
  });

  it('the zone is carried, never applied: CDT and JST files show the clock as recorded', () => {
    expect(shownRun(logOf('found__jschaub30-viz_dstat__dstat.csv')).meta.date).toBe('16 Jun 2015 11:06:42 CDT');
    expect(iso(shownRun(logOf('found__jschaub30-viz_dstat__dstat.csv')).time[0])).toBe('2015-06-16T11:06:42.000Z');
    expect(iso(shownRun(logOf('found__octu0-dstat-graph__examples_dstat_070.csv')).time[0])).toBe('2020-12-09T15:12:54.000Z');
  });

  it('identical repeated rows are kept, repeated time and all (octu0: the last three rows)', () => {
    const run = shownRun(logOf('found__octu0-dstat-graph__examples_dstat_070.csv'));
    expect(Array.from(run.time.slice(7)).map(iso)).toEqual(['2020-12-09T15:13:01.000Z', '2020-12-09T15:13:01.000Z', '2020-12-09T15:13:01.000Z']);
    expect(Array.from(run.lines.slice(7))).toEqual([15, 16, 17]);
  });

  it('interrupt columns are IRQ numbers: interrupts/42, interrupts/43, interrupts/44', () => {
    const ids = shownRun(logOf('found__octu0-dstat-graph__examples_dstat_070.csv')).series.map((s) => s.id);
    expect(ids.filter((id) => id.startsWith('interrupts/'))).toEqual(['interrupts/42', 'interrupts/43', 'interrupts/44']);
  });
});

const DSTAT_073_080: FileFigures[] = [
  {
    file: "d073_tfvnrl.csv",
    producer: "dstat", version: "0.7.3", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 84, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 90, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 61, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/idl": { kind: "number", csvColumn: 35, count: 83, min: 0.0, avg: 9.865614457831327, p95: 47.525, max: 48.0 },
      "memory usage/free": { kind: "number", csvColumn: 6, count: 83, min: 21220139008.0, avg: 23276016257.542168, p95: 23781879808.0, max: 23783686144.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 27, count: 83, min: 0.0, avg: 15240475.759036144, p95: 49283072.0, max: 469188608.0 },
      "io/vda/read": { kind: "number", csvColumn: 56, count: 83, min: 0.0, avg: 552.7831325301205, p95: 2789.0, max: 3980.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 38, count: 83, min: 0.0, avg: 300844.4457831325, p95: 665626.0, max: 22144424.0 },
      "system/csw": { kind: "number", csvColumn: 32, count: 83, min: 101.0, avg: 9314.421686746988, p95: 14441.0, max: 201838.0 },
    },
  },
  {
    file: "d073_T-explicit-lists-many-plugins.csv",
    producer: "dstat", version: "0.7.3", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 87, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 93, first: "2026-11-29T20:50:35.366Z", dropped: [] },
    ],
    first: "2026-11-29T20:50:35.366Z", last: "2026-11-29T20:52:08.368Z",
    series: 72, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 12, count: 86, min: 6.931, avg: 60.322453488372076, p95: 90.547, max: 91.878 },
      "dsk/vda/writ": { kind: "number", csvColumn: 18, count: 86, min: 0.0, avg: 20195613.76744186, p95: 110231552.0, max: 386924544.0 },
      "net/lo/recv": { kind: "number", csvColumn: 21, count: 86, min: 0.0, avg: 7049419.651162791, p95: 45993595.0, max: 88889956.0 },
      "memory usage/used": { kind: "number", csvColumn: 34, count: 86, min: 314245120.0, avg: 1124777841.1162791, p95: 3795881984.0, max: 3896684544.0 },
      "most expensive/cpu process": { kind: "text", csvColumn: 72, nonEmpty: 87, first: "python3 / 1%", last: "python3 / 43%", mostCommon: "python3 / 44%", mostCommonCount: 8 },
      "most expensive/i/o process": { kind: "text", csvColumn: 73, nonEmpty: 87, first: "load.sh / 20630557:22221764", last: "cat / 28449600:28311552", mostCommon: "rounds.sh / 2109125:97447", mostCommonCount: 1 },
    },
  },
  {
    file: "deb080_tfvnrl.csv",
    producer: "dstat", version: "0.8.0", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 83, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 89, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 61, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 33, count: 82, min: 2.5, avg: 65.96798780487806, p95: 94.5, max: 95.5 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 82, min: 357376000.0, avg: 669995907.1219512, p95: 2540175360.0, max: 2584084480.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 82, min: 0.0, avg: 38642663.02439024, p95: 204668928.0, max: 419430400.0 },
      "io/vda/writ": { kind: "number", csvColumn: 57, count: 82, min: 0.0, avg: 594.9756097560976, p95: 3978.0, max: 5123.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 38, count: 82, min: 0.0, avg: 304513.2804878049, p95: 665626.0, max: 22144035.0 },
      "load avg/5m": { kind: "number", csvColumn: 61, count: 82, min: 3.86, avg: 4.073170731707314, p95: 4.24, max: 4.77 },
    },
  },
  {
    file: "deb080_tty80_tfvnrl.csv",
    producer: "dstat", version: "0.8.0", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 61, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 67, first: "2026-11-29T20:52:11.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:52:11.000Z", last: "2026-11-29T20:53:20.000Z",
    series: 61, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/sys": { kind: "number", csvColumn: 34, count: 60, min: 0.505, avg: 9.663350000000001, p95: 31.633, max: 50.754 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 60, min: 345468928.0, avg: 790190489.6, p95: 2518016000.0, max: 2520498176.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 60, min: 0.0, avg: 42260889.6, p95: 217513984.0, max: 423632896.0 },
      "io/vda/writ": { kind: "number", csvColumn: 57, count: 60, min: 0.0, avg: 1134.6, p95: 7022.0, max: 10432.0 },
      "net/eth0/send": { kind: "number", csvColumn: 39, count: 60, min: 0.0, avg: 73.08333333333333, p95: 630.0, max: 1517.0 },
      "load avg/15m": { kind: "number", csvColumn: 62, count: 60, min: 3.14, avg: 3.3368333333333333, p95: 3.47, max: 3.49 },
    },
  },
  {
    file: "deb080_tvfn.csv",
    producer: "dstat", version: "0.8.0", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 83, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 89, first: "2026-11-29T20:42:32.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:42:32.000Z", last: "2026-11-29T20:44:04.000Z",
    series: 38, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/wai": { kind: "number", csvColumn: 36, count: 82, min: 0.0, avg: 6.005146341463414, p95: 32.323, max: 44.059 },
      "memory usage/cach": { kind: "number", csvColumn: 8, count: 82, min: 838975488.0, avg: 1018218296.195122, p95: 1194237952.0, max: 1434460160.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 27, count: 82, min: 0.0, avg: 8649553.170731707, p95: 5275648.0, max: 623140864.0 },
      "system/int": { kind: "number", csvColumn: 31, count: 82, min: 385.0, avg: 2152.951219512195, p95: 12901.0, max: 15346.0 },
      "procs/blk": { kind: "number", csvColumn: 3, count: 82, min: 0.0, avg: 0.24390243902439024, p95: 1.0, max: 3.0 },
    },
  },
  {
    file: "found__bigdatalyn-visual-dstat__html.20190805-144620_dstat.csv",
    producer: "dstat", version: "0.7.3", host: "orl7", timezone: "CST",
    runs: [
      { firstLine: 1, rows: 900, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 906, first: "2019-08-05T14:46:20.000Z", dropped: [] },
    ],
    first: "2019-08-05T14:46:20.000Z", last: "2019-08-05T15:01:19.000Z",
    series: 20, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 15, count: 899, min: 0.0, avg: 67.40994549499439, p95: 91.061, max: 95.89 },
      "memory usage/cach": { kind: "number", csvColumn: 8, count: 899, min: 437481472.0, avg: 618478536.1868743, p95: 823517184.0, max: 850788352.0 },
      "dsk/total/writ": { kind: "number", csvColumn: 12, count: 899, min: 0.0, avg: 207546.80311457175, p95: 16384.0, max: 20652032.0 },
      "net/total/send": { kind: "number", csvColumn: 21, count: 899, min: 0.0, avg: 30533.31813125695, p95: 85579.0, max: 262689.0 },
      "system/int": { kind: "number", csvColumn: 13, count: 899, min: 48.0, avg: 1742.9588431590657, p95: 2183.0, max: 2338.0 },
    },
  },
  {
    file: "found__realnerdc0re-BSc-e1027075__logs_dstat.csv",
    producer: "dstat", version: "", host: "ubuntu-pc", timezone: "CET",
    runs: [
      { firstLine: 3, rows: 321, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 327, first: "2020-12-18T12:05:57.272Z", dropped: [] },
      { firstLine: 330, rows: 43, gaps: 0, sinceBoot: true, firstRowLine: 334, lastRowLine: 376, first: "2020-12-18T12:11:55.008Z", dropped: [] },
      { firstLine: 379, rows: 44, gaps: 0, sinceBoot: true, firstRowLine: 383, lastRowLine: 426, first: "2020-12-18T12:12:52.518Z", dropped: [] },
      { firstLine: 429, rows: 44, gaps: 0, sinceBoot: true, firstRowLine: 433, lastRowLine: 476, first: "2020-12-18T12:14:03.100Z", dropped: [] },
      { firstLine: 479, rows: 43, gaps: 0, sinceBoot: true, firstRowLine: 483, lastRowLine: 525, first: "2020-12-18T12:15:46.430Z", dropped: [] },
      { firstLine: 528, rows: 90, gaps: 0, sinceBoot: true, firstRowLine: 532, lastRowLine: 621, first: "2020-12-18T12:17:24.298Z", dropped: [] },
      { firstLine: 624, rows: 90, gaps: 0, sinceBoot: true, firstRowLine: 628, lastRowLine: 717, first: "2020-12-18T12:19:28.930Z", dropped: [] },
      { firstLine: 720, rows: 4985, gaps: 0, sinceBoot: true, firstRowLine: 724, lastRowLine: 5708, first: "2020-12-18T12:23:06.480Z", dropped: [] },
    ],
    first: "2020-12-18T12:23:06.480Z", last: "2020-12-18T13:46:10.481Z",
    series: 18, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 2, count: 4984, min: 0.502, avg: 3.01915971107545, p95: 9.707, max: 55.949 },
      "dsk/total/writ": { kind: "number", csvColumn: 10, count: 4984, min: 0.0, avg: 156136.16693418942, p95: 520192.0, max: 47616000.0 },
      "advanced memory usage/used": { kind: "number", csvColumn: 12, count: 4984, min: 6608343040.0, avg: 9292728924.866774, p95: 10652241920.0, max: 11112550400.0 },
      "advanced memory usage/dirty": { kind: "number", csvColumn: 16, count: 4984, min: 0.0, avg: 1065610.8892455858, p95: 3186688.0, max: 42749952.0 },
      "most expensive i/o process/process              pid  read write cpu": { kind: "text", csvColumn: 19, nonEmpty: 4985, first: "Top: conky 211038.61141429003 15490.418070516776 0.13859230083782828", last: "Top: conky 267879.0 15500.0 0.16666666666666666", mostCommon: "Top: main 796497.0 926.0 0.08333333333333333", mostCommonCount: 21 },
    },
  },
];

describe('dstat 0.7.3 and "0.8.0" (Debian 0.7.4): "group:column" sub-headers, integers, epoch, top-* text', () => {
  DSTAT_073_080.forEach(specify);

  it('"group:column" sub-headers lose their prefix: dsk/vda:read → dsk/vda/read, io/vda:writ → io/vda/writ', () => {
    const run = shownRun(logOf('deb080_tfvnrl.csv'));
    const ids = run.series.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['dsk/vda/read', 'dsk/vda/writ', 'io/vda/writ', 'dsk/zram0/read']));
    expect(ids.filter((id) => id.includes(':'))).toEqual([]);
    expect(numeric(run, 'dsk/vda/read').values[1]).toBe(249856);
  });

  it('a trailing comma on every data row (terminal narrower than the line) is not a column', () => {
    const tty = shownRun(logOf('deb080_tty80_tfvnrl.csv'));
    const wide = shownRun(logOf('deb080_tfvnrl.csv'));
    expect(tty.series.map((s) => s.id)).toEqual(wide.series.map((s) => s.id));
    expect(logOf('deb080_tty80_tfvnrl.csv').dialect.issues.filter((i) => i.severity === 'warning')).toEqual([]);
    expect(numeric(tty, 'load avg/15m').values[60]).toBe(3.36);
  });

  it('an epoch column with a UTC Date: is the UTC clock, milliseconds kept (1795985435.366)', () => {
    const log = logOf('d073_T-explicit-lists-many-plugins.csv');
    expect(log.dialect.timeSource).toBe('epoch');
    expect(shownRun(log).time[0]).toBe(Date.UTC(2026, 10, 29, 20, 50, 35, 366));
    expect(shownRun(log).series.map((s) => s.id)).not.toContain('epoch/epoch');
  });

  it('top-* plugins ("most expensive") are text columns; every other column of the file is a number', () => {
    const run = shownRun(logOf('d073_T-explicit-lists-many-plugins.csv'));
    expect(run.series.filter((s) => s.kind === 'text').map((s) => s.id)).toEqual(['most expensive/cpu process', 'most expensive/i/o process']);
    expect(run.series.filter((s) => s.kind === 'number')).toHaveLength(70);
  });

  it('-C 0,1,total -D vda,total -N lo,eth0,total: per-instance and total series side by side', () => {
    const ids = shownRun(logOf('d073_T-explicit-lists-many-plugins.csv')).series.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([
      'cpu0 usage/usr', 'cpu1 usage/stl', 'total cpu usage/usr', 'dsk/vda/read', 'dsk/total/read',
      'net/lo/recv', 'net/eth0/recv', 'net/total/send', 'swap/used', 'swap/free',
    ]));
  });

  it('a file that starts with blank lines and has no title (appended from the start) is read: producer from Cmdline:, version unknown', () => {
    const log = logOf('found__realnerdc0re-BSc-e1027075__logs_dstat.csv');
    expect(log.runs).toHaveLength(8);
    expect(log.runs.every((r) => r.meta.title === '')).toBe(true);
    expect(log.runs[0]!.firstLine).toBe(3);
  });

  it('epoch with a zone abbreviation (CET) is shifted by Date: − first sample, rounded to 15 min: +1 h', () => {
    const log = logOf('found__realnerdc0re-BSc-e1027075__logs_dstat.csv');
    // line 7: 1608289557.272 = 2020-12-18T11:05:57.272Z; Date: 18 Dec 2020 12:05:57 CET
    expect(log.runs[0]!.time[0]).toBe(1608289557272 + 3_600_000);
    expect(iso(log.runs[0]!.time[0])).toBe('2020-12-18T12:05:57.272Z');
  });

  it('TAB characters inside --top-io-adv cells become spaces', () => {
    const run = logOf('found__realnerdc0re-BSc-e1027075__logs_dstat.csv').runs[0]!;
    const top = seriesOf(run, 'most expensive i/o process/process              pid  read write cpu');
    expect(top.values[0]).toBe('Top: conky 209695.61990565315 15489.388777391196 0.13815956195325593');
  });
});

const DOOL: FileFigures[] = [
  {
    file: "dool100_tfvnrl.csv",
    producer: "dool", version: "1.0.0", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 83, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 89, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 61, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 33, count: 82, min: 2.5, avg: 65.97184146341465, p95: 94.5, max: 95.0 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 82, min: 357376000.0, avg: 670069235.5121951, p95: 2540175360.0, max: 2586951680.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 28, count: 82, min: 0.0, avg: 38642663.02439024, p95: 204013568.0, max: 421527552.0 },
      "io/vda/read": { kind: "number", csvColumn: 56, count: 82, min: 0.0, avg: 564.060975609756, p95: 2727.0, max: 3659.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 38, count: 82, min: 0.0, avg: 304513.2804878049, p95: 407528.0, max: 22144035.0 },
      "load avg/1m": { kind: "number", csvColumn: 60, count: 82, min: 4.28, avg: 5.227073170731708, p95: 6.39, max: 7.86 },
    },
  },
  {
    file: "dool134_tfvnrl.csv",
    producer: "dool", version: "1.3.4", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 83, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 89, first: "2026-11-29T20:45:49.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:45:49.000Z", last: "2026-11-29T20:47:27.000Z",
    series: 25, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 15, count: 82, min: 2.5, avg: 65.97117073170732, p95: 94.5, max: 95.5 },
      "memory usage/avai": { kind: "number", csvColumn: 8, count: 82, min: 22384599040.0, avg: 24316695177.365852, p95: 24649392128.0, max: 24651755520.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 11, count: 82, min: 0.0, avg: 16520816.390243903, p95: 25280512.0, max: 395313152.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 12, count: 82, min: 0.0, avg: 38642663.02439024, p95: 203423744.0, max: 417341440.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 20, count: 82, min: 0.0, avg: 304513.2804878049, p95: 665626.0, max: 22144035.0 },
      "io/vda/writ": { kind: "number", csvColumn: 23, count: 82, min: 0.0, avg: 594.9756097560976, p95: 3984.0, max: 5124.0 },
    },
  },
  {
    file: "dool134_tfvnrl_bytes.csv",
    producer: "dool", version: "1.3.4", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 74, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 80, first: "2026-11-29T20:52:12.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:52:12.000Z", last: "2026-11-29T20:53:40.000Z",
    series: 25, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/sys": { kind: "number", csvColumn: 16, count: 73, min: 0.498, avg: 9.028808219178087, p95: 21.891, max: 54.726 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 73, min: 365158400.0, avg: 729493728.4383562, p95: 2537476096.0, max: 2537992192.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 11, count: 73, min: 0.0, avg: 17449633.315068495, p95: 61603840.0, max: 552861696.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 12, count: 73, min: 0.0, avg: 39681430.79452055, p95: 235667456.0, max: 435159040.0 },
      "net/eth0/recv": { kind: "number", csvColumn: 20, count: 73, min: 0.0, avg: 38771.849315068495, p95: 581901.0, max: 812750.0 },
      "io/vda/read": { kind: "number", csvColumn: 22, count: 73, min: 0.0, avg: 79.57534246575342, p95: 314.0, max: 2109.0 },
    },
  },
  {
    file: "found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv",
    producer: "dool", version: "1.1.0", host: "PC-000442", timezone: "-03",
    runs: [
      { firstLine: 1, rows: 600, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 606, first: "2023-03-23T13:32:03.000Z", dropped: [] },
    ],
    first: "2023-03-23T13:32:03.000Z", last: "2023-03-23T13:42:02.000Z",
    series: 70, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 2, count: 599, min: 7.188, avg: 10.109994991652762, p95: 13.755, max: 26.634 },
      "memory usage/used": { kind: "number", csvColumn: 17, count: 599, min: 5253296128.0, avg: 5373492215.45242, p95: 5498953728.0, max: 5625221120.0 },
      "dsk/total/writ": { kind: "number", csvColumn: 8, count: 599, min: 0.0, avg: 1823273.8831385642, p95: 9617408.0, max: 19529728.0 },
      "net/total/recv": { kind: "number", csvColumn: 21, count: 599, min: 6184.0, avg: 15227.507512520868, p95: 23906.0, max: 506183.0 },
      "interrupts/139": { kind: "number", csvColumn: 12, count: 599, min: 113.0, avg: 133.96994991652755, p95: 169.0, max: 300.0 },
    },
  },
];

describe('dool ("Dstat 1.x" and "dool 1.x" titles): "Mon-dd" times; bits since 1.3 unless --bytes', () => {
  DOOL.forEach(specify);

  it('"Dstat 1.0.0 CSV output" and "Dstat 1.1.0 CSV output" are dool, not dstat', () => {
    expect(logOf('dool100_tfvnrl.csv').dialect.producer).toBe('dool');
    expect(logOf('found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv').dialect.producer).toBe('dool');
  });

  it('the time column "Nov-29 20:45:49" gets the year of Date:', () => {
    expect(logOf('dool134_tfvnrl.csv').dialect.timeFormat).toBe('Mon-dd HH:MM:SS');
    expect(iso(shownRun(logOf('dool134_tfvnrl.csv')).time[1])).toBe('2026-11-29T20:45:50.000Z');
  });

  it('dool 1.3 writes dsk/* and net/* in bits/s: ÷8 gives the bytes Debian dstat wrote in the same second', () => {
    // line 8 of dool134_tfvnrl.csv: Nov-29 20:45:50, dsk/vda read 1998848, writ 1305837568 (bits/s);
    // line 8 of deb080_tfvnrl.csv: 29-11 20:45:50, dsk/vda read 249856, writ 163229696 (bytes/s)
    const dool = shownRun(logOf('dool134_tfvnrl.csv'));
    const deb = shownRun(logOf('deb080_tfvnrl.csv'));
    expect(dool.time[1]).toBe(deb.time[1]);
    expect(numeric(dool, 'dsk/vda/read').values[1]).toBe(1998848 / 8);
    expect(numeric(dool, 'dsk/vda/read').values[1]).toBe(numeric(deb, 'dsk/vda/read').values[1]);
    expect(numeric(dool, 'dsk/vda/writ').values[1]).toBe(numeric(deb, 'dsk/vda/writ').values[1]);
    // line 41 of both: 20:46:28, net/eth0 recv 5422584 bits/s in dool, 677823 bytes/s in Debian dstat
    expect(numeric(dool, 'net/eth0/recv').values[34]).toBe(5422584 / 8);
    expect(numeric(dool, 'net/eth0/recv').values[34]).toBe(numeric(deb, 'net/eth0/recv').values[34]);
    expect(logOf('dool134_tfvnrl.csv').dialect.conversions).toHaveLength(1);
    expect(logOf('dool134_tfvnrl.csv').dialect.conversions[0]).toMatch(/bits/);
  });

  it('io/* are requests/s and stay as written, in dool 1.3 too', () => {
    expect(numeric(shownRun(logOf('dool134_tfvnrl.csv')), 'io/vda/read').values[1]).toBe(36);
  });

  it('dool 1.3 with --bytes: dsk/* and net/* are bytes as written', () => {
    const run = shownRun(logOf('dool134_tfvnrl_bytes.csv'));
    // line 8: Nov-29 20:52:13,…,dsk/vda read 200704, writ 103219200
    expect(numeric(run, 'dsk/vda/read').values[1]).toBe(200704);
    expect(numeric(run, 'dsk/vda/writ').values[1]).toBe(103219200);
    expect(logOf('dool134_tfvnrl_bytes.csv').dialect.conversions).toEqual([]);
  });

  it('dool 1.0 and 1.1 write bytes: no conversion (dool 1.0.0 line 8: dsk/vda read 151552)', () => {
    expect(numeric(shownRun(logOf('dool100_tfvnrl.csv')), 'dsk/vda/read').values[1]).toBe(151552);
    expect(logOf('dool100_tfvnrl.csv').dialect.conversions).toEqual([]);
  });

  it('dool 1.1 memory is used, free, cach, avai; a numeric zone (-03) is kept as written', () => {
    const run = shownRun(logOf('found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv'));
    expect(run.series.filter((s) => s.group === 'memory usage').map((s) => s.column)).toEqual(['used', 'free', 'cach', 'avai']);
    expect(run.meta.timezone).toBe('-03');
    expect(run.series.map((s) => s.id)).toEqual(expect.arrayContaining(['interrupts/138', 'interrupts/139', 'interrupts/140']));
  });
});

const PCP: FileFigures[] = [
  {
    file: "pcp_tfvnrl.csv",
    producer: "pcp-dstat", version: "6.0.3", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 90, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 96, first: "2026-11-29T20:53:01.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:53:01.000Z", last: "2026-11-29T20:54:40.000Z",
    series: 36, missedTicks: { ticks: 13, rows: 3 },
    stats: {
      "cpu0 usage/usr": { kind: "number", csvColumn: 15, count: 89, min: 0.0, avg: 21.254168539325843, p95: 88.383, max: 90.986 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 89, min: 307556352.0, avg: 665170380.224719, p95: 2518003712.0, max: 2520473600.0 },
      "memory usage/buff": { kind: "number", csvColumn: 7, count: 89, min: 21954560.0, avg: 24379944.26966292, p95: 28631040.0, max: 28631040.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 12, count: 89, min: 0.0, avg: 38624593.73591012, p95: 233177484.288, max: 481283672.064 },
      "net/lo/recv": { kind: "number", csvColumn: 25, count: 89, min: 0.0, avg: 3762982.863202247, p95: 33749237.388, max: 107599983.818 },
      "io/total/writ": { kind: "number", csvColumn: 34, count: 89, min: 0.0, avg: 946.7237977528089, p95: 3694.377, max: 12955.636 },
    },
  },
  {
    file: "pcp_tty80_tfvnrl.csv",
    producer: "pcp-dstat", version: "6.0.3", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 61, gaps: 0, sinceBoot: true, firstRowLine: 7, lastRowLine: 67, first: "2026-11-29T20:52:11.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:52:11.000Z", last: "2026-11-29T20:53:20.000Z",
    series: 11, missedTicks: { ticks: 10, rows: 1 },
    headerCutShort: { named: 12, carried: 37 },
    stats: {
      "procs/run": { kind: "number", csvColumn: 2, count: 60, min: 0.0, avg: 2.2666666666666666, p95: 6.0, max: 31.0 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 60, min: 345468928.0, avg: 763719680.0, p95: 2518003712.0, max: 2520473600.0 },
      "memory usage/cach": { kind: "number", csvColumn: 8, count: 60, min: 1047044096.0, avg: 1054619716.2666667, p95: 1061515264.0, max: 1061539840.0 },
      "dsk/vda/read": { kind: "number", csvColumn: 11, count: 60, min: 0.0, avg: 15005026.542933334, p95: 3695789.056, max: 505948778.496 },
      "dsk/vda/writ": { kind: "number", csvColumn: 12, count: 60, min: 0.0, avg: 38049548.834133334, p95: 225886003.2, max: 403705101.312 },
    },
  },
  {
    file: "pcp_tvfn_linux-pmda-died-midrun.csv",
    producer: "pcp-dstat", version: "6.0.3", host: "vm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 84, gaps: 62, sinceBoot: true, firstRowLine: 7, lastRowLine: 90, first: "2026-11-29T20:42:32.000Z", dropped: [] },
    ],
    first: "2026-11-29T20:42:32.000Z", last: "2026-11-29T20:44:04.000Z",
    series: 31, missedTicks: { ticks: 10, rows: 1 },
    stats: {
      "cpu0 usage/usr": { kind: "number", csvColumn: 15, count: 21, min: 2.0, avg: 57.47485714285714, p95: 92.005, max: 93.978 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 21, min: 332734464.0, avg: 349259483.4285714, p95: 356999168.0, max: 474198016.0 },
      "dsk/vda/writ": { kind: "number", csvColumn: 12, count: 21, min: 0.0, avg: 69813097.17942856, p95: 306615113.728, max: 322482954.24 },
      "system/csw": { kind: "number", csvColumn: 14, count: 21, min: 124.0, avg: 6077.523809523809, p95: 10139.0, max: 10367.0 },
      "procs/new": { kind: "number", csvColumn: 4, count: 21, min: 0.0, avg: 3.522809523809524, p95: 16.984, max: 26.972 },
    },
  },
  {
    file: "pcp-archive_dstat-diskfarm_1699disks_tfd.csv",
    producer: "pcp-dstat", version: "6.0.3", host: "diskfarm", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 59, gaps: 1, sinceBoot: true, firstRowLine: 7, lastRowLine: 65, first: "2025-12-11T22:22:00.000Z", dropped: [] },
    ],
    first: "2025-12-11T22:22:00.000Z", last: "2025-12-11T22:22:58.000Z",
    series: 3398, missedTicks: { ticks: 9, rows: 2 },
    stats: {
      "dsk/sda/read": { kind: "number", csvColumn: 2, count: 58, min: 9216.0, avg: 9498.48275862069, p95: 10240.0, max: 10240.0 },
      "dsk/sda/writ": { kind: "number", csvColumn: 3, count: 58, min: 75776.0, avg: 76411.58620689655, p95: 76800.0, max: 76800.0 },
      "dsk/sdr/writ": { kind: "number", csvColumn: 33, count: 58, min: 1003520.0, avg: 1004385.1034482758, p95: 1004544.0, max: 1004544.0 },
      "dsk/sdbme/read": { kind: "number", csvColumn: 3390, count: 58, min: 0.0, avg: 70.62068965517241, p95: 1024.0, max: 1024.0 },
      "dsk/pmem0s/writ": { kind: "number", csvColumn: 3399, count: 58, min: 0.0, avg: 0.0, p95: 0.0, max: 0.0 },
    },
  },
  {
    file: "pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv",
    producer: "pcp-dstat", version: "6.0.3", host: "intel-purley-lr-02.khw1.lab.eng.bos.redhat.com", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 86, gaps: 6, sinceBoot: true, firstRowLine: 7, lastRowLine: 92, first: "2026-06-14T09:39:12.000Z", dropped: [] },
    ],
    first: "2026-06-14T09:39:12.000Z", last: "2026-06-14T09:40:37.000Z",
    series: 990, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "cpu0 usage/usr": { kind: "number", csvColumn: 15, count: 79, min: 0.0, avg: 0.012658227848101264, p95: 0.1, max: 0.1 },
      "cpu191 usage/idl": { kind: "number", csvColumn: 972, count: 79, min: 99.9, avg: 99.9987341772152, p95: 100.1, max: 100.1 },
      "memory usage/used": { kind: "number", csvColumn: 5, count: 80, min: 25727197184.0, avg: 25766264320.0, p95: 26005258240.0, max: 26005258240.0 },
      "dsk/sda/writ": { kind: "number", csvColumn: 12, count: 79, min: 0.0, avg: 3142565.265822785, p95: 13056000.0, max: 13056000.0 },
      "net/enp51s0/send": { kind: "number", csvColumn: 978, count: 79, min: 16.0, avg: 218.21518987341773, p95: 753.0, max: 754.0 },
      "load avg/1m": { kind: "number", csvColumn: 989, count: 80, min: 0.14, avg: 0.2675000000000003, p95: 0.45, max: 0.45 },
    },
  },
  {
    file: "found__Dabz-dstat_graph__sample.csv",
    producer: "pcp-dstat", version: "5.0.3", host: "ubuntu-focal-rax-dfw-0027048694", timezone: "UTC",
    runs: [
      { firstLine: 1, rows: 533, gaps: 0, sinceBoot: false, firstRowLine: 8, lastRowLine: 540, first: "2021-10-21T21:58:40.000Z", dropped: [{ line: 7, fields: 25, width: 31 }] },
    ],
    first: "2021-10-21T21:58:40.000Z", last: "2021-10-21T22:07:32.000Z",
    series: 30, missedTicks: { ticks: 0, rows: 0 },
    stats: {
      "total cpu usage/usr": { kind: "number", csvColumn: 2, count: 533, min: 0.25, avg: 20.239339587242014, p95: 54.513, max: 89.737 },
      "memory usage/used": { kind: "number", csvColumn: 7, count: 533, min: 756658176.0, avg: 2277178139.3771105, p95: 4588077056.0, max: 4669587456.0 },
      "memory usage/buff": { kind: "number", csvColumn: 9, count: 533, min: 1136234496.0, avg: 1204470390.1538463, p95: 1266315264.0, max: 1267916800.0 },
      "net/total/recv": { kind: "number", csvColumn: 11, count: 533, min: 0.0, avg: 313908.3212101314, p95: 489851.885, max: 67938127.192 },
      "dsk/total/writ": { kind: "number", csvColumn: 14, count: 533, min: 0.0, avg: 3000607.51729831, p95: 15084556.288, max: 36477240.32 },
      "paging/in": { kind: "number", csvColumn: 25, count: 533, min: 0.0, avg: 5307.501508442776, p95: 0.0, max: 1853992.96 },
    },
  },
];

describe('pcp-dstat 5.x/6.x: KiB and pages, "total usage", empty cells, "missed N ticks", narrow headers', () => {
  PCP.forEach(specify);

  it('pcp-dstat memory is KiB and becomes bytes', () => {
    const run = shownRun(logOf('pcp_tfvnrl.csv'));
    // line 8: 29-11 20:53:02,0,0,0,2458532,21009088,27960,1036312,…
    expect(numeric(run, 'memory usage/used').values[1]).toBe(2458532 * 1024);
    expect(numeric(run, 'memory usage/free').values[1]).toBe(21009088 * 1024);
    expect(numeric(run, 'memory usage/cach').values[1]).toBe(1036312 * 1024);
    expect(seriesOf(run, 'memory usage/used').unit).toBe('bytes');
  });

  it('pcp-dstat dsk/* are KiB/s and become bytes/s; net/* are bytes/s already', () => {
    const run = shownRun(logOf('pcp_tfvnrl.csv'));
    // line 96: 29-11 20:54:40,…,dsk/vda:read 12057.939,…,net/lo:recv 107599983.818
    expect(numeric(run, 'dsk/vda/read').values[89]).toBe(12057.939 * 1024);
    expect(numeric(run, 'net/lo/recv').values[89]).toBe(107599983.818);
  });

  it('pcp-dstat paging is pages/s and becomes bytes/s (4 KiB pages)', () => {
    const run = shownRun(logOf('found__Dabz-dstat_graph__sample.csv'));
    // line 85: 21-10 21:59:57,…,paging in 4.000; row 77 (line 7 was dropped, so row 0 is line 8)
    expect(run.lines[77]).toBe(85);
    expect(numeric(run, 'paging/in').values[77]).toBe(4 * 4096);
  });

  it('"total usage" is "total cpu usage", "buf" is "buff", "group:" prefixes go: ids as classic dstat', () => {
    const ids = shownRun(logOf('found__Dabz-dstat_graph__sample.csv')).series.map((s) => s.id);
    expect(ids.slice(0, 10)).toEqual([
      'total cpu usage/usr', 'total cpu usage/sys', 'total cpu usage/idl', 'total cpu usage/wai', 'total cpu usage/stl',
      'memory usage/used', 'memory usage/free', 'memory usage/buff', 'memory usage/cach', 'net/total/recv',
    ]);
    expect(ids).toEqual(expect.arrayContaining(['dsk/total/writ', 'io/total/read', 'load avg/1m', 'tcp sockets/lis']));
  });

  it('a first row with empty rates and fewer fields (pcp-dstat 5) is dropped: the run has no since-boot row', () => {
    const log = logOf('found__Dabz-dstat_graph__sample.csv');
    expect(shownRun(log).firstRowIsSinceBoot).toBe(false);
    expect(log.dialect.issues).toContainEqual(expect.objectContaining({ severity: 'warning', line: 7 }));
  });

  it('the first row with empty rate cells is kept as the since-boot row; its empty cells are NaN, not 0', () => {
    const run = shownRun(logOf('pcp_tfvnrl.csv'));
    expect(run.firstRowIsSinceBoot).toBe(true);
    // line 7: 29-11 20:53:01,3,0,,2186660,…,,,6.300,5.450,3.420
    expect(numeric(run, 'procs/new').values[0]).toBeNaN();
    expect(numeric(run, 'cpu0 usage/usr').values[0]).toBeNaN();
    expect(numeric(run, 'memory usage/used').values[0]).toBe(2186660 * 1024);
    expect(numeric(run, 'load avg/1m').values[0]).toBe(6.3);
  });

  it('the "missed N ticks" note is not a column: its row is kept with all its values', () => {
    const run = shownRun(logOf('pcp_tfvnrl.csv'));
    // line 38: 29-11 20:53:37,…,6.810,5.540,3.520,"missed 6 ticks"
    const r = Array.from(run.lines).indexOf(38);
    expect(r).toBe(31);
    expect(iso(run.time[r])).toBe('2026-11-29T20:53:37.000Z');
    expect(numeric(run, 'load avg/15m').values[r]).toBe(3.52);
  });

  it('rows with a time and no values (the metric source died) are kept as gaps, NaN everywhere', () => {
    const run = shownRun(logOf('pcp_tvfn_linux-pmda-died-midrun.csv'));
    // from line 29 (29-11 20:43:04, with "missed 10 ticks") to the end: 62 rows of time only
    const r = Array.from(run.lines).indexOf(29);
    expect(r).toBe(22);
    expect(run.series.length).toBe(31);
    for (const s of run.series) {
      if (s.kind !== 'number') expect.fail(`${s.id} is not a number series`);
      expect(Array.from(s.values.slice(r)).every((v) => Number.isNaN(v)), s.id).toBe(true);
      expect(s.values.slice(0, r).some((v) => !Number.isNaN(v)), s.id).toBe(true);
    }
    expect(iso(run.time[r])).toBe('2026-11-29T20:43:04.000Z');
    expect(iso(run.time[run.time.length - 1])).toBe('2026-11-29T20:44:04.000Z');
  });

  it('a header cut to the terminal width (pcp-dstat writing to a terminal): the 12 named columns are read from every row', () => {
    const run = shownRun(logOf('pcp_tty80_tfvnrl.csv'));
    expect(run.series.map((s) => s.id)).toEqual([
      'procs/run', 'procs/blk', 'procs/new', 'memory usage/used', 'memory usage/free', 'memory usage/buff',
      'memory usage/cach', 'paging/in', 'paging/out', 'dsk/vda/read', 'dsk/vda/writ',
    ]);
    // line 8: 29-11 20:52:12,6,0,0,837316,22632500,36148,1025848,0,0,172.156,208220.178,4913,…
    expect(numeric(run, 'dsk/vda/writ').values[1]).toBe(208220.178 * 1024);
  });

  it('an archive replay: the archive host, 192 per-CPU groups, times in the year of Date: (a guess, warned)', () => {
    const log = logOf('pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv');
    const ids = shownRun(log).series.map((s) => s.id);
    expect(ids.filter((id) => /^cpu\d+ usage\/idl$/.test(id))).toHaveLength(192);
    expect(ids).toContain('cpu191 usage/stl');
    expect(log.dialect.issues.some((i) => i.severity === 'warning' && /Date:/.test(i.message))).toBe(true);
  });

  it('1699 disks: 3398 per-device series, in file order, each id unique', () => {
    const run = shownRun(logOf('pcp-archive_dstat-diskfarm_1699disks_tfd.csv'));
    const ids = run.series.map((s) => s.id);
    expect(new Set(ids).size).toBe(3398);
    expect(ids.slice(0, 2)).toEqual(['dsk/sda/read', 'dsk/sda/writ']);
    expect(ids.slice(-2)).toEqual(['dsk/pmem0s/read', 'dsk/pmem0s/writ']);
    expect(run.series[run.series.length - 1]!.csvColumn).toBe(3399);
  });
});

describe('a header block without data rows (upstream dstat 0.7.4 crashes right after writing it)', () => {
  it('throws DstatFormatError NO_DATA_ROWS at the column row, saying "no data rows"', () => {
    // up074-py39_tfvnrl_crash.csv: the group row on line 5, the column row on line 6, nothing after
    let caught: unknown;
    try {
      parseDstat(readFixture('up074-py39_tfvnrl_crash.csv'));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DstatFormatError);
    const err = caught as DstatFormatError;
    expect(err.code).toBe('NO_DATA_ROWS');
    expect(err.line).toBe(6);
    expect(err.message).toMatch(/^line 6: /);
    expect(err.message).toMatch(/no data rows/);
  });
});

describe('every fixture', () => {
  const specified = [...DSTAT_06, ...DSTAT_07, ...DSTAT_073_080, ...DOOL, ...PCP].map((f) => f.file);

  it('has its figures specified above (a new fixture needs its figures from test/tools/expected-figures.py)', () => {
    expect([...specified, 'up074-py39_tfvnrl_crash.csv'].sort()).toEqual([...FIXTURE_NAMES]);
  });

  it('series ids are unique within a run, and time columns are not series', () => {
    for (const file of specified) {
      for (const run of logOf(file).runs) {
        const ids = run.series.map((s) => s.id);
        expect(new Set(ids).size, file).toBe(ids.length);
        expect(ids.filter((id) => /(^|\/)(time|date\/time|epoch)$/.test(id)), file).toEqual([]);
      }
    }
  });

  it('time never goes backwards within a run', () => {
    for (const file of specified) {
      for (const run of logOf(file).runs) {
        for (let r = 1; r < run.time.length; r++) {
          if (run.time[r]! < run.time[r - 1]!) expect.fail(`${file} run ${run.index}: line ${run.lines[r]} is earlier than line ${run.lines[r - 1]}`);
        }
      }
    }
  });

  it('run.lastLine is the 1-based line of the run\'s last data row (as run.lines and the issues count lines)', () => {
    const wrong: string[] = [];
    for (const file of specified) {
      for (const run of logOf(file).runs) {
        const lastRowLine = run.lines[run.lines.length - 1]!;
        if (run.lastLine !== lastRowLine) wrong.push(`${file} run ${run.index}: lastLine ${run.lastLine}, last row on line ${lastRowLine}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
