/**
 * The built web app (Vite output in dist/web) through @fastify/static: `fastify.webApp`.
 *
 * Hashed files under /assets/ are cached for a year as immutable; index.html is `no-cache` (always
 * revalidated, so a new deploy is picked up); other root files (favicon…) for an hour. Scripts and stylesheets
 * are sent as the build compressed them (`.br`, `.gz` beside them, web/vite.early-load.ts) to a client that
 * takes that encoding: no compression per request. Source maps (`*.map`,
 * which the build writes beside its scripts) are never served: they would hand out the source. Without a
 * build the server still starts, says so once in the log, and serves the API alone.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { WebAppNotBuiltError } from '../errors.js';

export interface WebApp {
  /** True when dist/web/index.html exists. */
  available: boolean;
  /** Send index.html (the SPA decides what to show) with this status. */
  sendIndex(reply: FastifyReply, statusCode?: number): FastifyReply;
  /** index.html's text (read once), for pages that add to it (routes/pages.ts). */
  indexHtml(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webApp: WebApp;
  }
}

export interface StaticPluginOptions {
  /** The Vite build output; null for no web app. */
  webDir: string | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A source map's path (`/assets/index-AbC123.js.map`), whatever its case. */
export function isSourceMap(pathName: string): boolean {
  return /\.map$/i.test(pathName);
}

export default fp<StaticPluginOptions>(
  async function staticFiles(fastify, opts) {
    const webDir = opts.webDir ? resolve(opts.webDir) : null;
    if (!webDir || !existsSync(join(webDir, 'index.html'))) {
      fastify.log.warn(
        { webDir },
        'web app not built (no index.html): serving the API only; run `npm run build:web` for the web app',
      );
      fastify.decorate('webApp', {
        available: false,
        sendIndex(_reply: FastifyReply): FastifyReply {
          throw new WebAppNotBuiltError();
        },
        indexHtml(): Promise<string> {
          throw new WebAppNotBuiltError();
        },
      } satisfies WebApp);
      return;
    }

    const assetsDir = join(webDir, 'assets') + sep;
    let index: Promise<string> | undefined;
    await fastify.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      preCompressed: true,
      // A dot file in the build (a stray .env, .git) is not there for the client: with `wildcard`, the files
      // are looked up per request by `send`, whose default would serve it (serveDotFiles only filters the
      // start-up listing). 'ignore': answered as a missing file, by the not-found handler.
      dotfiles: 'ignore',
      // Source maps are for the developers' own tools: answered as a missing file, by the not-found handler.
      allowedPath: (pathName) => !isSourceMap(pathName),
      cacheControl: false,
      setHeaders(res, path) {
        if (path.startsWith(assetsDir)) res.setHeader('Cache-Control', IMMUTABLE);
        else if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
    fastify.log.info({ webDir }, 'serving the web app');

    // The app's page as text, for answers with another status than 200 (a report not found): @fastify/static
    // answers a request whose If-None-Match matches the file's ETag with an empty body whatever the status,
    // and a browser revalidating a page it had cached (a report deleted since) showed its own error page.
    const errorPage = await readFile(join(webDir, 'index.html'), 'utf8').catch(() => null);
    fastify.decorate('webApp', {
      available: true,
      sendIndex(reply: FastifyReply, statusCode = 200): FastifyReply {
        if (statusCode === 200 || errorPage === null) return reply.code(statusCode).sendFile('index.html');
        return reply.code(statusCode).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(errorPage);
      },
      indexHtml(): Promise<string> {
        index ??= readFile(join(webDir, 'index.html'), 'utf8');
        return index;
      },
    } satisfies WebApp);
  },
  { name: 'static', fastify: '5.x' },
);
