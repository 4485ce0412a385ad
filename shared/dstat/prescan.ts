/**
 * Look at the first rows of a run before reading it: do they carry more fields than the header names
 * (pcp-dstat on a narrow terminal), which columns hold text, what the time cells look like, and the
 * range of each column's values in the rows that have every field (to check pcp-dstat's short rows).
 */
import { MAX_LINE_CHARS } from '../limits.js';
import type { HeaderColumn } from './header.js';
import { isTextGroup } from './names.js';
import { toNumber } from './cells.js';
import { MISSED_TICKS, type Plan } from './row-reader.js';
import type { RunBlock, RunContext } from './run-context.js';
import { tokenizeLine } from './tokenize.js';

/** Rows looked at before reading, to decide the row width and which columns hold text. */
const PRESCAN_ROWS = 64;

export function prescan(block: RunBlock, ctx: RunContext, header: readonly HeaderColumn[], timeCol: number): Plan {
  const width = header.length;
  const textVotes = new Int32Array(width);
  const numberVotes = new Int32Array(width);
  let wider = 0;
  let fitting = 0;
  let widest = width;
  let firstTimeCell = '';
  let seen = 0;
  const low = new Float64Array(width).fill(Infinity);
  const high = new Float64Array(width).fill(-Infinity);
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
    if (n === width) widenRanges(fields, width, low, high);
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
  return { extraColumns: truncated ? widest - width : 0, textColumns, firstTimeCell, low, high };
}

function widenRanges(fields: readonly string[], width: number, low: Float64Array, high: Float64Array): void {
  for (let c = 0; c < width; c++) {
    const v = toNumber(fields[c]!);
    if (v < low[c]!) low[c] = v;
    if (v > high[c]!) high[c] = v;
  }
}

export function reportTruncatedHeader(block: RunBlock, ctx: RunContext, width: number, extra: number): void {
  const pcp = block.producer === 'pcp-dstat';
  ctx.issues.warn(
    block.columnLine + 1,
    `the header names ${width} columns but the rows carry ${width + extra}: the last ${extra} have no name and ` +
      `are left out` +
      (pcp
        ? ' (pcp-dstat writes only the columns that fit the terminal into the header; ' +
          'record with the output redirected: pcp dstat … --output log.csv 1 > /dev/null)'
        : ''),
  );
}

