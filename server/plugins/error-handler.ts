/**
 * The one error handler and the not-found handler.
 *
 * Every error becomes `{code, message, line?, column?}` with the right status; nothing else of it (stack,
 * file paths, causes) ever reaches the client. Server faults (5xx) are logged with their stack and answered
 * with a generic message carrying the request id. Mapping:
 *   422  the file is not a dstat log (DstatFormatError codes: NOT_DSTAT, EMPTY_FILE, BINARY_FILE, …)
 *   413  upload over the limit; too many parts/files/fields
 *   415  not multipart/form-data
 *   400  malformed request (no `file` part, broken multipart, schema validation)
 *   401/403  UPLOAD_TOKEN or a delete token missing / wrong
 *   404  unknown report — also for any id that is not a valid id — and unknown /api routes
 *   429  too many uploads from one client (with Retry-After)
 *   503  busy (parse queue full, load shed, too many uploads at once), parser or storage unavailable (with
 *        Retry-After)
 *   507  no room left to store a report
 *   500  anything else
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ERROR_CODES } from '../../shared/api/error-codes.js';
import type { ApiError } from '../../shared/api/schemas.js';
import { BUSY_RETRY_AFTER_SECONDS } from '../../shared/limits.js';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import {
  BadRequestError,
  FileTooLargeError,
  formatBytes,
  InsufficientStorageError,
  InternalError,
  isReportFormatError,
  MalformedMultipartError,
  ReportNotFoundError,
  RouteNotFoundError,
  StorageUnavailableError,
  TooManyPartsError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { describeContentType } from '../http-utils.js';
import { StoreFullError, StoreUnavailableError } from '../store/report-store.js';
import { multipartLimits } from './multipart.js';

export interface ErrorHandlerOptions {
  maxUploadBytes: number;
}

interface Mapped {
  statusCode: number;
  body: ApiError;
}

/** Error codes of this API (server/errors.ts) and of the parser: their messages are written for users. */
const OWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

export function isReportPath(url: string): boolean {
  return url.startsWith('/api/reports/');
}

export function mapError(err: FastifyError, request: FastifyRequest, maxUploadBytes: number): Mapped {
  const body = (e: { code: string; message: string; statusCode?: number }, extra: Partial<ApiError> = {}) => ({
    statusCode: e.statusCode ?? 500,
    body: { code: e.code, message: e.message, ...extra },
  });

  if (isReportFormatError(err)) return body(err, { line: err.line, column: err.column });
  if (isDstatFormatError(err)) {
    return { statusCode: 422, body: { code: err.code, message: err.message, line: err.line, column: err.column } };
  }
  // Our own errors keep their code and status, 5xx included (SERVER_BUSY is a 503, not an INTERNAL_ERROR).
  if (OWN_CODES.has(err.code) && typeof err.statusCode === 'number' && err.statusCode >= 400) return body(err);

  const storage = storageError(err);
  if (storage) return body(storage);

  if (err.validation) {
    // A report id that does not match the pattern is simply not a report.
    if (err.validationContext === 'params' && isReportPath(request.url)) return body(new ReportNotFoundError());
    return body(new BadRequestError(`invalid request: ${err.message}`));
  }

  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body(new FileTooLargeError(formatBytes(maxUploadBytes)));
    case 'FST_PARTS_LIMIT':
      return body(new TooManyPartsError(`more than ${multipartLimits(maxUploadBytes).parts} parts`));
    case 'FST_FILES_LIMIT':
      return body(new TooManyPartsError(`more than ${multipartLimits(maxUploadBytes).files} files`));
    case 'FST_FIELDS_LIMIT':
      return body(new TooManyPartsError(`more than ${multipartLimits(maxUploadBytes).fields} fields`));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return body(new UnsupportedMediaTypeError(describeContentType(request.headers['content-type'])));
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return body(new MalformedMultipartError(err.message));
    case 'FST_ERR_BAD_URL':
      if (isReportPath(request.url)) return body(new ReportNotFoundError());
      return body(new BadRequestError('the URL is malformed'));
  }

  // Other client errors: Fastify's own (bad JSON, bad Content-Length, …) have safe messages; those of other
  // libraries (@fastify/send: a directory, a NUL byte in a path) get a generic one.
  const status = err.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 403 || status === 404) {
      return body(new RouteNotFoundError(`${request.method} ${request.url.split('?', 1)[0]!.slice(0, 200)}`));
    }
    const message = err.code?.startsWith('FST_') ? err.message : (STATUS_CODES[status] ?? 'bad request');
    return { statusCode: status, body: { code: 'BAD_REQUEST', message } };
  }
  return body(new InternalError(request.id));
}

/**
 * The store could not take a report: full (the store's StoreFullError, or ENOSPC/EDQUOT from writing an
 * upload to the staging directory) → 507; read-only or unreachable → 503. Null for any other error.
 */
