/**
 * The pages of the web app: `/` (upload), `/r/:id` (a report, the `url` POST /api/reports returns) and
 * `/compare?ids=…` (runs side by side, its `compareUrl`) are index.html; the SPA routes on the client. An id that is malformed or unknown still gets the app (which
 * shows "not found"), with status 404 so that link checkers see it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isReportId } from '../store/report-id.js';

const pages: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/', async (_request, reply) => fastify.webApp.sendIndex(reply));
  // The compare page checks its runs itself (and says which id is wrong), like a report page its id.
  fastify.get('/compare', async (_request, reply) => fastify.webApp.sendIndex(reply));

  fastify.get(
    '/r/:id',
    { schema: { params: Type.Object({ id: Type.String() }) } },
    async (request, reply) => {
      const known = isReportId(request.params.id) && (await fastify.store.has(request.params.id));
      return fastify.webApp.sendIndex(reply, known ? 200 : 404);
    },
  );
};

export default pages;
