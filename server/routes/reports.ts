/**
 * The reports API.
 *   POST /api/reports          multipart upload, field `file` → 201 {id, url} + Location
 *   GET  /api/reports/:id      the parsed report (ReportJson)
 *   GET  /api/reports/:id/csv  the uploaded CSV, byte for byte
 * Status codes per case: see plugins/error-handler.ts.
 */
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, CreatedReport, ReportJson, ReportParams } from '../../shared/api/schemas.js';
import {
  FileTooLargeError,
  formatBytes,
  reportFormatError,
  ReportNotFoundError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { acceptsEncoding, csvContentDisposition, describeContentType, etagMatches, mediaType } from '../http-utils.js';
import { MULTIPART_OVERHEAD_BYTES } from '../plugins/multipart.js';
import { newReportId } from '../store/report-id.js';
import type { StoredObject } from '../store/report-store.js';
import { receiveUpload } from '../upload/receive.js';

export interface ReportsRouteOptions {
  maxUploadBytes: number;
}

const errors = (...codes: Array<400 | 404 | 413 | 415 | 422 | 503>) =>
  Object.fromEntries(codes.map((c) => [c, ApiError])) as Record<number, typeof ApiError>;

const reports: FastifyPluginAsyncTypebox<ReportsRouteOptions> = async (fastify, opts) => {
  const { maxUploadBytes } = opts;

  fastify.post(
    '/api/reports',
    {
      schema: { response: { 201: CreatedReport, ...errors(400, 413, 415, 422, 503) } },
      // Refuse before reading a byte of the body what can be refused from the headers alone.
      onRequest: async (request: FastifyRequest) => {
        if (mediaType(request.headers['content-type']) !== 'multipart/form-data') {
          throw new UnsupportedMediaTypeError(describeContentType(request.headers['content-type']));
        }
        const length = Number(request.headers['content-length']);
        if (length > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
          throw new FileTooLargeError(formatBytes(maxUploadBytes));
        }
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, fastify.store.stagingDir, maxUploadBytes);
      try {
        const id = newReportId();
        const fields = { id, fileName: upload.fileName, createdAt: new Date().toISOString(), bytes: upload.bytes };
        const outcome = await fastify.parser.parse({ path: upload.path, fields });
        if (!outcome.ok) {
          if (outcome.error.internal) request.log.error({ parserError: outcome.error.internal }, 'the parser failed');
          throw reportFormatError(outcome.error);
        }
        await fastify.store.create({
          id,
          sourcePath: upload.path,
          reportJsonGz: outcome.reportJsonGz,
          summary: outcome.summary,
        });
        // Its first screen's images, drawn in the background for the page's first visitor.
        fastify.firstScreen.warm(id);
        request.log.info({ reportId: id, bytes: upload.bytes }, 'report created');
        const url = `/r/${id}`;
        return reply.code(201).header('Location', url).send({ id, url });
      } finally {
        await rm(upload.path, { force: true });
      }
    },
  );

  fastify.get(
    '/api/reports/:id',
    { schema: { params: ReportParams, response: { 200: ReportJson, ...errors(404) } } },
    async (request, reply) => {
      const { id } = request.params;
      await fastify.rederive.ensureCurrent(id);
      const json = await fastify.store.openReportJsonGz(id);
      if (!json) throw new ReportNotFoundError();
      // The stored bytes were made by toReportJson to the ReportJson schema: streamed, never re-serialised.
      const raw = reply as FastifyReply;
      if (notModified(request, raw, validator(id, json))) {
        json.stream.destroy();
        return raw.code(304).send();
      }
      raw.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
      // Precomputed at upload: sent as stored to every client that takes gzip (all browsers do).
      if (acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
        return raw.header('Content-Encoding', 'gzip').header('Content-Length', json.size).send(json.stream);
      }
      const plain = pipeline(json.stream, createGunzip(), (err) => {
        if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          request.log.error({ err }, 'reading a stored report failed');
        }
      });
      return raw.send(plain);
    },
  );

  fastify.get(
    '/api/reports/:id/csv',
    { schema: { params: ReportParams, response: errors(404) } },
    async (request, reply) => {
      const { id } = request.params;
      const summary = await fastify.store.getSummary(id);
      const csv = summary && (await fastify.store.openCsv(id));
      if (!summary || !csv) throw new ReportNotFoundError();
      const raw = reply as FastifyReply;
      if (notModified(request, raw, validator(id, csv))) {
        csv.stream.destroy();
        return raw.code(304).send();
      }
      return raw
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', csvContentDisposition(summary.fileName))
        .header('Content-Length', csv.size)
        .send(csv.stream);
    },
  );
};

/** Reports never change once stored, but may be derived again by a newer parser: revalidate, cheaply. */
function validator(id: string, obj: StoredObject): string {
  return `W/"${id}-${obj.size.toString(36)}-${Math.floor(obj.mtimeMs).toString(36)}"`;
}

function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'no-cache');
  return etagMatches(request.headers['if-none-match'], etag);
}

export default reports;
