/**
 * The error handler's mapping (server/plugins/error-handler.ts) as functions: every Fastify, multipart,
 * storage and validation error to its status and `{code, message}`; errors of Node's HTTP parser written
 * straight on the socket; errors raised while routing. error-handler.test.ts drives the same through the app.
 */
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  FileTooLargeError,
  InsufficientStorageError,
  MalformedMultipartError,
  ReportNotFoundError,
  RouteNotFoundError,
  StorageUnavailableError,
  TooManyPartsError,
  UnsupportedMediaTypeError,
} from '../../../server/errors.js';
import { describeContentType } from '../../../server/http-utils.js';
import { clientErrorHandler, frameworkErrors, mapError } from '../../../server/plugins/error-handler.js';
import { multipartLimits } from '../../../server/plugins/multipart.js';
import { StoreFullError, StoreUnavailableError } from '../../../server/store/report-store.js';

const MAX = 4 * 1024 * 1024;
const request = (url = '/api/reports', method = 'POST', contentType?: string) =>
  ({ url, method, id: 'req-7', headers: contentType ? { 'content-type': contentType } : {} }) as unknown as FastifyRequest;
const fastifyError = (code: string | undefined, message = `${code} happened`, statusCode?: number, extra: object = {}) =>
  Object.assign(new Error(message), { code, statusCode, ...extra }) as unknown as FastifyError;
const mapped = (e: Error & { code: string; statusCode?: number; message: string }) => ({ statusCode: e.statusCode, body: { code: e.code, message: e.message } });

