/**
 * A growing dstat log read as it grows: complete lines are fed in as they arrive and only the new rows are
 * parsed (with the current run's header lines in front of them, by the same parser as an upload), their
 * values appended to the runs read so far. A new header block (an appended run) or a log whose times are
 * sample numbers (no time column: each piece would start again at 0) is read again whole. Pure: the
 * server's live reports (server/live/) and the tests use it; the report as finally stored is always the
 * whole file's parse, as an upload's.
 */
import { toReportJson, toRunJson } from '../api/report-json.js';
import type { ReportJson, RunJson } from '../api/schemas.js';
import { DstatFormatError, isDstatFormatError } from '../dstat/errors.js';
import { parseDstat } from '../dstat/parse-dstat.js';
import type { DstatLog } from '../dstat/types.js';
import { MAX_ROWS } from '../limits.js';
import { evaluateFindings } from '../findings/evaluate.js';
import { toColumnarRun } from '../report/columnar.js';
import { windowStats } from '../series/window-stats.js';

/** The rows of one run from row `from` on: what a page that has `from` rows of it appends. */
export interface LiveRows {
  /** 1-based run. */
  run: number;
  /** Rows of that run in all. */
  rows: number;
  from: number;
  /** Sample times of rows [from, rows), floating ms. */
  time: number[];
  /** Series values of rows [from, rows) by series id; null for a gap. */
  series: Record<string, (number | null)[]>;
  lastLine: number;
}

const FIELDS = { id: 'live', fileName: 'live.csv', createdAt: '1970-01-01T00:00:00.000Z', bytes: 0 };
/** Runs are turned into JSON as rows arrive; their findings are made over the whole run in report(). */
const NO_FINDINGS = { findings: false };

export class LiveLog {
  /** Every complete line fed, as one text. */
  private text = '';
  private lineCount = 0;
  /** The last run's header lines (title … column names), when read. */
  private headerText = '';
  private headerLines = 0;
  private wholeOnly = false;
  /** Header lines came after the last run's rows (a run being appended, its header not yet whole). */
  private headerPending = false;
  /** The runs read so far, their values as JSON (gaps null), statistics and findings stale until report(). */
  private parsed: ReportJson | null = null;

  /** Rows read so far, of every run. */
  get rowsRead(): number {
    return this.parsed ? this.parsed.runs.reduce((n, r) => n + r.rows, 0) : 0;
  }

  get runs(): number {
    return this.parsed?.runs.length ?? 0;
  }

  /** Time of the last sample (floating ms), or null before the first row. */
  get lastSampleMs(): number | null {
    const run = this.parsed?.runs[this.parsed.runs.length - 1];
    return run && run.rows > 0 ? run.end : null;
  }

  /**
   * Check `lines` (complete lines, each ending in a newline) against what was read: throws the parser's
   * DstatFormatError (with the line in the whole log) when they do not fit the header, else returns a
   * function that takes them in. Nothing changes before that function is called.
   */
  prepare(lines: string): () => void {
    if (lines === '') return () => {};
    const added = countLines(lines);
    // A quoted line is a header line (data rows never start with a quote): a new run begins, read whole.
    if (this.parsed && !this.wholeOnly && !this.headerPending && !/^"/m.test(lines)) {
      const piece = this.parsePiece(this.headerText + lines);
      if (piece && piece.runs.length === 1) {
        const shift = this.lineCount - this.headerLines;
        return () => {
          this.text += lines;
          this.lineCount += added;
          appendRun(this.parsed!.runs[this.parsed!.runs.length - 1]!, toRunJson(piece.runs[0]!, NO_FINDINGS), shift);
        };
      }
    }
    const text = this.text + lines;
    const whole = this.parseWhole(text);
    return () => {
      this.text = text;
      this.lineCount += added;
      if (whole) this.take(whole);
    };
  }

  /** Take in `lines` (see prepare). */
  feed(lines: string): void {
    this.prepare(lines)();
  }

