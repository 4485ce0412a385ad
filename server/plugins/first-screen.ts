/**
 * The report pages' first-screen images (server/render/first-screen.ts): `fastify.firstScreen`.
 *
 * Drawn in the worker pool, in the background, best-effort (server/admission/): only on an idle pool, and
 * given up the moment an upload or a read needs the thread. A view given up is drawn again when the pool
 * falls idle (the FIRST_SCREEN_RETRIES most recent, oldest first: after a burst of uploads the first one's
 * images come first), or on its next request.
 * Drawn after an upload the default view's first screen (`warm`),
 * on the first request of a page every chart of its view (up to PAGE_IMAGE_CHARTS; the default view's too,
 * then); a page is served at once with what is ready (images, or none: the app draws its charts either way). Each view's HTML and the PNG files it names are kept together in
 * memory, least recently used first out, up to FIRST_SCREEN_CACHE_BYTES; derived data, so a restart only
 * costs drawing them again. A file asked for after its view left the cache is not found (404): the page
 * then drops its images (web/src/first-screen.ts) and shows the app's charts.
 */
import fp from 'fastify-plugin';
import { FIRST_SCREEN_CACHE_BYTES, FIRST_SCREEN_RETRIES, FIRST_SCREEN_VIEWS_PER_REPORT, PAGE_IMAGE_CHARTS } from '../../shared/limits.js';
import { FIRST_SCREEN_CHARTS } from '../../shared/view/first-screen.js';
import { parseViewState } from '../../shared/view/view-state.js';
import { Refusal, TaskPreempted } from '../admission/admission.js';
import { firstScreenViewKey, type FirstScreenPage } from '../render/first-screen.js';

/** What a report page carries of its first screen: markup over the page, and what its `<head>` gets. */
export interface FirstScreenMarkup {
  body: string;
  /** The preload of the early charts' data, or ''. */
  head: string;
}

export interface FirstScreens {
  /** The first screen's markup for a report and a URL query if it is ready; else starts drawing it. */
  html(id: string, query: string): FirstScreenMarkup | null;
  /** A file (PNG image, or the early charts' data) named by a first screen of the report that is cached (routes/first-screen.ts). */
  file(id: string, name: string): Uint8Array | null;
  /** Draw the default view's first screen (after an upload); its other charts on the page's first request. */
  warm(id: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    firstScreen: FirstScreens;
  }
}

export default fp(
  async function firstScreens(fastify) {
    interface Entry extends FirstScreenPage {
      id: string;
      bytes: number;
      /** Charts asked for: the first screen's after an upload, every one's once the page is asked for. */
      charts: number;
    }
    /** Key: report id + view key; in the order of use, least recent first. */
    const cache = new Map<string, Entry>();
    /** Views being drawn: key → report id. */
    const pending = new Map<string, string>();
    /** Views given up on a busy pool, to draw when it falls idle: key → what to draw; oldest first. */
    const retries = new Map<string, { id: string; query: string; charts: number }>();
    fastify.parser.admission.whenIdle(() => {
      const first = retries.entries().next();
      if (first.done) return;
      const [key, r] = first.value;
      retries.delete(key);
      // Drawn as any background work: given up again if an upload or a read comes first.
      if (!cache.has(key) || cache.get(key)!.charts < r.charts) draw(r.id, r.query, key, r.charts);
    });
    let bytes = 0;

    /** Views of a report kept or being drawn. A scan, but only on a miss (a draw follows, of 0.2 s or more). */
    const viewsOf = (id: string): number => {
      let n = 0;
      for (const entry of cache.values()) if (entry.id === id) n++;
      for (const owner of pending.values()) if (owner === id) n++;
      return n;
    };

    const put = (key: string, id: string, page: FirstScreenPage, charts: number): void => {
      const old = cache.get(key);
      if (old) bytes -= old.bytes;
      cache.delete(key);
      let size = page.html.length + page.head.length;
      for (const png of page.files.values()) size += png.byteLength;
      cache.set(key, { ...page, id, bytes: size, charts });
      bytes += size;
      for (const [k, v] of cache) {
        if (bytes <= FIRST_SCREEN_CACHE_BYTES) break;
        cache.delete(k);
        bytes -= v.bytes;
      }
    };

    const draw = (id: string, query: string, key: string, charts: number): void => {
      if (pending.has(key)) return;
      // A bounded number of views per report at a time: a crawler of URL variants cannot fill the pool or
      // the cache (a view kept with the first screen only is drawn again in full: it counts once). A view that
      // has left the cache is drawn again on its next request.
      if (viewsOf(id) - (cache.has(key) ? 1 : 0) >= FIRST_SCREEN_VIEWS_PER_REPORT) return;
      pending.set(key, id);
      void (async () => {
        try {
          const stored = await fastify.store.openReportJsonGz(id);
          if (!stored) return;
          const chunks: Buffer[] = [];
          for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
          put(key, id, await fastify.parser.renderFirstScreen({ id, reportJsonGz: Buffer.concat(chunks), query, charts }), charts);
        } catch (err) {
          // Background work: dropped on a busy pool, or stopped for an upload or a read (server/admission/).
          if (err instanceof Refusal || err instanceof TaskPreempted) {
            fastify.log.debug({ reportId: id }, 'first-screen images dropped: the pool is busy');
            retries.delete(key);
            retries.set(key, { id, query, charts });
            for (const k of retries.keys()) {
              if (retries.size <= FIRST_SCREEN_RETRIES) break;
              retries.delete(k);
            }
          }
          else fastify.log.warn({ reportId: id, err }, 'first-screen images not drawn');
        } finally {
          pending.delete(key);
        }
      })();
    };

    fastify.decorate('firstScreen', {
      html(id, query) {
        const view = firstScreenViewKey(parseViewState(query));
        const key = `${id}${view}`;
        const entry = cache.get(key);
        if (entry !== undefined) {
          cache.delete(key);
          cache.set(key, entry);
          // Drawn at upload with the first screen only: someone reads the page, every chart follows.
          if (entry.charts < PAGE_IMAGE_CHARTS) draw(id, view, key, PAGE_IMAGE_CHARTS);
          return { body: entry.html, head: entry.head };
        }
        draw(id, view, key, PAGE_IMAGE_CHARTS);
        return null;
      },
      file(id, name) {
        // A few views per report, a few hundred entries at most: a scan costs microseconds.
        for (const entry of cache.values()) {
          const file = entry.id === id ? entry.files.get(name) : undefined;
          if (file) return file;
        }
        return null;
      },
      warm(id) {
        // The first screen only: an upload costs the pool what it did before the images of every chart
        // (a few uploads a second in a fuzz or a crowd would otherwise keep it drawing pages nobody opened).
        draw(id, '', id, FIRST_SCREEN_CHARTS);
      },
    } satisfies FirstScreens);
  },
  { name: 'first-screen', fastify: '5.x', dependencies: ['parser-pool', 'store'] },
);
