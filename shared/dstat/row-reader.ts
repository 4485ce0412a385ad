/**
 * Reads the data rows of one run into columns: decides per row whether it can be trusted (field count,
 * line end, quoting), keeps it in a ColumnStore, and counts what it drops and why.
 */
import { MAX_LINE_CHARS, MAX_TEXT_CELL_CHARS } from '../limits.js';
import { ColumnStore, type StoredColumns } from './column-store.js';
import type { HeaderColumn } from './header.js';
import type { RunBlock, RunContext } from './run-context.js';
import { tokenizeLine } from './tokenize.js';

/** A pcp-dstat row may end with `,"missed 3 ticks"`: a note, not a value. */
export const MISSED_TICKS = /^missed (\d+) ticks?$/;

/** What the first rows told about the run (see prescan.ts). */
export interface Plan {
  /** Data columns beyond the header (pcp issue 1749), left out; 0 when the header names them all. */
  extraColumns: number;
  textColumns: Set<number>;
  firstTimeCell: string;
}

/** Number of a cell; NaN when empty, blank or not a finite number. */
export function toNumber(cell: string): number {
  if (cell === '') return NaN;
  const v = +cell;
  if (v - v !== 0) return NaN; // NaN, ±Infinity
  const second = cell.charCodeAt(1) | 32;
  if (second === 120 || second === 98 || second === 111) return NaN; // 0x…, 0b…, 0o…: not dstat's
  if (v === 0 && cell.charCodeAt(0) <= 32 && cell.trim() === '') return NaN;
  return v;
}

/** Make an untrusted text cell safe to keep: bounded, no control characters. */
function cleanText(cell: string): string {
  // eslint-disable-next-line no-control-regex
  const text = cell.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > MAX_TEXT_CELL_CHARS ? text.slice(0, MAX_TEXT_CELL_CHARS) + '…' : text;
}

export class RowReader {
  dropped = 0;
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
  private stored: StoredColumns | null = null;

  constructor(
    private readonly block: RunBlock,
    private readonly ctx: RunContext,
    header: readonly HeaderColumn[],
    private readonly timeCol: number,
    { textColumns, extraColumns }: Plan,
  ) {
    this.width = header.length;
    this.headerCutShort = extraColumns > 0;
    this.numericIndex = new Int32Array(header.length).fill(-1);
    let numeric = 0;
    header.forEach((_, c) => {
      if (c !== timeCol && !textColumns.has(c)) this.numericIndex[c] = numeric++;
    });
    // the store grows with the rows kept, never with the rows announced: a kept row has a field per
    // column, so memory stays proportional to the file's size
    this.store = new ColumnStore(numeric, Math.min(Math.max(0, block.dataEnd - block.dataStart), 256));
    this.text = header.map((_, c) => (textColumns.has(c) ? [] : null));
    this.badCells = new Int32Array(header.length);
    this.firstBadLine = new Int32Array(header.length);
  }

  get rows(): number {
    return this.store.rows;
  }

  drop(li: number, reason: string): void {
    this.dropped++;
    this.ctx.issues.warn(li + 1, `${reason}: row left out`);
  }

  /** The row's fields, one per header column, or null (reported) when the row cannot be used. */
  fieldsOf(li: number, line: string): string[] | null {
    const width = this.width;
    if (line.length > MAX_LINE_CHARS) {
      this.drop(li, `line longer than ${MAX_LINE_CHARS} characters`);
      return null;
    }
    if (li === this.ctx.lines.length - 1 && !this.ctx.endsWithNewline) {
      // dstat ends every row with a line end: without one, even a row with all its fields may have its
      // last value cut (2.440 → 2.4), so it is not trusted
      this.drop(li, 'the last line has no line end, it is cut short (was the file copied while dstat was still writing?)');
      return null;
    }
    const fields = tokenizeLine(line);
    if (!fields) {
      this.drop(li, 'unreadable quoting');
      return null;
    }
    let n = fields.length;
    const m = MISSED_TICKS.exec(fields[n - 1]!);
    if (m && n - 1 !== this.timeCol) {
      this.missedTicks += Number(m[1]);
      this.missedRows++;
      n--;
    }
    while (n > width && fields[n - 1] === '') n--; // trailing commas (tty narrower than the line)
    if (n === width || (n > width && this.headerCutShort)) {
      fields.length = width;
      return fields;
    }
    if (this.isGap(fields, n)) {
      fields.length = width;
      for (let c = n; c < width; c++) fields[c] = '';
      return fields;
    }
    this.drop(li, `${n} fields where the header has ${width}`);
    return null;
  }

  /** A row with a time and nothing else: the metric source was down (pcp-dstat). Kept as a gap. */
  private isGap(fields: readonly string[], n: number): boolean {
    if (this.timeCol < 0 || !fields[this.timeCol]) return false;
    for (let c = 0; c < n; c++) if (c !== this.timeCol && fields[c] !== '') return false;
    return true;
  }

  keep(li: number, t: number, fields: readonly string[]): void {
    const store = this.store;
    const r = store.addRow(t, li + 1);
    let empty = true;
    for (let c = 0; c < this.width; c++) {
      const cell = fields[c] ?? '';
      const j = this.numericIndex[c]!;
      if (j >= 0) {
        const v = toNumber(cell);
        store.set(j, r, v);
        if (v === v) empty = false;
        else if (cell !== '' && this.badCells[c]!++ === 0) this.firstBadLine[c] = li + 1;
      } else {
        const texts = this.text[c];
        if (texts) {
          texts[r] = cell === '' ? '' : cleanText(cell);
          if (cell !== '') empty = false;
        }
      }
    }
    if (empty) {
      if (this.gapRows++ === 0) this.firstGapLine = li + 1;
    }
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

  reportNotes(): void {
    const { issues } = this.ctx;
    if (this.missedRows > 0) {
      issues.info(0, `run ${this.block.index}: the producer reported ${this.missedTicks} missed ticks on ${this.missedRows} rows (the machine was too busy to sample on time)`);
    }
    if (this.gapRows > 1 || (this.gapRows === 1 && this.firstGapLine - 1 !== this.lineOf(0))) {
      issues.info(this.firstGapLine, `run ${this.block.index}: ${this.gapRows} rows have a time but no values (the metric source was unavailable): shown as gaps`);
    }
  }
}