describe('mapError', () => {
  it('maps the size limits of a body or an upload to 413 FILE_TOO_LARGE naming the limit', () => {
    for (const code of ['FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE']) {
      expect(mapError(fastifyError(code, 'x', 413), request(), MAX), code).toEqual(mapped(new FileTooLargeError('4 MiB')));
    }
  });

  it('maps the multipart limits to 413 TOO_MANY_PARTS naming which and how many', () => {
    const l = multipartLimits(MAX);
    expect(mapError(fastifyError('FST_PARTS_LIMIT'), request(), MAX)).toEqual(mapped(new TooManyPartsError(`more than ${l.parts} parts`)));
    expect(mapError(fastifyError('FST_FILES_LIMIT'), request(), MAX)).toEqual(mapped(new TooManyPartsError(`more than ${l.files} files`)));
    expect(mapError(fastifyError('FST_FIELDS_LIMIT'), request(), MAX)).toEqual(mapped(new TooManyPartsError(`more than ${l.fields} fields`)));
    expect(mapError(fastifyError('FST_FIELDS_LIMIT'), request(), MAX).body.message).toContain('more than 10 fields');
  });

  it('maps a body that is not multipart to 415, describing the type sent', () => {
    for (const code of ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_CTP_INVALID_TYPE']) {
      const m = mapError(fastifyError(code), request('/api/reports', 'POST', 'text/plain'), MAX);
      expect(m.statusCode, code).toBe(415);
      expect(m.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(m.body.message).toBe(new UnsupportedMediaTypeError(describeContentType('text/plain')).message);
      expect(m.body.message).toContain('text/plain');
    }
  });

  it('maps a broken multipart body to 400 MALFORMED_MULTIPART with its message', () => {
    for (const code of ['FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']) {
      expect(mapError(fastifyError(code, 'Unexpected end of form'), request(), MAX), code).toEqual(mapped(new MalformedMultipartError('Unexpected end of form')));
    }
  });

  it('maps a malformed URL to 404 under /api/reports/ (no such report), else 400', () => {
    expect(mapError(fastifyError('FST_ERR_BAD_URL'), request('/api/reports/%E0%A4%A', 'GET'), MAX)).toEqual(mapped(new ReportNotFoundError()));
    expect(mapError(fastifyError('FST_ERR_BAD_URL'), request('/r/%E0%A4%A', 'GET'), MAX)).toEqual(mapped(new BadRequestError('the URL is malformed')));
  });

  it('maps a full store or disk to 507, a read-only or unreachable one to 503', () => {
    const full = mapped(new InsufficientStorageError('its disk is full'));
    expect(mapError(new StoreFullError('full') as unknown as FastifyError, request(), MAX)).toEqual(full);
    expect(mapError(fastifyError('ENOSPC'), request(), MAX)).toEqual(full);
    expect(mapError(fastifyError('EDQUOT'), request(), MAX)).toEqual(full);
    expect(mapError(fastifyError('EROFS'), request(), MAX)).toEqual(mapped(new StorageUnavailableError('its storage is read-only')));
    expect(mapError(new StoreUnavailableError('down') as unknown as FastifyError, request(), MAX)).toEqual(
      mapped(new StorageUnavailableError('its storage cannot be written')),
    );
  });

  it('maps a schema failure to 400 with what failed, and a report id of the wrong form to 404', () => {
    const invalid = (context: string) => fastifyError('FST_ERR_VALIDATION', 'params/id must match pattern', 400, { validation: [{}], validationContext: context });
    expect(mapError(invalid('params'), request('/api/reports/short', 'GET'), MAX)).toEqual(mapped(new ReportNotFoundError()));
    expect(mapError(invalid('body'), request('/api/reports/short', 'GET'), MAX)).toEqual(mapped(new BadRequestError('invalid request: params/id must match pattern')));
    expect(mapError(invalid('params'), request('/api/compare', 'GET'), MAX)).toEqual(mapped(new BadRequestError('invalid request: params/id must match pattern')));
  });

  it("answers other client errors by their status: 403 and 404 as not found (path without its query, cut at 200), Fastify's messages kept, others' generic", () => {
    const long = `/static/${'x'.repeat(300)}`;
    expect(mapError(fastifyError(undefined, 'send: forbidden', 403), request(`${long}?q=1`, 'GET'), MAX)).toEqual(
      mapped(new RouteNotFoundError(`GET ${long.slice(0, 200)}`)),
    );
    expect(mapError(fastifyError(undefined, 'nope', 404), request('/a?b', 'HEAD'), MAX)).toEqual(mapped(new RouteNotFoundError('HEAD /a')));
    expect(mapError(fastifyError('FST_ERR_CTP_EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'", 400), request(), MAX)).toEqual({
      statusCode: 400,
      body: { code: 'BAD_REQUEST', message: "Body cannot be empty when content-type is set to 'application/json'" },
    });
    expect(mapError(fastifyError('ERR_SEND', 'EISDIR: /srv/app/dist', 400), request(), MAX)).toEqual({ statusCode: 400, body: { code: 'BAD_REQUEST', message: 'Bad Request' } });
    expect(mapError(fastifyError(undefined, '/etc/passwd', 409), request(), MAX)).toEqual({ statusCode: 409, body: { code: 'BAD_REQUEST', message: 'Conflict' } });
    expect(mapError(fastifyError('X_FST_ODD', 'secret /path', 499), request(), MAX)).toEqual({ statusCode: 499, body: { code: 'BAD_REQUEST', message: 'bad request' } });
  });

  it('answers anything else 500 INTERNAL_ERROR with the request id only', () => {
    for (const status of [undefined, 399, 500, 502]) {
      const m = mapError(fastifyError('EACCES', 'EACCES: /var/lib/secret', status), request(), MAX);
      expect(m.statusCode, String(status)).toBe(500);
      expect(m.body).toEqual({ code: 'INTERNAL_ERROR', message: expect.stringContaining('(request req-7)') });
      expect(m.body.message).not.toContain('secret');
    }
  });
});

/** A socket that records what is written and whether it was destroyed. */
function socket(writable = true, destroyed = false) {
  const s = { written: '', destroyed, writable, write: (chunk: string) => ((s.written += chunk), true), destroy: () => ((s.destroyed = true), s) };
  return s;
}
const server = { log: { info: () => undefined } } as unknown as FastifyInstance;
const clientError = (code: string | undefined, s = socket()) => {
  clientErrorHandler.call(server, Object.assign(new Error('parse error'), { code }) as NodeJS.ErrnoException, s as unknown as Duplex);
  return s;
};
const answer = (status: string, body: object) => {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
    `Cache-Control: no-store\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n` +
    `X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n${json}`
  );
};

describe('clientErrorHandler', () => {
  it('answers headers too large 431 and a request that came too slowly 408, then closes', () => {
    const big = clientError('HPE_HEADER_OVERFLOW');
    expect(big.written).toBe(answer('431 Request Header Fields Too Large', { code: 'HEADERS_TOO_LARGE', message: 'the request headers are larger than this server accepts (16 KiB)' }));
    expect(big.destroyed).toBe(true);
    expect(clientError('ERR_HTTP_REQUEST_TIMEOUT').written).toBe(answer('408 Request Timeout', { code: 'REQUEST_TIMEOUT', message: 'the request did not arrive in time' }));
  });

  it('answers every other parse error 400, saying in words what was malformed', () => {
    const reasons: [string | undefined, string][] = [
      ['HPE_UNEXPECTED_CONTENT_LENGTH', 'a missing, repeated or malformed Content-Length'],
      ['HPE_INVALID_CONTENT_LENGTH', 'a missing, repeated or malformed Content-Length'],
      ['HPE_INVALID_TRANSFER_ENCODING', 'a malformed Transfer-Encoding'],
      ['HPE_INVALID_CHUNK_SIZE', 'a malformed chunk of a chunked body'],
      ['HPE_INVALID_METHOD', 'a malformed request line'],
      ['HPE_INVALID_URL', 'a malformed request line'],
      ['HPE_INVALID_VERSION', 'a malformed request line'],
      ['HPE_INVALID_HEADER_TOKEN', 'a malformed header'],
      ['HPE_INVALID_HEADER_VALUE', 'a malformed header'],
      ['HPE_LF_EXPECTED', 'a malformed header'],
      ['HPE_STRICT', 'HPE_STRICT'],
      [undefined, 'malformed'],
    ];
    for (const [code, reason] of reasons) {
      expect(clientError(code).written, String(code)).toBe(answer('400 Bad Request', { code: 'BAD_REQUEST', message: `the HTTP request could not be read (${reason})` }));
    }
  });

  it('writes nothing to a socket reset, gone or no longer writable (and closes the last)', () => {
    const reset = clientError('ECONNRESET');
    expect(reset).toMatchObject({ written: '', destroyed: false });
    expect(clientError('HPE_INVALID_METHOD', socket(true, true)).written).toBe('');
    const closed = clientError('HPE_INVALID_METHOD', socket(false));
    expect(closed).toMatchObject({ written: '', destroyed: true });
  });
});

describe('frameworkErrors', () => {
  /** A reply that records its status, headers and body. */
  function reply(url: string) {
    const r = {
      statusCode: 0,
      headers: {} as Record<string, string>,
      body: undefined as unknown,
      request: { url, method: 'GET', raw: { complete: true }, log: { info: () => undefined } },
      code: (c: number) => ((r.statusCode = c), r),
      header: (k: string, v: string) => ((r.headers[k.toLowerCase()] = v), r),
      hasHeader: (k: string) => k.toLowerCase() in r.headers,
      type: (t: string) => ((r.headers['content-type'] = t), r),
      send: (b: unknown) => ((r.body = b), r),
    };
    return r;
  }
  const routed = (code: string, url: string) => {
    const r = reply(url);
    frameworkErrors(fastifyError(code), r.request as unknown as FastifyRequest, r as unknown as FastifyReply);
    return r;
  };

  it('answers a report path 404 REPORT_NOT_FOUND, a too-long parameter elsewhere 404, a bad URL 400; with safe headers', () => {
    const report = routed('FST_ERR_BAD_URL', '/api/reports/%E0%A4%A?x');
    expect(report.statusCode).toBe(404);
    expect(report.body).toEqual({ code: 'REPORT_NOT_FOUND', message: new ReportNotFoundError().message });
    expect(report.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    const long = routed('FST_ERR_MAX_PARAM_LENGTH', `/r/${'a'.repeat(150)}?q`);
    expect(long.statusCode).toBe(404);
    expect(long.body).toEqual({ code: 'NOT_FOUND', message: new RouteNotFoundError(`GET ${`/r/${'a'.repeat(150)}`.slice(0, 100)}…`).message });
    const bad = routed('FST_ERR_BAD_URL', '/r/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({ code: 'BAD_REQUEST', message: 'the URL is malformed' });
  });
});
