/**
 * Read the data rows of one run (one header block) into columns. Rows that cannot be trusted are left
 * out and reported with their line; rows whose values are all missing (pcp-dstat when a metric source
 * died) are kept as gaps.
 */
import { MAX_COLUMNS, MAX_LINE_CHARS, MAX_TEXT_CELL_CHARS } from '../limits.js';
import { DstatFormatError } from './errors.js';
import { layoutColumns, type HeaderColumn, type MetaFields } from './header.js';
import { IssueLog, quote } from './issues.js';
import { isTextGroup, normaliseColumn, normaliseGroup, stripGroupPrefix, timeColumnKind, unitOf } from './names.js';
import type { Conversion } from './producer.js';
import { detectTimeFormat, epochOffset, parseDateLine, parseEpoch, WallClock, type TimeFormat } from './time.js';
import { tokenizeLine } from './tokenize.js';
import type { DstatRun, NumericSeries, Producer, Series, TextSeries, TimeSource } from './types.js';

export interface RunBlock {
  index: number;
  meta: MetaFields;
  producer: Producer;
  version: string;
  conversions: Conversion[];
  /** Seconds between samples from `Cmdline:`, NaN when not given. */
  delaySeconds: number;
  /** 0-based indices into the file's lines. */
  firstLine: number;
  groupLine: number;
  columnLine: number;
  dataStart: number;
  dataEnd: number;
}

export interface RunContext {
  lines: readonly string[];
  issues: IssueLog;
  /** Year assumed when a run has no `Date:` line. */
  fallbackYear: number;
  /** Rows that may still be read before MAX_ROWS. */
  rowBudget: { left: number; max: number };
  /** Cells (rows × columns) that may still be stored: proportional to the file's size, so rows that
   * are kept as gaps without carrying their commas cannot make memory grow past it. */
  cellBudget: { left: number };
  /** False when the file's last line has no line terminator (copied while dstat was writing). */
  endsWithNewline: boolean;
}

export interface RunResult {
  run: DstatRun;
  timeSource: TimeSource;
  timeFormat: string;
  rowsRead: number;
  rowsDropped: number;
  conversionsUsed: Set<string>;
  unknownColumns: string[];
  /** pcp-dstat wrote a header naming fewer columns than its rows carry. */
  headerCutShort: boolean;
}

/** A pcp-dstat row may end with `,"missed 3 ticks"`: a note, not a value. */
const MISSED_TICKS = /^missed (\d+) ticks?$/;
/** Rows looked at before reading, to decide the row width and which columns hold text. */
const PRESCAN_ROWS = 64;

export function readRun(block: RunBlock, ctx: RunContext): RunResult | null {
  const header = readHeader(block, ctx);
  const width = header.length;
  const { col: timeCol, kind: timeKind } = findTimeColumn(header);
  const plan = prescan(block, ctx, header, timeCol);
  const reader = new RowReader(block, ctx, header, timeCol, plan);
  const time = new TimeReader(block, ctx, timeKind, plan.firstTimeCell);

  const { samples, firstDataLine } = readRows(block, ctx, reader, time, timeCol, width);
  if (reader.rows === 0) {
    ctx.issues.warn(block.columnLine + 1, `run ${block.index} has a header but no readable data rows: left out`);
    return null;
  }
  if (plan.extraColumns > 0) reportTruncatedHeader(block, ctx, width, plan.extraColumns);
  reader.reportNotes();
  time.check(reader.time, reader.rows);

  const series = buildSeries(block, header, timeCol, reader);
  const run: DstatRun = {
    index: block.index,
    meta: runMeta(block),
    firstLine: block.firstLine + 1,
    lastLine: reader.lines[reader.rows - 1]!,
    time: reader.time.slice(0, reader.rows),
    lines: reader.lines.slice(0, reader.rows),
    firstRowIsSinceBoot: reader.lineOf(0) === firstDataLine,
    intervalMs: intervalOf(block.delaySeconds, reader.time, reader.rows),
    series: series.list,
  };
  return {
    run,
    timeSource: time.source,
    timeFormat: time.formatName,
    rowsRead: samples,
    rowsDropped: reader.dropped,
    conversionsUsed: series.conversionsUsed,
    unknownColumns: series.unknown.concat(plan.extraColumns > 0 ? [`(${plan.extraColumns} unnamed columns)`] : []),
    headerCutShort: plan.extraColumns > 0,
  };
}

