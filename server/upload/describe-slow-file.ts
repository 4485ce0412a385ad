/**
 * Why a file took too long to read, in words for the person who uploaded it. Only called after a parse hit
 * the time limit, on a file already bounded by MAX_UPLOAD_BYTES: one pass over the bytes counting lines,
 * title lines (one per run) and the widest line, a few ms for 4 MiB.
 */
import { readFile } from 'node:fs/promises';
import { formatBytes } from '../errors.js';

/** A title line opens each run: `"Dstat 0.7.2 CSV output"`, `"dool 1.3.4 CSV output"`, `"pcp-dstat 6.0.3 CSV Output"`. */
const TITLE = /^"?(?:dstat|dool|pcp-dstat) [^\n]*csv output/gim;

/** Appended runs beyond this many are named as the cause: real logs hold a handful. */
const MANY_RUNS = 100;

export interface FileShape {
  bytes: number;
  lines: number;
  runs: number;
  widestLine: number;
}

/** `text` decoded as latin1: one character per byte. */
export function fileShape(text: string): FileShape {
  let lines = 0;
  let widestLine = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines++;
    widestLine = Math.max(widestLine, i - start);
    start = i + 1;
  }
  if (start < text.length) {
    lines++;
    widestLine = Math.max(widestLine, text.length - start);
  }
  const runs = text.match(TITLE)?.length ?? 0;
  return { bytes: text.length, lines, runs, widestLine };
}

export function describeShape(shape: FileShape): string {
  const size = formatBytes(shape.bytes);
  if (shape.runs > MANY_RUNS) {
    return `it holds ${shape.runs} runs (header blocks appended one after another) in ${size}; upload the runs you need as separate files`;
  }
  return `${size} in ${shape.lines} lines, the widest of ${shape.widestLine} characters; upload a shorter part of the log`;
}

export async function describeSlowFile(path: string): Promise<string> {
  try {
    return describeShape(fileShape(await readFile(path, 'latin1')));
  } catch {
    return 'the file could not be examined';
  }
}
