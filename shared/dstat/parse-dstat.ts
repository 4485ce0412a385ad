/**
 * Read a whole dstat CSV — Dag Wieers' dstat 0.6–0.8, dool, pcp-dstat — into runs of columnar series plus
 * a dialect report. Linear in the input: every line is looked at a bounded number of times (twice at most
 * for the first rows of a run), and memory is bounded by shared/limits.ts.
 */
import { MAX_ROWS, MAX_RUNS } from '../limits.js';
import { parseCmdline } from './cmdline.js';
import { DstatFormatError } from './errors.js';
import { emptyMeta, isMetaLine, readMetaLine, type MetaFields } from './header.js';
import { IssueLog, quote } from './issues.js';
import { findBareHeader, type BareHeader } from './bare-header.js';
import { binaryKind, notTextReason } from './binary-kind.js';
import { otherToolReason } from './other-tool.js';
import { conversionsFor, guessProducer, parseTitle } from './producer.js';
import { readRun, type RunBlock, type RunContext, type RunRefusal, type RunResult } from './read-run.js';
import { suggestCommand } from './suggest.js';
import { tokenizeLine } from './tokenize.js';
import type { DialectReport, DstatLog, Producer } from './types.js';

/**
 * Version of what the parser makes of a file. Bump it whenever a change alters the output for some file:
 * stored reports made by an older version are derived again from their CSV when next read.
 */
export const PARSER_VERSION = 3; // 2: pcp-dstat short first rows kept, no -r suggested for dstat < 0.6.9; 3: findings

/** Cells a file may hold beyond two per character of its text (a small file with a wide header). */
const CELL_ALLOWANCE = 1 << 20;

export interface ParseOptions {
  /** Stop with TOO_LARGE past this many data rows (default MAX_ROWS). */
  maxRows?: number;
  /** Year assumed for a run without a `Date:` line (default: the current year). */
  fallbackYear?: number;
}

/**
 * Read a dstat/dool/pcp-dstat CSV file. Throws DstatFormatError when it is not one (not text, empty, no
 * dstat header, no data row); rows that are merely damaged are dropped and listed in `dialect.issues`.
 */
export function parseDstat(input: string, options: ParseOptions = {}): DstatLog {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  checkIsText(text);
  const lines = splitLines(text);
  const issues = new IssueLog();
  const blocks = findBlocks(lines, issues);
  const maxRows = options.maxRows ?? MAX_ROWS;
  const ctx: RunContext = {
    lines,
    issues,
    fallbackYear: options.fallbackYear ?? new Date().getUTCFullYear(),
    rowBudget: { left: maxRows, max: maxRows },
    cellBudget: { left: 2 * text.length + CELL_ALLOWANCE },
    endsWithNewline: /[\r\n]$/.test(text),
    headers: new Map(),
  };
  const results: RunResult[] = [];
  let refused: RunRefusal['refused'] | null = null;
  for (const block of blocks) {
    const result = readRun(block, ctx);
    if (result && 'refused' in result) {
      refused = result.refused;
      issues.warn(refused.line, `run ${block.index} left out: ${refused.reason}`);
    } else if (result) results.push({ ...result, run: { ...result.run, index: results.length + 1 } });
  }
  if (results.length === 0 && refused) throw new DstatFormatError('ROWS_MISALIGNED', refused.line, 0, refused.reason);
  if (results.length === 0) {
    const last = blocks[blocks.length - 1]!;
    throw new DstatFormatError(
      'NO_DATA_ROWS',
      last.columnLine + 1,
      0,
      'the file has dstat headers but no data rows (did dstat stop before its first sample? ' +
        "dstat 0.7.4's CSV writer crashes right after the header)",
    );
  }
  return { runs: results.map((r) => r.run), dialect: dialectReport(results, issues) };
}

/** Refuse what is not text: binary files (NUL bytes, control characters), empty files. */
function checkIsText(text: string): void {
  if (text.trim() === '') throw new DstatFormatError('EMPTY_FILE', 0, 0, 'the file is empty');
  const head = text.slice(0, 8192);
  // eslint-disable-next-line no-control-regex
  const controls = head.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  if (head.includes('\u0000') || controls > head.length / 100) {
    throw new DstatFormatError('BINARY_FILE', 1, 0, notTextReason(binaryKind(head)));
  }
}

