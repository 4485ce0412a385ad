/**
 * Reads the data rows of one run into columns: decides per row whether it can be trusted (field count,
 * line end, quoting), keeps it in a ColumnStore, and counts what it drops and why.
 */
import { MAX_LINE_CHARS, MAX_TEXT_CELL_CHARS } from '../limits.js';
import { toNumber } from './cells.js';
import { ColumnStore, type StoredColumns } from './column-store.js';
import type { HeaderColumn } from './header.js';
import { IssueLog, quote } from './issues.js';
import { isTextGroup } from './names.js';
import { fieldEndsBuffer, plainRowEnds, readNumber } from './plain-row.js';
import type { RunBlock, RunContext } from './run-context.js';
import { tokenizeLine } from './tokenize.js';

const CUT_SHORT = 'the last line has no line end and is cut short (was the file copied while dstat was still writing?)';

/** A pcp-dstat row may end with `,"missed 3 ticks"`: a note, not a value. */
export const MISSED_TICKS = /^missed (\d+) ticks?$/;

/** What the first rows told about the run (see prescan.ts). */
export interface Plan {
  /** Data columns beyond the header (pcp-dstat names only the columns that fit the terminal), left out; 0 when the header names them all. */
  extraColumns: number;
  textColumns: Set<number>;
  firstTimeCell: string;
  /** Smallest and largest number of each column in the first rows that have every field (±Infinity: none). */
  low: Float64Array;
  high: Float64Array;
}

/**
 * Could `v` be a value of a column whose full rows range over [low, high]? Generous (half the smallest, twice
 * the largest, ±1), since a gauge drifts; strict enough to refuse a value moved in from a column of another
 * kind (pcp-dstat 5's short first row puts 733852 KiB of memory under a CPU % column: found__Dabz…).
 */
function fitsRange(v: number, low: number, high: number): boolean {
  return low <= high && v >= low - Math.abs(low) / 2 - 1 && v <= high + Math.abs(high) + 1;
}

/** Rows whose field count differs from the header's, by count: how many, first and last line (1-based). */
interface CountTally {
  rows: number;
  first: number;
  last: number;
}

/** Make an untrusted text cell safe to keep: bounded, no control characters. */
function cleanText(cell: string): string {
  // eslint-disable-next-line no-control-regex
  const text = cell.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > MAX_TEXT_CELL_CHARS ? text.slice(0, MAX_TEXT_CELL_CHARS) + '…' : text;
}

function padded(fields: string[], n: number, width: number): string[] {
  fields.length = width;
  for (let c = n; c < width; c++) fields[c] = '';
  return fields;
}

function count(counts: Map<number, CountTally>, n: number, line: number): void {
  const t = counts.get(n);
  if (t) {
    t.rows++;
    t.last = line;
  } else counts.set(n, { rows: 1, first: line, last: line });
}

/**
 * Rows to make room for up front, so that a run whose rows are all kept is stored without a single copy.
 * Bounded by what the block's characters can hold, not by its line count alone: a row with all its `width`
 * fields has at least width − 1 commas, so a block of C characters holds at most C / (width − 1) of them.
 * The room made, (numeric columns + 1) × 8 + 4 bytes per row, is then at most ((width + 1) × 8 + 4) /
 * (width − 1) bytes per character of the block (~8 for a real header, 28 for a 2-column one) whatever the
 * header claims: memory stays proportional to the file's size. Rows kept beyond it (gaps and short first
 * rows carry fewer commas) make the store grow by doubling, as before; rows left out leave room unused,
 * given back by the one copy in ColumnStore.finish().
 */
function rowsExpected(block: RunBlock, ctx: RunContext, width: number): number {
  const lines = Math.max(0, block.dataEnd - block.dataStart);
  let chars = 0; // characters of the block's lines, terminators left out
  for (let li = block.dataStart; li < block.dataEnd; li++) chars += ctx.lines[li]!.length;
  return Math.min(lines, Math.floor(chars / Math.max(1, width - 1)));
}

