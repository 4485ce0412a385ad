/**
 * Read the data rows of one run (one header block) into columns. Rows that cannot be trusted are left
 * out and reported with their line; rows whose values are all missing (pcp-dstat when a metric source
 * died) are kept as gaps.
 */
import { MAX_COLUMNS, MAX_GROUP_COLUMNS } from '../limits.js';
import { buildSeries } from './build-series.js';
import { DstatFormatError } from './errors.js';
import { quote } from './issues.js';
import { prescan, reportTruncatedHeader } from './prescan.js';
import { RowReader } from './row-reader.js';
import type { RunBlock, RunContext } from './run-context.js';
import { runHeader, type RunHeader } from './run-header.js';
import { parseDateLine } from './time.js';
import { TimeReader } from './time-reader.js';
import type { DstatRun, TimeSource } from './types.js';

export type { RunBlock, RunContext } from './run-context.js';

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

/** A run that cannot be read although it has rows: its rows do not line up with its header. */
export interface RunRefusal {
  refused: { line: number; reason: string };
}

/** The run, or why it was refused, or null when it has no readable data rows (reported). */
export function readRun(block: RunBlock, ctx: RunContext): RunResult | RunRefusal | null {
  const named = readHeader(block, ctx);
  const { columns: header, timeCol, timeKind } = named;
  const width = header.length;
  const plan = prescan(block, ctx, header, timeCol);
  const reader = new RowReader(block, ctx, header, timeCol, plan);
  const time = new TimeReader(block, ctx, timeKind, plan.firstTimeCell);

  const { samples, firstDataLine } = readRows(block, ctx, reader, time, timeCol, width);
  const misaligned = reader.misalignment(samples, header);
  if (misaligned) return { refused: misaligned };
  ctx.issues.absorb(reader.rowIssues);
  if (reader.rows === 0) {
    ctx.issues.warn(block.columnLine + 1, `run ${block.index} has a header but no readable data rows: left out`);
    return null;
  }
  if (plan.extraColumns > 0) reportTruncatedHeader(block, ctx, width, plan.extraColumns);
  reader.reportNotes();
  const { time: times, lines } = reader.finish();
  time.check(times);

  const series = buildSeries(block, named, reader);
  const run: DstatRun = {
    index: block.index,
    meta: runMeta(block),
    firstLine: block.firstLine + 1,
    lastLine: lines[lines.length - 1]!,
    time: times,
    lines,
    firstRowIsSinceBoot: reader.lineOf(0) === firstDataLine,
    intervalMs: intervalOf(block.delaySeconds, times),
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
    // an ordinary row is read from its characters (plain-row.ts), any other split into fields
    const plain = reader.isPlain(li, line);
    const fields = plain ? null : reader.fieldsOf(li, line);
    if (!plain && !fields) continue;
    const timeCell = plain ? reader.plainCell(line, timeCol) : (fields![timeCol] ?? '');
    const t = time.source !== 'sample' ? time.ofCell(timeCell) : time.ofSample(samples - 1);
    if (!(t === t)) {
      reader.drop(li, `time ${quote(timeCell)} not understood (expected ${time.formatName})`);
      continue;
    }
    if (ctx.rowBudget.left-- <= 0) {
      throw new DstatFormatError('TOO_LARGE', li + 1, 0, `more than ${ctx.rowBudget.max} data rows; split the log`);
    }
    if ((ctx.cellBudget.left -= width) < 0) {
      throw new DstatFormatError('TOO_LARGE', li + 1, 0, 'the rows announce far more cells than the file holds');
    }
    if (plain) reader.keepPlain(li, t, line);
    else reader.keep(li, t, fields!);
  }
  return { samples, firstDataLine };
}

function runMeta(block: RunBlock): DstatRun['meta'] {
  const { title, host, user, cmdline, date } = block.meta;
  const timezone = parseDateLine(date)?.zone ?? '';
  return { producer: block.producer, version: block.version, title, host, user, cmdline, date, timezone };
}

function readHeader(block: RunBlock, ctx: RunContext): RunHeader {
  const header = runHeader(ctx.lines[block.groupLine]!, ctx.lines[block.columnLine]!, ctx.headers);
  if (header.columns.length > MAX_COLUMNS) {
    throw new DstatFormatError(
      'TOO_LARGE',
      block.columnLine + 1,
      0,
      `${header.columns.length} columns; dstatview reads at most ${MAX_COLUMNS}`,
    );
  }
  // Groups are columns of one chart: beyond MAX_GROUP_COLUMNS one chart would be thousands of lines.
  const widths = new Map<string, number>();
  for (const name of header.names) if (name) widths.set(name.group, (widths.get(name.group) ?? 0) + 1);
  for (const [group, width] of widths) {
    if (width > MAX_GROUP_COLUMNS) {
      throw new DstatFormatError(
        'TOO_LARGE',
        block.groupLine + 1,
        0,
        `the group ${quoteGroup(group)} has ${width} columns; dstatview reads at most ${MAX_GROUP_COLUMNS} in one group (MAX_GROUP_COLUMNS)`,
      );
    }
  }
  return header;
}

const quoteGroup = (group: string): string => JSON.stringify(group.length > 60 ? `${group.slice(0, 60)}…` : group);


/** Interval between samples: `Cmdline:`'s delay, else the median step between rows, else 1 s. */
function intervalOf(delaySeconds: number, time: Float64Array): number {
  const rows = time.length;
  if (delaySeconds > 0) return delaySeconds * 1000;
  if (rows < 3) return 1000;
  const steps = new Float64Array(rows - 1);
  for (let i = 1; i < rows; i++) steps[i - 1] = time[i]! - time[i - 1]!;
  steps.sort();
  const median = steps[(steps.length - 1) >> 1]!;
  return median > 0 ? median : 1000;
}

