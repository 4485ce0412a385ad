/**
 * Every `code` an ApiError body can carry. The `message` beside it is English and says what and where; a
 * translated UI can key its own text on the code (and show `line`/`column` when present).
 */
export const API_ERROR_CODES = [
  // 422: the file is not a dstat log (from the parser, DstatErrorCode) …
  'NOT_DSTAT',
  'EMPTY_FILE',
  'NO_DATA_ROWS',
  'ROWS_MISALIGNED',
  'BINARY_FILE',
  'TOO_LARGE',
  // … or the parser failed on it (a bug: the file is worth reporting).
  'PARSE_FAILED',
  // 413
  'FILE_TOO_LARGE',
  'TOO_MANY_PARTS',
  // 415
  'UNSUPPORTED_MEDIA_TYPE',
  // 400
  'MISSING_FILE',
  'MALFORMED_MULTIPART',
  'BAD_REQUEST',
  // 404
  'REPORT_NOT_FOUND',
  'NOT_FOUND',
  'WEB_APP_NOT_BUILT',
  // 503 (with Retry-After)
  'SERVER_BUSY',
  // 500
  'INTERNAL_ERROR',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