/** Read every data line of the run into `reader`; returns the lines read and the first one (0-based). */
function readRows(
  block: RunBlock,
  ctx: RunContext,
  reader: RowReader,
  time: TimeReader,
  timeCol: number,
  width: number,
): { samples: number; firstDataLine: number } {
  let samples = 0;
  let firstDataLine = -1;
  for (let li = block.dataStart; li < block.dataEnd; li++) {
    const line = ctx.lines[li]!;
    if (line === '' || line.trim() === '') continue;
    if (firstDataLine < 0) firstDataLine = li;
    samples++;
    const fields = reader.fieldsOf(li, line);
    if (!fields) continue;
    const t = time.source !== 'sample' ? time.ofCell(fields[timeCol]!) : time.ofSample(samples - 1);
    if (!(t === t)) {
      reader.drop(li, `time ${quote(fields[timeCol] ?? '')} not understood (expected ${time.formatName})`);
      continue;
    }
    if (ctx.rowBudget.left-- <= 0) {
      throw new DstatFormatError('TOO_LARGE', li + 1, 0, `more than ${ctx.rowBudget.max} data rows; split the log`);
    }
    if ((ctx.cellBudget.left -= width) < 0) {
      throw new DstatFormatError('TOO_LARGE', li + 1, 0, 'the rows announce far more cells than the file holds');
    }
    reader.keep(li, t, fields);
  }
  return { samples, firstDataLine };
}

function runMeta(block: RunBlock): DstatRun['meta'] {
  const { title, host, user, cmdline, date } = block.meta;
  const timezone = parseDateLine(date)?.zone ?? '';
  return { producer: block.producer, version: block.version, title, host, user, cmdline, date, timezone };
}

function readHeader(block: RunBlock, ctx: RunContext): HeaderColumn[] {
  const groupRow = tokenizeLine(ctx.lines[block.groupLine]!) ?? [];
  const columnRow = tokenizeLine(ctx.lines[block.columnLine]!) ?? [];
  const header = layoutColumns(groupRow, columnRow);
  if (header.length > MAX_COLUMNS) {
    throw new DstatFormatError(
      'TOO_LARGE',
      block.columnLine + 1,
      0,
      `${header.length} columns; dstatview reads at most ${MAX_COLUMNS}`,
    );
  }
  return header;
}

/** The time axis: `epoch` (-T) when present, it has the date and milliseconds; else `time` (-t). */
function findTimeColumn(header: readonly HeaderColumn[]): { col: number; kind: 'time' | 'epoch' | null } {
  let col = -1;
  let kind: 'time' | 'epoch' | null = null;
  header.forEach((h, i) => {
    const k = timeColumnKind(h.group, h.column);
    if ((k === 'epoch' && kind !== 'epoch') || (k === 'time' && kind === null)) {
      col = i;
      kind = k;
    }
  });
  return { col, kind };
}

interface Plan {
  /** Data columns beyond the header (pcp issue 1749), left out; 0 when the header names them all. */
  extraColumns: number;
  textColumns: Set<number>;
  firstTimeCell: string;
}

/**
 * Look at the first rows: do they carry more fields than the header names (pcp-dstat on a narrow
 * terminal), which columns hold text, what the time cells look like.
 */
function prescan(block: RunBlock, ctx: RunContext, header: readonly HeaderColumn[], timeCol: number): Plan {
  const width = header.length;
  const textVotes = new Int32Array(width);
  const numberVotes = new Int32Array(width);
  let wider = 0;
  let fitting = 0;
  let widest = width;
  let firstTimeCell = '';
  let seen = 0;
  for (let li = block.dataStart; li < block.dataEnd && seen < PRESCAN_ROWS; li++) {
    const line = ctx.lines[li]!;
    if (line.trim() === '' || line.length > MAX_LINE_CHARS) continue;
    const fields = tokenizeLine(line);
    if (!fields) continue;
    seen++;
    let n = fields.length;
    if (MISSED_TICKS.test(fields[n - 1]!)) n--;
    while (n > width && fields[n - 1] === '') n--;
    if (n > width) {
      wider++;
      widest = Math.max(widest, n);
    } else if (n === width) fitting++;
    if (timeCol >= 0 && firstTimeCell === '' && fields[timeCol]) firstTimeCell = fields[timeCol]!;
    if (seen === 1) continue; // the since-boot row may be odd
    for (let c = 0; c < Math.min(n, width); c++) {
      const cell = fields[c]!;
      if (cell === '' || c === timeCol) continue;
      if (toNumber(cell) === toNumber(cell)) numberVotes[c]!++;
      else textVotes[c]!++;
    }
  }
  const textColumns = new Set<number>();
  header.forEach((h, c) => {
    // top-* plugins are text, but pcp-dstat's pair their process name with a number (`"sha256sum",47.608`)
    const votedText = textVotes[c]! > numberVotes[c]!;
    if (c !== timeCol && (votedText || (isTextGroup(h.group, h.column) && numberVotes[c] === 0))) textColumns.add(c);
  });
  const truncated = wider > fitting;
  return { extraColumns: truncated ? widest - width : 0, textColumns, firstTimeCell };
}