export class RowReader {
  dropped = 0;
  /** Rows left out, with their lines: kept apart until the run is known to be readable at all (a run
   * whose rows do not line up is refused with one message, not one warning per row). */
  readonly rowIssues = new IssueLog();
  private readonly store: ColumnStore;
  /** For each header column, its index in the store, or -1 (time and text columns). */
  private readonly numericIndex: Int32Array;
  private readonly text: (string[] | null)[];
  private readonly badCells: Int32Array;
  private readonly firstBadLine: Int32Array;
  private missedTicks = 0;
  private missedRows = 0;
  private gapRows = 0;
  private firstGapLine = 0;
  private readonly width: number;
  /** Rows wider than the header are read (their first `width` fields) only when the header is cut short. */
  private readonly headerCutShort: boolean;
  private readonly plan: Plan;
  /** Short first rows are read as a prefix of the header: pcp-dstat only (see isShortFirstRow). */
  private readonly shortFirstRows: boolean;
  private sawFullRow = false;
  /** Full rows so far that close their last value with a trailing comma (tty narrower than the line). */
  private closedRows = 0;
  private shortRows: CountTally | null = null;
  private shortRowFields = 0;
  /** Every row whose field count is not the header's (gaps aside), by count. */
  private readonly counts = new Map<number, CountTally>();
  private stored: StoredColumns | null = null;
  /** Where each field of the current plain row ends (plain-row.ts). */
  private readonly ends: Int32Array;

  constructor(
    private readonly block: RunBlock,
    private readonly ctx: RunContext,
    header: readonly HeaderColumn[],
    private readonly timeCol: number,
    plan: Plan,
  ) {
    const { textColumns, extraColumns } = plan;
    this.width = header.length;
    this.headerCutShort = extraColumns > 0;
    this.plan = plan;
    this.shortFirstRows = block.producer === 'pcp-dstat';
    this.numericIndex = new Int32Array(header.length).fill(-1);
    let numeric = 0;
    header.forEach((_, c) => {
      if (c !== timeCol && !textColumns.has(c)) this.numericIndex[c] = numeric++;
    });
    this.store = new ColumnStore(numeric, rowsExpected(block, ctx, this.width));
    this.text = header.map((_, c) => (textColumns.has(c) ? [] : null));
    this.badCells = new Int32Array(header.length);
    this.firstBadLine = new Int32Array(header.length);
    this.ends = fieldEndsBuffer(header.length);
  }

  get rows(): number {
    return this.store.rows;
  }

  drop(li: number, reason: string): void {
    this.dropped++;
    this.rowIssues.warn(li + 1, `${reason}: row left out`);
  }

  /**
   * Is the row an ordinary one with every field, to be read by `plainCell` and `keepPlain` (plain-row.ts)?
   * When not, `fieldsOf` reads it.
   */
  isPlain(li: number, line: string): boolean {
    if (li === this.ctx.lines.length - 1 && !this.ctx.endsWithNewline) return false;
    if (!plainRowEnds(line, this.width, this.ends)) return false;
    this.sawFullRow = true;
    return true;
  }

  /** Field c of the plain row `line` (isPlain), '' when c is not a column. */
  plainCell(line: string, c: number): string {
    return c >= 0 && c < this.width ? line.slice(c === 0 ? 0 : this.ends[c - 1]! + 1, this.ends[c]!) : '';
  }

