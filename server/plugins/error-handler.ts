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
 *   404  unknown report — also for any id that is not a valid id — and unknown /api routes
 *   503  parser queue full
 *   500  anything else
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ERROR_CODES } from '../../shared/api/error-codes.js';
import type { ApiError } from '../../shared/api/schemas.js';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import {
  BadRequestError,
  FileTooLargeError,
  formatBytes,
  InternalError,
  isReportFormatError,
  MalformedMultipartError,
  ReportNotFoundError,
  RouteNotFoundError,
  TooManyPartsError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { describeContentType } from '../http-utils.js';
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
  if (OWN_CODES.has(err.code) && typeof err.statusCode === 'number' && err.statusCode < 500) return body(err);

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

export default fp<ErrorHandlerOptions>(
  async function errorHandler(fastify, opts) {
    fastify.setErrorHandler(function handleError(err: FastifyError, request, reply) {
      const { statusCode, body } = mapError(err, request, opts.maxUploadBytes);
      if (statusCode >= 500) request.log.error({ err }, 'request failed');
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
  reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'");
  sendApiError(reply, apiErr.statusCode, { code: apiErr.code, message: apiErr.message });
}

function sendApiError(reply: FastifyReply, statusCode: number, body: ApiError): FastifyReply {
  if (statusCode === 503) reply.header('Retry-After', '5');
  // Refused before the whole body arrived (a 413 from Content-Length, a 415, …): the client may still be
  // sending; close the connection rather than keep it, and the rest of the upload, around.
  if (!reply.request.raw.complete) reply.header('Connection', 'close');
  return reply
    .code(statusCode)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