function reportTruncatedHeader(block: RunBlock, ctx: RunContext, width: number, extra: number): void {
  const pcp = block.producer === 'pcp-dstat';
  ctx.issues.warn(
    block.columnLine + 1,
    `the header names ${width} columns but the rows carry ${width + extra}: the last ${extra} have no name and ` +
      `are left out` +
      (pcp
        ? ' (pcp-dstat writes only the columns that fit the terminal into the header, pcp issue 1749; ' +
          'record with the output redirected: pcp dstat … --output log.csv 1 > /dev/null)'
        : ''),
  );
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

/** Reads and stores rows; counts what it drops and why. */
class RowReader {
  rows = 0;
  dropped = 0;
  time: Float64Array;
  lines: Int32Array;
  private readonly numeric: (Float64Array | null)[];
  private readonly text: (string[] | null)[];
  /** Rows the arrays can hold. They grow with the rows kept, never with the rows announced: a kept row
   * has a field per column, so memory stays proportional to the file's size. */
  private capacity: number;
  private readonly badCells: Int32Array;
  private readonly firstBadLine: Int32Array;
  private missedTicks = 0;
  private missedRows = 0;
  private gapRows = 0;
  private firstGapLine = 0;
  private readonly width: number;
  /** Rows wider than the header are read (their first `width` fields) only when the header is cut short. */
  private readonly headerCutShort: boolean;

  constructor(
    private readonly block: RunBlock,
    private readonly ctx: RunContext,
    header: readonly HeaderColumn[],
    private readonly timeCol: number,
    { textColumns, extraColumns }: Plan,
  ) {
    this.width = header.length;
    this.headerCutShort = extraColumns > 0;
    const capacity = Math.min(Math.max(0, block.dataEnd - block.dataStart), 256);
    this.capacity = capacity;
    this.time = new Float64Array(capacity);
    this.lines = new Int32Array(capacity);
    this.numeric = header.map((_, c) => (c === timeCol || textColumns.has(c) ? null : new Float64Array(capacity)));
    this.text = header.map((_, c) => (textColumns.has(c) ? [] : null));
    this.badCells = new Int32Array(header.length);
    this.firstBadLine = new Int32Array(header.length);
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

  private grow(): void {
    const capacity = Math.max(16, this.capacity * 2);
    const grown = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a);
      return b;
    };
    this.time = grown(this.time, (n) => new Float64Array(n));
    this.lines = grown(this.lines, (n) => new Int32Array(n));
    for (let c = 0; c < this.numeric.length; c++) {
      const col = this.numeric[c];
      if (col) this.numeric[c] = grown(col, (n) => new Float64Array(n));
    }
    this.capacity = capacity;
  }

  keep(li: number, t: number, fields: readonly string[]): void {
    if (this.rows === this.capacity) this.grow();
    const r = this.rows++;
    this.time[r] = t;
    this.lines[r] = li + 1;
    let empty = true;
    for (let c = 0; c < this.numeric.length; c++) {
      const cell = fields[c] ?? '';
      const column = this.numeric[c];
      if (column) {
        const v = toNumber(cell);
        column[r] = v;
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

  lineOf(row: number): number {
    return this.lines[row]! - 1;
  }

  numericColumn(c: number): Float64Array | null {
    const col = this.numeric[c];
    return col ? col.slice(0, this.rows) : null;
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

/** Turns time cells, or sample numbers when there is no time column, into floating ms. */
class TimeReader {
  readonly formatName: string;
  /** Where times come from: the time column, or sample numbers when there is none or it is unreadable. */
  readonly source: TimeSource;
  private readonly clock: WallClock | null;
  private readonly offset: number;
  private readonly start: number;
  private readonly step: number;
  private readonly dateWall: number;

  constructor(
    private readonly block: RunBlock,
    private readonly ctx: RunContext,
    private readonly kind: 'time' | 'epoch' | null,
    firstCell: string,
  ) {
    const date = parseDateLine(block.meta.date);
    this.dateWall = date?.wall ?? NaN;
    this.step = (block.delaySeconds > 0 ? block.delaySeconds : 1) * 1000;
    this.start = date?.wall ?? 0;
    this.clock = null;
    this.offset = 0;
    const fmt: TimeFormat | null = kind === 'time' ? detectTimeFormat(firstCell) : null;
    this.source = kind === 'epoch' || fmt ? kind! : 'sample';
    if (fmt) {
      this.formatName = fmt.name;
      this.clock = new WallClock(fmt, this.dateWall, firstCell, date?.year ?? ctx.fallbackYear);
      if (!date) ctx.issues.warn(block.firstLine + 1, `run ${block.index} has no Date: line: the year ${ctx.fallbackYear} is assumed`);
    } else if (kind === 'epoch') {
      this.formatName = 'epoch seconds';
      const off = epochOffset(date, parseEpoch(firstCell));
      if (off === null) {
        ctx.issues.warn(block.firstLine + 1, `run ${block.index}: the host's time zone is unknown (no usable Date: line): epoch times are shown in UTC`);
      }
      this.offset = off ?? 0;
    } else {
      this.formatName = '';
      const why =
        kind === 'time'
          ? `its time column is in a format dstatview does not know (${quote(firstCell)})`
          : 'it has no time column (-t or -T)';
      ctx.issues.add(
        kind === 'time' ? 'warning' : 'info',
        block.columnLine + 1,
        `run ${block.index}: ${why}: times are the sample number × ${this.step / 1000} s` + (date ? ' from the Date: line' : ' from 0'),
      );
    }
  }

  ofCell(cell: string): number {
    if (this.kind === 'epoch') return parseEpoch(cell) + this.offset;
    return this.clock ? this.clock.toMs(cell) : NaN;
  }

  ofSample(n: number): number {
    return this.start + n * this.step;
  }

  /** Warn when the samples do not start near `Date:` (e.g. pcp-dstat replaying an old archive). */
  check(time: Float64Array, rows: number): void {
    if (this.source !== 'time' || !(this.dateWall === this.dateWall) || rows === 0) return;
    const days = Math.abs(time[0]! - this.dateWall) / 86_400_000;
    if (days > 1) {
      this.ctx.issues.warn(
        this.block.dataStart + 1,
        `run ${this.block.index}: the first sample is ${Math.round(days)} days from the Date: line (a replayed archive?): the year ${new Date(time[0]!).getUTCFullYear()} is a guess`,
      );
    }
  }
}

/** Interval between samples: `Cmdline:`'s delay, else the median step between rows, else 1 s. */
function intervalOf(delaySeconds: number, time: Float64Array, rows: number): number {
  if (delaySeconds > 0) return delaySeconds * 1000;
  if (rows < 3) return 1000;
  const steps = new Float64Array(rows - 1);
  for (let i = 1; i < rows; i++) steps[i - 1] = time[i]! - time[i - 1]!;
  steps.sort();
  const median = steps[(steps.length - 1) >> 1]!;
  return median > 0 ? median : 1000;
}

interface BuiltSeries {
  list: Series[];
  conversionsUsed: Set<string>;
  unknown: string[];
}

/** Name, unit and scale each column; ids are `group/column`, made unique with `#2`, `#3`… */
function buildSeries(block: RunBlock, header: readonly HeaderColumn[], timeCol: number, reader: RowReader): BuiltSeries {
  const list: Series[] = [];
  const used = new Set<string>();
  const ids = new Map<string, number>();
  const unknown: string[] = [];
  const groupColumns = columnsByGroupStart(header);
  header.forEach((h, c) => {
    if (c === timeCol || timeColumnKind(h.group, h.column)) return;
    const rawColumn = stripGroupPrefix(h.group, h.column);
    const group = normaliseGroup(h.group, groupColumns[c]!);
    const column = normaliseColumn(group, rawColumn);
    if (column === '') {
      unknown.push(`${group}/(column ${c + 1} has no name)`);
      return;
    }
    const seen = ids.get(`${group}/${column}`) ?? 0;
    ids.set(`${group}/${column}`, seen + 1);
    const id = seen === 0 ? `${group}/${column}` : `${group}/${column}#${seen + 1}`;
    const base = { id, group, column, csvColumn: c + 1 };
    const texts = reader.textColumn(c);
    if (texts) {
      list.push({ ...base, unit: 'text', kind: 'text', values: texts } satisfies TextSeries);
      return;
    }
    const values = reader.numericColumn(c)!;
    const unit = unitOf(group, column);
    if (unit === '' && group !== 'load avg') unknown.push(`${group}/${column}`);
    for (const conv of block.conversions) {
      if (!conv.groups.test(group) || (conv.columns && !conv.columns.test(column))) continue;
      for (let i = 0; i < values.length; i++) values[i]! *= conv.factor;
      used.add(conv.reason);
    }
    reader.reportBadCells(c, id);
    list.push({ ...base, unit, kind: 'number', values } satisfies NumericSeries);
  });
  return { list, conversionsUsed: used, unknown };
}

/** For each column, the unprefixed names of all columns of its group (to recognise pcp-dstat's swap). */
function columnsByGroupStart(header: readonly HeaderColumn[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  header.forEach((h, i) => {
    if (i === 0 || h.group !== header[i - 1]!.group) current = [];
    current.push(stripGroupPrefix(h.group, h.column));
    out.push(current);
  });
  return out;
}
