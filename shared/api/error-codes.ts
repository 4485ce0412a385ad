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
  // … or it is gzip-compressed and damaged …
  'BAD_GZIP',
  // … or the parser failed on it (a bug: the file is worth reporting).
  'PARSE_FAILED',
  // … or took longer to read than PARSE_TIMEOUT_SECONDS.
  'PARSE_TIMEOUT',
  // 413
  'FILE_TOO_LARGE',
  'DECOMPRESSED_TOO_LARGE',
  'TOO_MANY_PARTS',
  // 431: request headers over the server's limit (Node's HTTP parser)
  'HEADERS_TOO_LARGE',
  // 408: the request did not arrive in time
  'REQUEST_TIMEOUT',
  // 401 / 403: UPLOAD_TOKEN or a report's delete token missing / wrong
  'TOKEN_REQUIRED',
  'TOKEN_REJECTED',
  // 429 (with Retry-After): too many uploads from one client
  'TOO_MANY_UPLOADS',
  // … or too many reads (exports, comparisons) of one client waiting for the worker threads
  'TOO_MANY_REQUESTS',
  // 415
  'UNSUPPORTED_MEDIA_TYPE',
  // 400
  'MISSING_FILE',
  'MALFORMED_MULTIPART',
  'BAD_REQUEST',
  // 409: a live report's append that does not follow what the server has (its reply says how many bytes it
  // has: send from there), or that comes after the report was finished
  'LIVE_OFFSET_MISMATCH',
  'LIVE_FINISHED',
  // 404
  'REPORT_NOT_FOUND',
  'NOT_FOUND',
  'WEB_APP_NOT_BUILT',
  // 503 (with Retry-After)
  'SERVER_BUSY',
  'PARSER_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  // a drawing, export or comparison ran past RENDER_TIMEOUT_SECONDS
  'TASK_TIMEOUT',
  'EXPORTS_BUSY',
  // 507: no room left to store a report (disk full, MAX_STORAGE_BYTES)
  'INSUFFICIENT_STORAGE',
  // 500
  'INTERNAL_ERROR',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