/** Lines without their terminators; `\n`, `\r\n` and old-Mac `\r` all end a line. */
function splitLines(text: string): string[] {
  const lines = text.includes('\n') ? text.split('\n') : text.split('\r');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
  }
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function isBlank(line: string): boolean {
  return line === '' || line.trim() === '';
}

function skipBlank(lines: readonly string[], i: number): number {
  while (i < lines.length && isBlank(lines[i]!)) i++;
  return i;
}

/** Fields of a metadata line (title, `Host:`, `Cmdline:`…), or null when `line` is not one. */
function metaFields(line: string): string[] | null {
  if (line.charCodeAt(0) !== 34) return null; // metadata is always quoted
  const fields = tokenizeLine(line);
  return fields && isMetaLine(fields) ? fields : null;
}

/**
 * Split the file into header blocks (one per run: `--output` to an existing file appends a new
 * Host:/Cmdline:/header block). The first block must be well formed or the file is not a dstat CSV; a
 * damaged later block is reported and skipped.
 */
function findBlocks(lines: readonly string[], issues: IssueLog): RunBlock[] {
  const blocks: RunBlock[] = [];
  let previous: MetaFields = emptyMeta();
  let i = skipBlank(lines, 0);
  while (i < lines.length) {
    const firstLine = i;
    const meta: MetaFields = { ...emptyMeta(), author: previous.author };
    let sawMeta = false;
    for (let f = metaFields(lines[i] ?? ''); i < lines.length; f = metaFields(lines[i] ?? '')) {
      if (f) {
        readMetaLine(f, meta);
        sawMeta = true;
      } else if (!isBlank(lines[i]!)) break;
      i++;
    }
    const bare = sawMeta || blocks.length > 0 ? null : findBareHeader(lines, i);
    if (!sawMeta && !bare) {
      throw new DstatFormatError(
        'NOT_DSTAT',
        i + 1,
        0,
        otherToolReason(lines.slice(i, i + 8)) ||
          `expected the dstat title line ("Dstat 0.7.2 CSV output") or a "Host:" line, found ${quote(lines[i]!)}`,
      );
    }
    const block = bare
      ? bareBlock(lines, bare, issues)
      : headerRows(lines, i, firstLine, meta, blocks.length + 1, previous.title);
    if ('reason' in block) {
      if (blocks.length === 0) throw new DstatFormatError('NOT_DSTAT', block.line + 1, 0, block.reason);
      issues.warn(block.line + 1, `a header block that ends early was skipped: ${block.reason}`);
    } else {
      blocks.push(block);
      if (blocks.length > MAX_RUNS) {
        throw new DstatFormatError('TOO_LARGE', firstLine + 1, 0, `more than ${MAX_RUNS} runs in one file`);
      }
    }
    // the run's data: every line up to the next metadata line
    i = 'reason' in block ? block.line + 1 : block.dataStart;
    while (i < lines.length && !metaFields(lines[i]!)) i++;
    if (!('reason' in block)) block.dataEnd = i;
    previous = { ...meta, title: meta.title || previous.title };
  }
  return blocks;
}

/** The group and column rows after the metadata at `at`, or why they are not there (0-based line). */
function headerRows(
  lines: readonly string[],
  at: number,
  firstLine: number,
  meta: MetaFields,
  index: number,
  /** The previous run's title: an appended run has none of its own but the same producer. */
  inheritedTitle: string,
): RunBlock | { line: number; reason: string } {
  const groupLine = skipBlank(lines, at);
  if (!isHeaderRow(lines[groupLine])) {
    const found = describe(lines[groupLine]);
    return { line: groupLine, reason: `expected the row of group names ("system","procs",…) after the Cmdline: line, found ${found}` };
  }
  const columnLine = skipBlank(lines, groupLine + 1);
  if (!isHeaderRow(lines[columnLine])) {
    const found = describe(lines[columnLine]);
    return { line: columnLine, reason: `expected the row of column names ("time","run",…) after the group names, found ${found}` };
  }
  return blockAt(lines, { groupLine, columnLine }, firstLine, meta, index, inheritedTitle);
}