  /** The row's fields, one per header column, or null (reported) when the row cannot be used. */
  fieldsOf(li: number, line: string): string[] | null {
    const width = this.width;
    if (line.length > MAX_LINE_CHARS) {
      this.drop(li, `line longer than ${MAX_LINE_CHARS} characters`);
      return null;
    }
    const unended = li === this.ctx.lines.length - 1 && !this.ctx.endsWithNewline;
    const fields = tokenizeLine(line);
    if (!fields) {
      this.drop(li, unended ? CUT_SHORT : 'unreadable quoting');
      return null;
    }
    let n = fields.length;
    const m = MISSED_TICKS.exec(fields[n - 1]!);
    if (m && n - 1 !== this.timeCol) {
      this.missedTicks += Number(m[1]);
      this.missedRows++;
      n--;
    }
    const endsWithComma = n > width && fields[n - 1] === '';
    while (n > width && fields[n - 1] === '') n--; // trailing commas (tty narrower than the line)
    if (n === width || (n > width && this.headerCutShort)) {
      if (unended && !this.isWholeLastRow(endsWithComma || !!m)) {
        this.drop(li, CUT_SHORT);
        return null;
      }
      if (endsWithComma) this.closedRows++;
      fields.length = width;
      this.sawFullRow = true;
      return fields;
    }
    if (unended) {
      // fewer (or more) fields than the header: the line was cut while dstat was writing it
      this.drop(li, CUT_SHORT);
      return null;
    }
    if (this.isGap(fields, n)) return padded(fields, n, width);
    count(this.counts, n, li + 1);
    if (this.isShortFirstRow(fields, n)) {
      if (!this.shortRows) {
        this.shortRowFields = n;
        this.shortRows = { rows: 0, first: li + 1, last: li + 1 };
      }
      this.shortRows.rows++;
      this.shortRows.last = li + 1;
      return padded(fields, n, width);
    }
    this.drop(li, `${n} fields where the header has ${width}`);
    return null;
  }

  /**
   * The file's last line has no line end but every field: is it a whole row? When it closes its last value
   * (dstat's trailing comma, or a `missed N ticks` note after it) it is. When it does not, it is taken as
   * whole unless the run's other rows close theirs — then the missing comma shows the line was cut, maybe
   * inside its last value (2.440 → 2.4). A run whose rows never close their last value cannot show such a
   * cut; its last row is kept, as a row with every field.
   */
  private isWholeLastRow(closed: boolean): boolean {
    return closed || this.closedRows === 0;
  }

  /**
   * pcp-dstat may write its first sample(s) with only the values it has (procs, memory) and stop the row
   * there: `30-06 22:59:39,4,1,,13416868,678548,120,1983312,,,,,,,` (15 fields, header 21). Such a row is read
   * as the first fields of the header — the rest are gaps — when it comes before any full row, has its time,
   * and every value in it fits its column's range in the run's full rows (a row whose values moved left, as
   * pcp-dstat 5 writes in found__Dabz…, does not).
   */
  private isShortFirstRow(fields: readonly string[], n: number): boolean {
    if (!this.shortFirstRows || this.sawFullRow || n >= this.width || this.timeCol < 0 || this.timeCol >= n) return false;
    if (!fields[this.timeCol]) return false;
    const { low, high, textColumns } = this.plan;
    for (let c = 0; c < n; c++) {
      const cell = fields[c]!;
      if (cell === '' || c === this.timeCol) continue;
      const v = toNumber(cell);
      if (textColumns.has(c) ? v === v : !fitsRange(v, low[c]!, high[c]!)) return false;
    }
    return true;
  }

  /** A row with a time and nothing else: the metric source was down (pcp-dstat). Kept as a gap. */
  private isGap(fields: readonly string[], n: number): boolean {
    if (this.timeCol < 0 || !fields[this.timeCol]) return false;
    for (let c = 0; c < n; c++) if (c !== this.timeCol && fields[c] !== '') return false;
    return true;
  }

  keep(li: number, t: number, fields: readonly string[]): void {
    const r = this.store.addRow(t, li + 1);
    let empty = true;
    for (let c = 0; c < this.width; c++) {
      const cell = fields[c] ?? '';
      const j = this.numericIndex[c]!;
      if (j >= 0 ? this.keepNumber(li, r, c, j, toNumber(cell), cell !== '') : this.keepText(r, c, cell)) empty = false;
    }
    if (empty) this.keepGap(li);
  }

  /** `keep` for the plain row `line` (isPlain): the same cells, read from the line's characters. */
  keepPlain(li: number, t: number, line: string): void {
    const ends = this.ends;
    const r = this.store.addRow(t, li + 1);
    let empty = true;
    for (let c = 0, start = 0; c < this.width; start = ends[c++]! + 1) {
      const end = ends[c]!;
      const j = this.numericIndex[c]!;
      if (j >= 0) {
        if (this.keepNumber(li, r, c, j, readNumber(line, start, end), end > start)) empty = false;
      } else if (this.text[c] && this.keepText(r, c, line.slice(start, end))) empty = false;
    }
    if (empty) this.keepGap(li);
  }

