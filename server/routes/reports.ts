/**
 * The reports API.
 *   POST /api/reports          multipart upload, field `file` (or dstat2graphs' `csv_file`, with its option
 *                              fields) → 201 {id, url, deleteToken} + Location; 303 to the page for Accept:
 *                              text/html; several files in the field (up to MAX_UPLOAD_FILES) → 201 {id, url,
 *                              deleteToken, reports, compareUrl} (303 to the compare page)
 *   GET  /api/reports/:id      the parsed report (ReportJson)
 *   GET  /api/reports/:id/lod  the report as the page draws it (routes/report-lod.ts)
 *   GET  /api/reports/:id/csv  the uploaded CSV, byte for byte (decompressed when uploaded as .csv.gz)
 * Status codes per case: see plugins/error-handler.ts.
 */
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreatedReport, ReportJson, ReportParams } from '../../shared/api/schemas.js';
import { errorResponses } from './error-responses.js';
import {
  FileTooLargeError,
  formatBytes,
  ReportNotFoundError,
  uploadFailureError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { acceptsEncoding, csvContentDisposition, describeContentType, etagMatches, mediaType } from '../http-utils.js';
import { MAX_UPLOAD_FILES } from '../../shared/limits.js';
import { MULTIPART_OVERHEAD_BYTES } from '../plugins/multipart.js';
import { reportDataFootprint, reportFootprint, type StorageReservation } from '../plugins/storage-usage.js';
import { newReportId } from '../store/report-id.js';
import type { StoredObject } from '../store/report-store.js';
import { newDeleteToken } from '../upload/delete-token.js';
import { uploadViewQuery, wantsHtml } from '../upload/d2g-fields.js';
import { plainCsvStream } from '../upload/gunzip.js';
import { receiveUploads } from '../upload/receive.js';

export interface ReportsRouteOptions {
  maxUploadBytes: number;
}

const reports: FastifyPluginAsyncTypebox<ReportsRouteOptions> = async (fastify, opts) => {
  const { maxUploadBytes } = opts;

  fastify.post(
    '/api/reports',
    {
      schema: { response: { 201: CreatedReport, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503, 507) } },
      config: { upload: true },
      // Refuse before reading a byte of the body what can be refused from the headers alone.
      onRequest: async (request: FastifyRequest) => {
        if (mediaType(request.headers['content-type']) !== 'multipart/form-data') {
          throw new UnsupportedMediaTypeError(describeContentType(request.headers['content-type']));
        }
        const length = Number(request.headers['content-length']);
        if (length > maxUploadBytes * MAX_UPLOAD_FILES + MULTIPART_OVERHEAD_BYTES) {
          throw new FileTooLargeError(formatBytes(maxUploadBytes));
        }
      },
    },
    async (request, reply) => {
      const uploads = await receiveUploads(request, fastify.store.stagingDir, maxUploadBytes);
      // Room for the reports is held from now (before parsing: refused at once when even the CSVs do not
      // fit), grown by their data once parsed, and given back unless stored (plugins/storage-usage.ts).
      let room: StorageReservation | null = null;
      try {
        room = fastify.storageUsage.reserve(uploads.reduce((sum, u) => sum + reportFootprint(u.bytes), 0));
        // The form's option fields are one set for the whole form.
        const query = uploadViewQuery(uploads[0]!.fields);
        // Every file is read before any is stored: a refused one leaves none of the others behind.
        const parsed = [];
        for (const upload of uploads) {
          const id = newReportId();
          const fields = { id, fileName: upload.fileName, createdAt: new Date().toISOString(), bytes: upload.bytes };
          const outcome = await fastify.parser.parse({ path: upload.path, fields });
          if (!outcome.ok) {
            if (outcome.error.internal) request.log.error({ parserError: outcome.error.internal }, 'the parser failed');
            // Of several files, say which one.
            const message = uploads.length > 1 ? `${upload.fileName}: ${outcome.error.message}` : outcome.error.message;
            throw uploadFailureError({ ...outcome.error, message });
          }
          parsed.push({ upload, id, outcome, deleteToken: newDeleteToken() });
        }
        room.grow(parsed.reduce((sum, p) => sum + reportDataFootprint(p.outcome.reportJsonGz.byteLength), 0));
        for (const { upload, id, outcome, deleteToken } of parsed) {
          const summary = { ...outcome.summary, deleteTokenSha256: deleteToken.sha256 };
          room.stored(id, await fastify.store.create({ id, sourcePath: upload.path, reportJsonGz: outcome.reportJsonGz, summary }));
          // The page's level of detail, made by the same parse: the page asks for it first.
          if (outcome.lodGz) fastify.reportLod.put(id, outcome.lodGz);
          request.log.info({ reportId: id, bytes: upload.bytes }, 'report created');
        }
        const created = parsed.map(({ upload, id, deleteToken }) => ({
          id,
          url: `/r/${id}`,
          fileName: upload.fileName,
          deleteToken: deleteToken.token,
        }));
        // Their first screens' images, drawn in the background for each page's first visitor.
        for (const c of created) fastify.firstScreen.warm(c.id);
        const { id, deleteToken } = created[0]!;
        const url = `/r/${id}${query}`;
        const compareUrl = created.length > 1 ? `/compare?ids=${created.map((c) => c.id).join(',')}` : null;
        // …and their compare page's, which the uploader opens next.
        if (compareUrl) fastify.compareFirstScreen.warm(created.map((c) => c.id));
        const location = compareUrl ?? url;
        if (wantsHtml(request.headers.accept)) return (reply as FastifyReply).code(303).header('Location', location).send();
        if (!compareUrl) return reply.code(201).header('Location', url).send({ id, url, deleteToken });
        return reply.code(201).header('Location', compareUrl).send({ id, url, deleteToken, reports: created, compareUrl });
      } finally {
        room?.release();
        await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
      }
    },
  );

  fastify.get(
    '/api/reports/:id',
    { schema: { params: ReportParams, response: { 200: ReportJson, ...errorResponses(404) } } },
    async (request, reply) => {
      const { id } = request.params;
      // A live report: what has come so far, never cached (server/live/).
      const live = fastify.live.snapshot(id);
      if (live) return (reply as FastifyReply).header('Cache-Control', 'no-store').send(live);
      await fastify.rederive.ensureCurrent(id);
      const json = await fastify.store.openReportJsonGz(id);
      if (!json) {
        // Maybe live on another replica (STORE=s3).
        await fastify.live.refresh(id);
        const other = fastify.live.snapshot(id);
        if (other) return (reply as FastifyReply).header('Cache-Control', 'no-store').send(other);
        throw new ReportNotFoundError();
      }
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
    { schema: { params: ReportParams, response: errorResponses(404) } },
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
      // A .csv.gz upload is kept as uploaded and served as the CSV it holds (length unknown until sent).
      const plain = await plainCsvStream(csv.stream);
      raw.type('text/csv; charset=utf-8').header('Content-Disposition', csvContentDisposition(summary.fileName));
      if (!plain.gzip) raw.header('Content-Length', csv.size);
      return raw.send(plain.stream);
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
