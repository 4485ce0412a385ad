/**
 * Split one CSV line into fields. dstat writes numbers unquoted and header/metadata strings quoted, with
 * no newlines inside fields, so the file is read line by line:
 * - a line without `"` (almost every data row) is split on commas — the fast path;
 * - a line with well-formed quoting (headers, pcp-dstat's quoted process names) is read by a small
 *   RFC 4180 scanner;
 * - anything else (a stray quote inside a field, an unclosed quote) goes to csv-parse, the reference
 *   tokenizer, with relaxed quoting. test/shared/dstat/tokenize.test.ts proves the first two yield exactly
 *   what csv-parse yields, on every line of every fixture.
 */
import { parse } from 'csv-parse/sync';

/** Options that make csv-parse read one dstat line the way dstat meant it. */
export const CSV_PARSE_LINE_OPTIONS = {
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: false,
} as const;

/** The fields of one line (without its line terminator); null when even csv-parse cannot read it. */
export function tokenizeLine(line: string): string[] | null {
  if (line.indexOf('"') === -1) return line.split(',');
  return scanQuoted(line) ?? referenceTokenize(line);
}

/** csv-parse on one line: the reference every faster path must agree with. */
export function referenceTokenize(line: string): string[] | null {
  try {
    const records = parse(line, CSV_PARSE_LINE_OPTIONS);
    return records[0] ?? [''];
  } catch {
    return null;
  }
}

const QUOTE = 34; // "
const COMMA = 44; // ,

/**
 * Fields of a line in which every quoted field is quoted from its first to its last character (`""` inside
 * for a quote). Returns null for anything irregular, so the caller falls back to csv-parse.
 */
function scanQuoted(line: string): string[] | null {
  const fields: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    if (i < n && line.charCodeAt(i) === QUOTE) {
      let value = '';
      let start = i + 1;
      let j = start;
      for (;;) {
        if (j >= n) return null; // unclosed quote
        if (line.charCodeAt(j) !== QUOTE) {
          j++;
          continue;
        }
        if (j + 1 < n && line.charCodeAt(j + 1) === QUOTE) {
          value += line.slice(start, j + 1);
          j += 2;
          start = j;
          continue;
        }
        break;
      }
      value += line.slice(start, j);
      fields.push(value);
      i = j + 1;
      if (i === n) return fields;
      if (line.charCodeAt(i) !== COMMA) return null; // text after a closing quote
      i++;
    } else {
      const comma = line.indexOf(',', i);
      const end = comma === -1 ? n : comma;
      const value = line.slice(i, end);
      if (value.indexOf('"') !== -1) return null; // quote inside an unquoted field
      fields.push(value);
      if (comma === -1) return fields;
      i = comma + 1;
    }
  }
}
