/**
 * The fast path for ordinary data rows: a line without quotes that has exactly the header's field count is
 * read straight from its characters — field ends found once, numbers read without a substring per cell.
 * Whether a line qualifies is decided here; RowReader.keepPlain stores it. Every other line (quoted, short,
 * wide, cut off, a `missed N ticks` note, too long) goes through tokenize.ts and RowReader.fieldsOf as
 * before, and test/shared/dstat/plain-row.test.ts proves both paths give the same ParsedLog on every fixture.
 */
import { MAX_LINE_CHARS } from '../limits.js';
import { toNumber } from './cells.js';

const DOT = 46; // .
const MINUS = 45; // -
const PLUS = 43; // +
const ZERO = 48; // 0
const LETTER_M = 109; // m, as `missed 3 ticks` starts

/** Exact powers of ten: 10^22 is the largest a double holds exactly. */
const POW10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/** For tests only: false sends every row through the general path (plain-row.test.ts compares them). */
export const plainRowSwitch = { on: true };

let scratch = new Int32Array(256);

/**
 * A buffer for the field ends of rows `width` wide (plainRowEnds), shared by every run: a typed array of
 * its own per run cost files of thousands of one-row runs ~20 % of their parse time (each live ArrayBuffer
 * slows the young-generation GC: column-store.ts). Runs are read one after the other, never interleaved.
 */
export function fieldEndsBuffer(width: number): Int32Array {
  if (scratch.length < width) scratch = new Int32Array(width);
  return scratch;
}

/**
 * Is `line` an ordinary row of `width` fields that the fast path may read? When it is, `ends[c]` is set to
 * the index just past field c (field c starts at `ends[c - 1] + 1`, field 0 at 0; `ends[width - 1]` is
 * the line's length). Mirrors the first case of RowReader.fieldsOf exactly: no quote (so `line.split(',')`
 * is its tokenization), `width` fields, and a last field that may not be a `missed N ticks` note (any field
 * starting with `m` is left to the general path, which knows the note).
 */
export function plainRowEnds(line: string, width: number, ends: Int32Array): boolean {
  if (!plainRowSwitch.on || line.length > MAX_LINE_CHARS || line.indexOf('"') !== -1) return false;
  let at = -1;
  for (let c = 0; c < width - 1; c++) {
    at = line.indexOf(',', at + 1);
    if (at === -1) return false; // fewer fields
    ends[c] = at;
  }
  if (line.indexOf(',', at + 1) !== -1) return false; // more fields
  if (line.charCodeAt(at + 1) === LETTER_M) return false;
  ends[width - 1] = line.length;
  return true;
}

/**
 * The number in `line` from `start` to `end` (exclusive), exactly `toNumber(line.slice(start, end))`.
 * Plain decimals (optional sign, digits, at most one `.`) whose digits form an integer below 2^53 with at
 * most 22 after the point are read here: the integer and 10^k are then both exact doubles, so one IEEE
 * division gives the correctly rounded value, as `+cell` does. Anything else — exponents, blanks, hex,
 * `Infinity`, longer mantissas — is handed to toNumber.
 */
export function readNumber(line: string, start: number, end: number): number {
  if (start === end) return NaN;
  let i = start;
  const first = line.charCodeAt(i);
  const negative = first === MINUS;
  if (negative || first === PLUS) i++;
  let mantissa = 0;
  let digits = 0;
  let point = -1; // index of the `.`, -1 when none
  for (; i < end; i++) {
    const d = line.charCodeAt(i) - ZERO;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d; // exact while below 2^53; once past it, it stays past it
      digits++;
    } else if (d === DOT - ZERO && point < 0) point = i;
    else return toNumber(line.slice(start, end));
  }
  const fraction = point < 0 ? 0 : end - point - 1;
  if (digits === 0 || mantissa > Number.MAX_SAFE_INTEGER || fraction > 22) return toNumber(line.slice(start, end));
  const v = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
  return negative ? -v : v;
}