function storageError(err: Error & { code?: string }): Error & { code: string; statusCode: number } | null {
  if (err instanceof StoreFullError || err.code === 'ENOSPC' || err.code === 'EDQUOT') {
    return new InsufficientStorageError('its disk is full');
  }
  if (err instanceof StoreUnavailableError || err.code === 'EROFS') {
    return new StorageUnavailableError(err.code === 'EROFS' ? 'its storage is read-only' : 'its storage cannot be written');
  }
  return null;
}

export default fp<ErrorHandlerOptions>(
  async function errorHandler(fastify, opts) {
    fastify.setErrorHandler(function handleError(err: FastifyError, request, reply) {
      const { statusCode, body } = mapError(err, request, opts.maxUploadBytes);
      if (statusCode >= 500 && body.code === 'INTERNAL_ERROR') request.log.error({ err }, 'request failed');
      else if (statusCode >= 500) request.log.warn({ code: body.code, reason: err.message }, 'request refused');
      else request.log.info({ code: body.code, reason: err.message }, 'request rejected');
      return sendApiError(reply, statusCode, body);
    });

    fastify.setNotFoundHandler(function notFound(request, reply) {
      const path = request.url.split('?', 1)[0]!;
      if (path === '/api' || path.startsWith('/api/')) {
        const err = isReportPath(path)
          ? new ReportNotFoundError()
          : new RouteNotFoundError(`${request.method} ${path.slice(0, 200)}`);
        return sendApiError(reply, 404, { code: err.code, message: err.message });
      }
      // A page of the app (a mistyped link): the SPA shows its own "not found". Never for /assets/, where a
      // missing script must not come back as HTML.
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (fastify.webApp.available && isRead && wantsHtml && !path.startsWith('/assets/')) {
        // Not returned: awaiting the reply again would only stack more listeners on the response.
        fastify.webApp.sendIndex(reply, 404);
        return;
      }
      const err = new RouteNotFoundError(`${request.method} ${path.slice(0, 200)}`);
      return sendApiError(reply, 404, { code: err.code, message: err.message });
    });
  },
  { name: 'error-handler', fastify: '5.x', dependencies: ['static'] },
);

/**
 * The security headers of an error answered before the security plugin's hooks could run (routing errors,
 * Node's HTTP parser errors): a JSON body that nothing may run, sniff, frame or refer from.
 */
export const ERROR_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any route (and its hooks) runs —
 * a malformed percent-encoding (FST_ERR_BAD_URL) or a path parameter over maxParamLength
 * (FST_ERR_MAX_PARAM_LENGTH). Under /api/reports/ both mean "no such report".
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?', 1)[0]!;
  const apiErr = isReportPath(path)
    ? new ReportNotFoundError()
    : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new RouteNotFoundError(`${request.method} ${path.slice(0, 100)}…`)
      : new BadRequestError('the URL is malformed');
  request.log.info({ code: err.code }, 'request rejected while routing');
  // No route hooks ran: add the headers that matter for an error body here.
  for (const [name, value] of Object.entries(ERROR_SECURITY_HEADERS)) reply.header(name, value);
  sendApiError(reply, apiErr.statusCode, { code: apiErr.code, message: apiErr.message });
}

export function sendApiError(reply: FastifyReply, statusCode: number, body: ApiError): FastifyReply {
  reply.request.apiErrorCode = body.code;
  // "Try again later" answers say when (the rate limiter sets its own, exact, value first).
  if ((statusCode === 503 || statusCode === 429) && !reply.hasHeader('Retry-After')) {
    reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  }
  // Refused before the whole body arrived (a 413 from Content-Length, a 415, …): the client may still be
  // sending; close the connection rather than keep it, and the rest of the upload, around.
  if (!reply.request.raw.complete) reply.header('Connection', 'close');
  return reply
    .code(statusCode)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Fastify's `clientErrorHandler` option: errors of Node's HTTP parser, raised before there is a request
 * (a bad Content-Length, headers over maxHeaderSize, a malformed request line, a request that did not
 * arrive in time). There is no reply object yet: write the response straight on the socket, in our format,
 * and close the connection, which is unusable after a parse error.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'the request headers are larger than this server accepts (16 KiB)']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'the request did not arrive in time']
        : [400, 'BAD_REQUEST', `the HTTP request could not be read (${clientErrorReason(err.code)})`];
  this.log.info({ code: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message });
    const security = Object.entries(ERROR_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${security}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Node's parser codes as words; anything else is named by its code, which is safe to show. */
function clientErrorReason(code: string | undefined): string {
  switch (code) {
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return 'a missing, repeated or malformed Content-Length';
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return 'a malformed Transfer-Encoding';
    case 'HPE_INVALID_CHUNK_SIZE':
      return 'a malformed chunk of a chunked body';
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
      return 'a malformed request line';
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_HEADER_VALUE':
    case 'HPE_LF_EXPECTED':
      return 'a malformed header';
    default:
      return code ?? 'malformed';
  }
}
