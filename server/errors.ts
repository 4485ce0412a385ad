/**
 * Every error the API answers with, made in one place. Each is a value with a stable `code`, an HTTP
 * `statusCode` and a `message` written for the person who uploaded the file; the one error handler
 * (plugins/error-handler.ts) turns them into `{code, message, line?, column?}` bodies.
 */
import createError from '@fastify/error';
import type { DstatErrorCode } from '../shared/dstat/errors.js';
import { MAX_UPLOAD_FILES } from '../shared/limits.js';

export const FileTooLargeError = createError<'FILE_TOO_LARGE', 413, [string]>(
  'FILE_TOO_LARGE',
  'the file is larger than the upload limit of %s',
  413,
);
export const TooManyPartsError = createError<'TOO_MANY_PARTS', 413, [string]>(
  'TOO_MANY_PARTS',
  `the form has too many parts (%s): send the CSV file (or up to ${MAX_UPLOAD_FILES} to compare) in the field "file" and nothing else big`,
  413,
);
export const UnsupportedMediaTypeError = createError<'UNSUPPORTED_MEDIA_TYPE', 415, [string]>(
  'UNSUPPORTED_MEDIA_TYPE',
  'expected a multipart/form-data upload with the CSV in the field "file", got %s',
  415,
);
export const MissingFileError = createError<'MISSING_FILE', 400, [string]>(
  'MISSING_FILE',
  'no file in the form: send the CSV as the multipart/form-data field "file"%s',
  400,
);
export const MalformedMultipartError = createError<'MALFORMED_MULTIPART', 400, [string]>(
  'MALFORMED_MULTIPART',
  'the multipart/form-data body could not be read: %s',
  400,
);
export const BadRequestError = createError<'BAD_REQUEST', 400, [string]>('BAD_REQUEST', '%s', 400);
export const ReportNotFoundError = createError<'REPORT_NOT_FOUND', 404, []>(
  'REPORT_NOT_FOUND',
  'no report with this id: the link may be mistyped or incomplete',
  404,
);
export const RouteNotFoundError = createError<'NOT_FOUND', 404, [string]>('NOT_FOUND', 'not found: %s', 404);
export const WebAppNotBuiltError = createError<'WEB_APP_NOT_BUILT', 404, []>(
  'WEB_APP_NOT_BUILT',
  'the web app is not built on this server (npm run build:web); the API is available under /api',
  404,
);
export const ServerBusyError = createError<'SERVER_BUSY', 503, []>(
  'SERVER_BUSY',
  'the server is busy reading other uploads: try again in a few seconds',
  503,
);
export const ExportsBusyError = createError<'EXPORTS_BUSY', 503, [number]>(
  'EXPORTS_BUSY',
  'the server is making %d other exports, its limit: try again in a few seconds',
  503,
);
export const ParserUnavailableError = createError<'PARSER_UNAVAILABLE', 503, []>(
  'PARSER_UNAVAILABLE',
  'the server could not start a parser for this upload: try again in a few seconds',
  503,
);
export const StorageUnavailableError = createError<'STORAGE_UNAVAILABLE', 503, [string]>(
  'STORAGE_UNAVAILABLE',
  'the server cannot store reports right now (%s): try again later',
  503,
);
export const InsufficientStorageError = createError<'INSUFFICIENT_STORAGE', 507, [string]>(
  'INSUFFICIENT_STORAGE',
  'the server has no room left to store this report (%s): ask its operator to free space',
  507,
);
export const TooManyUploadsError = createError<'TOO_MANY_UPLOADS', 429, [string]>(
  'TOO_MANY_UPLOADS',
  'too many uploads from your address (%s): wait a little and send it again',
  429,
);
export const TooManyRequestsError = createError<'TOO_MANY_REQUESTS', 429, [string]>(
  'TOO_MANY_REQUESTS',
  'too many requests from your address are waiting for the server (%s): wait a little and send it again',
  429,
);
export const TaskTimeoutError = createError<'TASK_TIMEOUT', 503, [string]>(
  'TASK_TIMEOUT',
  'this took the server longer than %s s and was given up: try again later',
  503,
);
export const TokenRequiredError = createError<'TOKEN_REQUIRED', 401, [string]>(
  'TOKEN_REQUIRED',
  '%s: send it as "Authorization: Bearer <token>"',
  401,
);
export const TokenRejectedError = createError<'TOKEN_REJECTED', 403, [string]>('TOKEN_REJECTED', '%s', 403);
export const ParseTimeoutError = createError<'PARSE_TIMEOUT', 422, [string, string]>(
  'PARSE_TIMEOUT',
  'the file took longer than %s s to read and was given up: %s',
  422,
);
export const LiveOffsetMismatchError = createError<'LIVE_OFFSET_MISMATCH', 409, [number, number]>(
  'LIVE_OFFSET_MISMATCH',
  'these rows start at byte %d of the log but the server has %d bytes of it: send from there',
  409,
);
export const LiveFinishedError = createError<'LIVE_FINISHED', 409, []>(
  'LIVE_FINISHED',
  'this live report is finished: it takes no more rows',
  409,
);
export const LiveTooLargeError = createError<'FILE_TOO_LARGE', 413, [string]>(
  'FILE_TOO_LARGE',
  'the live log would pass its limit of %s (MAX_LIVE_BYTES)',
  413,
);
export const TooManyLiveReportsError = createError<'TOO_MANY_UPLOADS', 429, [number]>(
  'TOO_MANY_UPLOADS',
  'your address has %d live reports open, its limit: finish one first',
  429,
);
export const LiveReportsBusyError = createError<'SERVER_BUSY', 503, [number]>(
  'SERVER_BUSY',
  'the server follows %d live reports, its limit: try again later',
  503,
);
export const InternalError = createError<'INTERNAL_ERROR', 500, [string]>(
  'INTERNAL_ERROR',
  'internal server error (request %s); the details are in the server log',
  500,
);

