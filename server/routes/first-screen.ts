/**
 * GET /r/:id/first-screen/:name — a PNG of a report page's first screen (server/render/first-screen.ts,
 * docs/ui-contract.md §21), or the data of its early charts (`NAME.cols`: the column encoding, sent gzipped
 * as made to clients that take gzip), named in the page's HTML. Served from memory while that first screen is cached
 * (plugins/first-screen.ts); else, or when the report is gone, 404. A name is the image's content hash, so
 * the browser may keep it for good.
 * GET /compare/first-screen/:name — the same for a compare page's first screen (plugins/compare-first-screen.ts):
 * 404 too once any report it shows is gone.
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ApiError, CompareFirstScreenFileParams, FirstScreenFileParams } from '../../shared/api/schemas.js';
import { COLUMNAR_MEDIA_TYPE } from '../../shared/report/columnar-codec.js';
import { ReportNotFoundError, RouteNotFoundError } from '../errors.js';
import { acceptsEncoding } from '../http-utils.js';

const IMMUTABLE = 'private, max-age=31536000, immutable';

const firstScreenFiles: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/r/:id/first-screen/:name',
    { schema: { params: FirstScreenFileParams, response: { 400: ApiError, 404: ApiError } } },
    async (request, reply) => {
      const { id, name } = request.params;
      const file = fastify.firstScreen.file(id, name);
      if (!file) throw new RouteNotFoundError(`GET ${request.url.slice(0, 200)} (a first-screen file no longer kept)`);
      // A deleted report's images go with it at once, as its page does.
      if (!(await fastify.store.has(id))) throw new ReportNotFoundError();
      if (!name.endsWith('.cols')) return sendPng(reply as FastifyReply, file);
      const raw = (reply as FastifyReply).type(COLUMNAR_MEDIA_TYPE).header('Cache-Control', IMMUTABLE).header('Vary', 'Accept-Encoding');
      if (acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
        return raw.header('Content-Encoding', 'gzip').send(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
      }
      return raw.send(gunzipSync(file));
    },
  );

  fastify.get(
    '/compare/first-screen/:name',
    { schema: { params: CompareFirstScreenFileParams, response: { 400: ApiError, 404: ApiError } } },
    async (request, reply) => {
      const file = fastify.compareFirstScreen.file(request.params.name);
      if (!file) throw new RouteNotFoundError(`GET ${request.url.slice(0, 200)} (a first-screen image no longer kept)`);
      for (const id of file.ids) if (!(await fastify.store.has(id))) throw new ReportNotFoundError();
      return sendPng(reply as FastifyReply, file.png);
    },
  );
};

/** PNG bytes, not the JSON the schema describes for errors. */
function sendPng(reply: FastifyReply, png: Uint8Array): FastifyReply {
  return reply.type('image/png').header('Cache-Control', IMMUTABLE).send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
}

export default firstScreenFiles;