  /** Store value v of cell c (store column j) of row r; true when it is a number. */
  private keepNumber(li: number, r: number, c: number, j: number, v: number, written: boolean): boolean {
    this.store.set(j, r, v);
    if (v === v) return true;
    if (written && this.badCells[c]!++ === 0) this.firstBadLine[c] = li + 1;
    return false;
  }

  /** Store text cell c of row r when c is a text column; true when it is not empty. */
  private keepText(r: number, c: number, cell: string): boolean {
    const texts = this.text[c];
    if (!texts) return false;
    texts[r] = cell === '' ? '' : cleanText(cell);
    return cell !== '';
  }

  private keepGap(li: number): void {
    if (this.gapRows++ === 0) this.firstGapLine = li + 1;
  }

  /** 0-based line of kept row `row`. */
  lineOf(row: number): number {
    return this.store.line(row) - 1;
  }

  /** The kept rows as columns; call once all rows are read. */
  finish(): StoredColumns {
    this.stored ??= this.store.finish();
    return this.stored;
  }

  numericColumn(c: number): Float64Array | null {
    const j = this.numericIndex[c]!;
    return j >= 0 ? this.finish().numeric[j]! : null;
  }

  textColumn(c: number): string[] | null {
    const col = this.text[c];
    return col ? col.slice(0, this.rows) : null;
  }

  /** Report cells of column c that were neither empty nor numbers. */
  reportBadCells(c: number, id: string): void {
    const count = this.badCells[c]!;
    if (count > 0) {
      this.ctx.issues.warn(this.firstBadLine[c]!, `run ${this.block.index}, ${id}: ${count} cells are not numbers: shown as gaps`);
    }
  }

  /**
   * When most rows have one field count that is not the header's, the producer wrote rows that do not
   * line up with its header (pcp-dstat with some plugins writes 75 fields under a 76-column header and the
   * values shift): what to say, and where; null when the rows line up.
   */
  misalignment(samples: number, header: readonly HeaderColumn[]): { line: number; reason: string } | null {
    let worst: [number, CountTally] | null = null;
    for (const entry of this.counts) if (!worst || entry[1].rows > worst[1].rows) worst = entry;
    if (!worst || worst[1].rows * 2 <= samples) return null;
    const [n, { rows, first, last }] = worst;
    const varying = [...new Set(header.filter((h) => isTextGroup(h.group, h.column)).map((h) => h.group))];
    return {
      line: first,
      reason:
        `${rows} of ${samples} data rows have ${n} fields but the header has ${this.width} (lines ${first}–${last}): ` +
        'the producer wrote rows that do not line up with its header. Record again without the plugins whose ' +
        'columns vary (--top-*, --proc-count …)' +
        (varying.length > 0 ? `; this header has ${varying.map((g) => quote(g)).join(', ')}` : ''),
    };
  }

  reportNotes(): void {
    const { issues } = this.ctx;
    const short = this.shortRows;
    if (short) {
      const where = short.rows === 1 ? `line ${short.first}` : `lines ${short.first}–${short.last}`;
      issues.info(
        short.first,
        `run ${this.block.index}: ${short.rows} row${short.rows === 1 ? '' : 's'} (${where}) stop after their first fields ` +
          `(${this.shortRowFields} of ${this.width} on line ${short.first}), as pcp-dstat writes its first samples: kept, ` +
          'the columns they lack are gaps',
      );
    }
    if (this.missedRows > 0) {
      issues.info(0, `run ${this.block.index}: the producer reported ${this.missedTicks} missed ticks on ${this.missedRows} rows (the machine was too busy to sample on time)`);
    }
    if (this.gapRows > 1 || (this.gapRows === 1 && this.firstGapLine - 1 !== this.lineOf(0))) {
      issues.info(this.firstGapLine, `run ${this.block.index}: ${this.gapRows} rows have a time but no values (the metric source was unavailable): shown as gaps`);
    }
  }
}