/** The run block of header rows at `rows` under the metadata `meta` (empty for a file without preamble). */
function blockAt(
  lines: readonly string[],
  { groupLine, columnLine }: BareHeader,
  firstLine: number,
  meta: MetaFields,
  index: number,
  inheritedTitle: string,
): RunBlock {
  const cmd = parseCmdline(meta.cmdline);
  const groups = tokenizeLine(lines[groupLine]!) ?? [];
  const columns = tokenizeLine(lines[columnLine]!) ?? [];
  const titled = parseTitle(meta.title || inheritedTitle);
  const producer = titled?.producer ?? guessProducer(meta.author, cmd, groups, columns);
  const version = titled?.version ?? '';
  return {
    index,
    meta,
    producer,
    version,
    conversions: conversionsFor(producer, version, cmd),
    delaySeconds: cmd.delaySeconds,
    firstLine,
    groupLine,
    columnLine,
    dataStart: columnLine + 1,
    dataEnd: columnLine + 1,
  };
}

/** What the units of a file without preamble are taken to be, by the producer its column names point to. */
const UNITS_WITHOUT_PREAMBLE: Record<Producer, string> = {
  'pcp-dstat': ": its column names are pcp-dstat's, so its units are read as pcp-dstat's (KiB become bytes)",
  dool: ": its column names are dool's; disk and network values are shown as written (bits/s if dool 1.3 or later recorded them without --bytes)",
  dstat: '',
  unknown:
    ': values are shown as written (were it pcp-dstat, memory and disks would be KiB; were it dool 1.3 or later, disks and network bits/s)',
};

/** The first run of a file that starts at its header rows: no host, producer, zone or year of its own. */
function bareBlock(lines: readonly string[], rows: BareHeader, issues: IssueLog): RunBlock {
  const block = blockAt(lines, rows, rows.groupLine, emptyMeta(), 1, '');
  issues.warn(
    rows.groupLine + 1,
    'no preamble: host, producer and time zone unknown (the file starts at its header rows, without the title, ' +
      `Host:, Cmdline: and Date: lines)${UNITS_WITHOUT_PREAMBLE[block.producer]}`,
  );
  return block;
}

function isHeaderRow(line: string | undefined): boolean {
  return line !== undefined && line.charCodeAt(0) === 34 && metaFields(line) === null;
}

function describe(line: string | undefined): string {
  return line === undefined ? 'the end of the file' : quote(line);
}

function dialectReport(results: readonly RunResult[], issues: IssueLog): DialectReport {
  const last = results[results.length - 1]!;
  const cmd = parseCmdline(last.run.meta.cmdline);
  const conversions = new Set<string>();
  for (const r of results) for (const c of r.conversionsUsed) conversions.add(c);
  const unknown = new Set<string>();
  for (const r of results) for (const u of r.unknownColumns) unknown.add(u);
  const suggestion = suggestCommand(
    last.run.meta.producer,
    last.run.meta.version,
    cmd,
    last.run.series,
    last.timeSource,
    last.headerCutShort,
  );
  if (suggestion && suggestion.missing.length > 0) {
    issues.info(0, `this log has no ${suggestion.missing.join(', ')} columns, so those graphs are missing`);
  }
  return {
    producer: last.run.meta.producer,
    version: last.run.meta.version,
    options: cmd.options,
    conversions: [...conversions],
    timeSource: last.timeSource,
    timeFormat: last.timeFormat,
    rows: {
      read: results.reduce((n, r) => n + r.rowsRead, 0),
      kept: results.reduce((n, r) => n + r.run.time.length, 0),
      dropped: results.reduce((n, r) => n + r.rowsDropped, 0),
    },
    runs: results.length,
    unknownColumns: [...unknown].slice(0, 200),
    issues: issues.list,
    moreIssues: issues.more,
    suggestedCommand: suggestion?.command ?? '',
  };
}
