/**
 * The pages of the web app: `/` (upload), `/r/:id` (a report, the `url` POST /api/reports returns) and
 * `/compare?ids=…` (runs side by side, its `compareUrl`) are index.html; the SPA routes on the client. An id that is malformed or unknown still gets the app (which
 * shows "not found"), with status 404 so that link checkers see it.
 *
 * A report page carries its first screen as images when they are ready (plugins/first-screen.ts,
 * docs/ui-contract.md §11): shown before the app has loaded, replaced by the interactive charts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isReportId } from '../store/report-id.js';

const ROOT = '<div id="root"></div>';

const pages: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/', async (_request, reply) => fastify.webApp.sendIndex(reply));
  // The compare page checks its runs itself (and says which id is wrong), like a report page its id.
  fastify.get('/compare', async (_request, reply) => fastify.webApp.sendIndex(reply));

  fastify.get(
    '/r/:id',
    { schema: { params: Type.Object({ id: Type.String() }) } },
    async (request, reply) => {
      const { id } = request.params;
      const known = isReportId(id) && (await fastify.store.has(id));
      if (!known || !fastify.webApp.available) return fastify.webApp.sendIndex(reply, known ? 200 : 404);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const firstScreen = fastify.firstScreen.html(id, query);
      const index = await fastify.webApp.indexHtml();
      if (!firstScreen || !index.includes(ROOT)) return fastify.webApp.sendIndex(reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(index.replace(ROOT, firstScreen + ROOT));
    },
  );
};

export default pages;
