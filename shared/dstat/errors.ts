/**
 * The one error the parser throws: the file cannot be read as a dstat log at all. It says what is wrong and
 * where, in words a user can act on; rows that are merely damaged are dropped and reported instead.
 */

export type DstatErrorCode =
  | 'NOT_DSTAT' // no dstat title / Host: / Cmdline: / header rows where they must be
  | 'EMPTY_FILE'
  | 'NO_DATA_ROWS' // headers but not one data row (e.g. dstat 0.7.4's crashing CSV writer)
  | 'ROWS_MISALIGNED' // most rows have another field count than the header: values would land in wrong columns
  | 'BINARY_FILE' // NUL bytes or other control characters: not text
  | 'TOO_LARGE'; // a limit from shared/limits.ts was passed

export class DstatFormatError extends Error {
  override readonly name = 'DstatFormatError';
  constructor(
    readonly code: DstatErrorCode,
    /** 1-based line the problem is on; 0 for the whole file. */
    readonly line: number,
    /** 1-based column (CSV field), 0 when not about one field. */
    readonly column: number,
    /** The reason without the position, e.g. `expected the dstat title line, found "PNG"`. */
    readonly reason: string,
  ) {
    super(formatPosition(line, column) + reason);
  }
}

function formatPosition(line: number, column: number): string {
  if (line <= 0) return '';
  return column > 0 ? `line ${line}, column ${column}: ` : `line ${line}: `;
}

export function isDstatFormatError(err: unknown): err is DstatFormatError {
  return err instanceof Error && err.name === 'DstatFormatError' && 'code' in err && 'line' in err;
}
