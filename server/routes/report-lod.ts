/**
 * GET /api/reports/:id/lod — the report in the page's column encoding, big runs reduced to their level of
 * detail (shared/api/schemas.ts ReportLodParams says what it holds). Made once per stored report and kept
 * (plugins/report-lod.ts); sent gzipped as made to clients that take gzip (all browsers do).
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ReportLodParams } from '../../shared/api/schemas.js';
import { COLUMNAR_MEDIA_TYPE } from '../../shared/report/columnar-codec.js';
import { ReportNotFoundError } from '../errors.js';
import { acceptsEncoding, etagMatches } from '../http-utils.js';

const reportLod: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/api/reports/:id/lod',
    { schema: { params: ReportLodParams, response: { 404: ApiError } } },
    async (request, reply) => {
      // A live report's: what has come so far (server/live/).
      const { id } = request.params;
      let lod = fastify.live.snapshotLod(id) ?? (await fastify.reportLod.get(id, request.ip));
      if (!lod) {
        // Maybe live on another replica (STORE=s3).
        await fastify.live.refresh(id);
        lod = fastify.live.snapshotLod(id);
      }
      if (!lod) throw new ReportNotFoundError();
      const raw = reply as FastifyReply;
      raw.header('ETag', lod.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], lod.etag)) return raw.code(304).send();
      raw.type(COLUMNAR_MEDIA_TYPE);
      if (acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
        return raw.header('Content-Encoding', 'gzip').send(Buffer.from(lod.gz.buffer, lod.gz.byteOffset, lod.gz.byteLength));
      }
      return raw.send(gunzipSync(lod.gz));
    },
  );
};

export default reportLod;
