/**
 * What the dstat parser produces: a log of one or more runs, each a set of columnar series named by the
 * file's own headers, plus a dialect report that says what was read and how.
 *
 * Time is the recording host's wall clock, written as milliseconds since 1970-01-01T00:00:00 *as if that
 * clock were UTC* ("floating" time): format it with UTC getters to show it exactly as recorded. The zone
 * the host was in is carried separately (`RunMeta.timezone`), never applied.
 */

export type Producer = 'dstat' | 'dool' | 'pcp-dstat' | 'unknown';

/** Units after normalisation to classic dstat. */
export type Unit = 'bytes' | 'bytes/s' | '%' | '/s' | 'count' | 'seconds' | 'text' | '';

interface SeriesBase {
  /** Canonical id `group/column`, e.g. `dsk/sda/read`; unique within a run (`#2` appended on a clash). */
  id: string;
  /** Normalised group name, e.g. `total cpu usage` (pcp-dstat's `total usage`), `dsk/sda`. */
  group: string;
  /** Normalised column name, e.g. `buff` (pcp-dstat's `buf`), without a `group:` prefix. */
  column: string;
  unit: Unit;
  /** 1-based column of the CSV the values came from. */
  csvColumn: number;
}

export interface NumericSeries extends SeriesBase {
  kind: 'number';
  /**
   * One value per row, in `unit`; NaN where the cell was empty or not a number (a gap, never 0). A view
   * into one buffer the run's time and numeric columns share (column-store.ts): use its byteOffset and
   * byteLength; its `.buffer` is the whole run's.
   */
  values: Float64Array;
}

export interface TextSeries extends SeriesBase {
  kind: 'text';
  /** One cell per row, '' where empty; untrusted text, cut to MAX_TEXT_CELL_CHARS. */
  values: string[];
}

export type Series = NumericSeries | TextSeries;

export interface RunMeta {
  producer: Producer;
  /** Producer version from the title line, e.g. `0.7.2`; '' when the run has no title. */
  version: string;
  /** The title line as written, e.g. `Dstat 0.7.2 CSV output`; '' when absent. */
  title: string;
  host: string;
  user: string;
  cmdline: string;
  /** `Date:` as written, e.g. `29 Nov 2026 20:45:49 UTC`; '' when absent. */
  date: string;
  /** Zone of the recording host from `Date:` (`UTC`, `JST`, `-03`); '' when unknown. */
  timezone: string;
}

export interface DstatRun {
  /** 1-based position of the run in the file. */
  index: number;
  meta: RunMeta;
  /** 1-based line numbers: the run's first header line and its last data line. */
  firstLine: number;
  lastLine: number;
  /** Floating wall-clock time of each row, ms (see the module comment); a view like the series' values. */
  time: Float64Array;
  /** 1-based source line of each row. */
  lines: Int32Array;
  /** True when row 0 is dstat's since-boot average (the run's first data line was kept). */
  firstRowIsSinceBoot: boolean;
  /** Sampling interval in ms: from `Cmdline:` when given there, else the median step of `time`. */
  intervalMs: number;
  series: Series[];
}

export type Severity = 'info' | 'warning';

export interface ParseIssue {
  severity: Severity;
  /** 1-based line, 0 when the issue is about the whole file. */
  line: number;
  message: string;
}

export type TimeSource = 'time' | 'epoch' | 'sample';

/** What the parser found and did, shown to the user beside the graphs. */
export interface DialectReport {
  producer: Producer;
  version: string;
  /** Options read from `Cmdline:` of the last run, e.g. `['-t', '-f', '-v', '--output', …]`. */
  options: string[];
  /** Plain sentences: "dsk/* and net/* were bits/s (dool 1.3.4 without --bytes): divided by 8". */
  conversions: string[];
  timeSource: TimeSource;
  /** Format of the time column, e.g. `dd-mm HH:MM:SS`, `epoch seconds`; '' for `sample`. */
  timeFormat: string;
  rows: { read: number; kept: number; dropped: number };
  runs: number;
  /** Header columns that were not understood and left out, as `group/column`. */
  unknownColumns: string[];
  issues: ParseIssue[];
  /** Issues beyond MAX_REPORTED_ISSUES, only counted. */
  moreIssues: number;
  /** When the options give incomplete graphs: the command that records everything dstatview draws. */
  suggestedCommand: string;
}

export interface DstatLog {
  runs: DstatRun[];
  dialect: DialectReport;
}
