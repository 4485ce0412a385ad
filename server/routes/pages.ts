/**
 * The pages of the web app: `/` (upload), `/r/:id` (a report, the `url` POST /api/reports returns) and
 * `/compare?ids=…` (runs side by side, its `compareUrl`) are index.html; the SPA routes on the client. An id that is malformed or unknown still gets the app (which
 * shows "not found"), with status 404 so that link checkers see it.
 *
 * A report page and a compare page carry their first screen as images when they are ready
 * (plugins/first-screen.ts, plugins/compare-first-screen.ts, docs/ui-contract.md §21): shown before the app
 * has loaded, replaced by the interactive charts. A report page's first screen also names the small data its
 * early charts draw from (shared/report/first-screen-columns.ts), which its `<head>` preloads
 * (`<link rel="preload" as="fetch">`) so that it arrives with the images. The report's own data
 * (GET /api/reports/:id/lod, megabytes) is not preloaded: the page loads it in a Web Worker
 * (web/src/data/load-report.ts), off the main thread that paints the images.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isReportId } from '../store/report-id.js';

const ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';

const pages: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/', async (_request, reply) => fastify.webApp.sendIndex(reply));
  // The compare page checks its runs itself (and says which id is wrong), like a report page its id. It
  // carries its first screen as images when they are ready (plugins/compare-first-screen.ts, §21).
  fastify.get('/compare', async (request, reply) => {
    if (!fastify.webApp.available) return fastify.webApp.sendIndex(reply);
    const firstScreen = fastify.compareFirstScreen.html(queryOf(request.url));
    // A report deleted since its images were drawn: its images go with it.
    for (const id of firstScreen?.ids ?? []) if (!(await fastify.store.has(id))) return fastify.webApp.sendIndex(reply);
    return sendWithFirstScreen(reply, firstScreen?.html ?? null);
  });

  fastify.get(
    '/r/:id',
    { schema: { params: Type.Object({ id: Type.String() }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (isReportId(id) && fastify.live.has(id)) return fastify.webApp.sendIndex(reply);
      const known = isReportId(id) && (await fastify.store.has(id));
      if (!known && isReportId(id)) {
        // A live report of another replica (STORE=s3): the page, which reads it from here.
        await fastify.live.refresh(id);
        if (fastify.live.has(id)) return fastify.webApp.sendIndex(reply);
      }
      if (!known || !fastify.webApp.available) return fastify.webApp.sendIndex(reply, known ? 200 : 404);
      const markup = fastify.firstScreen.html(id, queryOf(request.url));
      return sendWithFirstScreen(reply, markup?.body ?? null, markup?.head);
    },
  );

  /** The app's page, with first-screen images over its top when there are some, and `head` in its head. */
  async function sendWithFirstScreen(reply: FastifyReply, firstScreen: string | null, head = ''): Promise<FastifyReply> {
    const index = await fastify.webApp.indexHtml();
    if ((!firstScreen && !head) || !index.includes(ROOT) || !index.includes(HEAD_END)) return fastify.webApp.sendIndex(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(index.replace(HEAD_END, () => head + HEAD_END).replace(ROOT, () => (firstScreen ?? '') + ROOT));
  }
};

/** A request URL's query, `?` included ('' without). */
function queryOf(url: string): string {
  return url.includes('?') ? url.slice(url.indexOf('?')) : '';
}

export default pages;
