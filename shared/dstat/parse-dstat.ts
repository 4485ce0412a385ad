import type { DstatLog } from './types.js';
import { DstatFormatError } from './errors.js';

export interface ParseOptions {
  /** Stop with TOO_LARGE past this many data rows (default MAX_ROWS). */
  maxRows?: number;
}

/**
 * Read a whole dstat/dool/pcp-dstat CSV file. Throws DstatFormatError when it is not one;
 * damaged rows are dropped and listed in `dialect.issues`.
 *
 * PLACEHOLDER: the real implementation is being written; this signature is the contract.
 */
export function parseDstat(text: string, _options: ParseOptions = {}): DstatLog {
  throw new DstatFormatError('NOT_DSTAT', 1, 0, `parser not written yet (${text.length} chars)`);
}
