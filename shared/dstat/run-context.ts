/** What reading one run needs to know: its header block, and the state shared by all runs of the file. */
import type { MetaFields } from './header.js';
import type { IssueLog } from './issues.js';
import type { Conversion } from './producer.js';
import type { RunHeader } from './run-header.js';
import type { Producer } from './types.js';

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
  /** Headers read so far, by the text of their two rows: appended runs repeat theirs. */
  headers: Map<string, RunHeader>;
}