/**
 * Codes of files that are not readable as a dstat log: the parser's own, the server's PARSE_FAILED, and
 * those of a gzip upload (BAD_GZIP: damaged; DECOMPRESSED_TOO_LARGE: a 413, see uploadFailureError).
 */
export type ReportFormatCode = DstatErrorCode | 'PARSE_FAILED' | 'BAD_GZIP' | 'DECOMPRESSED_TOO_LARGE';

/**
 * The uploaded file is not a dstat CSV (422): what is wrong and where, as DstatFormatError said it.
 * EMPTY_FILE is a 422 too: the request itself was well formed, its file is not processable.
 */
export const ReportFormatError = createError<string, 422, [string]>('REPORT_FORMAT', '%s', 422);

export interface ReportFormatDetails {
  code: ReportFormatCode;
  line: number;
  column: number;
  message: string;
}

export type ReportFormatErrorValue = InstanceType<typeof ReportFormatError> & {
  code: ReportFormatCode;
  line: number;
  column: number;
};

/** A 422 for the upload, from the parser's error (carried across the worker boundary as a plain value). */
export function reportFormatError(details: ReportFormatDetails): ReportFormatErrorValue {
  const err = new ReportFormatError(details.message) as ReportFormatErrorValue;
  err.code = details.code;
  err.line = details.line;
  err.column = details.column;
  return err;
}

export const DecompressedTooLargeError = createError<'DECOMPRESSED_TOO_LARGE', 413, [string]>(
  'DECOMPRESSED_TOO_LARGE',
  '%s',
  413,
);

/** The answer to an upload the parse worker refused: 413 for a gzip bomb, else 422 with line and column. */
export function uploadFailureError(details: ReportFormatDetails): Error {
  if (details.code === 'DECOMPRESSED_TOO_LARGE') return new DecompressedTooLargeError(details.message);
  return reportFormatError(details);
}

export function isReportFormatError(err: unknown): err is ReportFormatErrorValue {
  return err instanceof ReportFormatError;
}

/** 4 MiB, 1000 bytes, 1.5 KiB (1536 bytes): limits as a person reads them. */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const n = bytes / size;
      const text = Number.isInteger(n) ? String(n) : n.toFixed(1);
      return Number.isInteger(n) ? `${text} ${unit}` : `${text} ${unit} (${bytes} bytes)`;
    }
  }
  return `${bytes} bytes`;
}

/** A run named in a comparison is not there: which id (and run), said in the message. */
export const CompareRunNotFoundError = createError<'REPORT_NOT_FOUND', 404, [string]>('REPORT_NOT_FOUND', '%s', 404);