  /** The report so far (statistics and findings current), or null before the first data row. */
  report(): ReportJson | null {
    if (!this.parsed) return null;
    for (const run of this.parsed.runs) {
      const from = run.firstRowIsSinceBoot ? 1 : 0;
      // The run's columns once, for its statistics and its findings (series in the same order).
      const columns = toColumnarRun(run);
      run.series.forEach((s, i) => {
        const c = columns.series[i]!;
        if (s.kind === 'number' && c.kind === 'number') s.stats = windowStats(c.values, from);
      });
      run.findings = evaluateFindings(columns);
    }
    return this.parsed;
  }

  /** Rows of run `run` (1-based) from row `from`; null when there is no such run. */
  rowsSince(run: number, from: number): LiveRows | null {
    const r = this.parsed?.runs[run - 1];
    if (!r) return null;
    const start = Math.max(0, Math.min(from, r.rows));
    const series: Record<string, (number | null)[]> = {};
    for (const s of r.series) if (s.kind === 'number') series[s.id] = s.values.slice(start);
    return { run, rows: r.rows, from: start, time: r.time.slice(start), series, lastLine: r.lastLine };
  }

  /** The whole text: its parse, or null while it has no data row yet; throws when it is no dstat log. */
  private parseWhole(text: string): DstatLog | null {
    try {
      return parseDstat(text, { maxRows: MAX_ROWS });
    } catch (err) {
      if (isDstatFormatError(err) && headerOnly(err, text)) return null;
      throw err;
    }
  }

  /** The header and new rows: their parse, or null when they are to be read with the whole text. */
  private parsePiece(text: string): DstatLog | null {
    try {
      return parseDstat(text, { maxRows: MAX_ROWS });
    } catch (err) {
      if (!isDstatFormatError(err)) throw err;
      if (err.code === 'NO_DATA_ROWS') return null;
      // Said with the line of the whole log.
      const line = err.line > this.headerLines ? err.line - this.headerLines + this.lineCount : err.line;
      throw new DstatFormatError(err.code, line, err.column, err.reason);
    }
  }

  private take(log: DstatLog): void {
    this.parsed = toReportJson(log, FIELDS, NO_FINDINGS);
    const last = log.runs[log.runs.length - 1]!;
    this.wholeOnly = this.parsed.dialect.timeSource === 'sample';
    // The header of the last run: its first line up to the line before its first row.
    const lines = this.text.split('\n');
    const first = last.firstLine - 1;
    const firstRow = (last.lines[0] ?? first + 1) - 1;
    this.headerLines = firstRow - first;
    this.headerText = lines.slice(first, firstRow).map((l) => `${l}\n`).join('');
    this.headerPending = lines.slice(last.lastLine).some((l) => l.startsWith('"'));
  }
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A log with its header so far and no row yet (every line quoted or blank): it is waiting for its rows. */
function headerOnly(err: DstatFormatError, text: string): boolean {
  if (err.code === 'NO_DATA_ROWS') return true;
  if (err.code !== 'NOT_DSTAT' || text.length > 64 * 1024) return false;
  return text.split('\n').every((l) => l.trim() === '' || l.trimStart().startsWith('"'));
}

/** Append a piece's run (its rows only) to `run`; `shift` turns the piece's line numbers into the log's. */
function appendRun(run: RunJson, piece: RunJson, shift: number): void {
  if (piece.rows === 0) return;
  for (const t of piece.time) run.time.push(t);
  const byId = new Map(piece.series.map((s) => [s.id, s]));
  for (const s of run.series) {
    const p = byId.get(s.id);
    if (s.kind === 'number') {
      const values = p?.kind === 'number' ? p.values : new Array<number | null>(piece.rows).fill(null);
      for (const v of values) s.values.push(v);
    } else {
      const values = p?.kind === 'text' ? p.values : new Array<string>(piece.rows).fill('');
      for (const v of values) s.values.push(v);
    }
  }
  run.rows += piece.rows;
  run.end = run.time[run.time.length - 1] ?? run.end;
  run.lastLine = piece.lastLine + shift;
  if (run.rows === piece.rows) run.start = run.time[0] ?? run.start;
}
