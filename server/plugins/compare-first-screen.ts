/**
 * The compare pages' first-screen images (server/render/compare-first-screen.ts): `fastify.compareFirstScreen`,
 * as plugins/first-screen.ts is for report pages. Drawn in the worker pool, in the background: after an
 * upload of several files for their compare page (`warm`), and on the first request of another view; a page
 * is served at once with what is ready (images, or none: the app draws its charts either way). Each view's
 * HTML and files are kept together in memory, least recently used first out, up to
 * COMPARE_FIRST_SCREEN_CACHE_BYTES; at most COMPARE_FIRST_SCREEN_DRAWS views are drawn at once, each after
 * COMPARE_FIRST_SCREEN_DRAW_DELAY_MS (the page that asked loads first: the images are for those after it). Derived data:
 * a restart only costs drawing them again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { compareQuery } from '../../shared/api/compare-ref.js';
import { COMPARE_FIRST_SCREEN_CACHE_BYTES, COMPARE_FIRST_SCREEN_DRAW_DELAY_MS, COMPARE_FIRST_SCREEN_DRAWS } from '../../shared/limits.js';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { Refusal, TaskPreempted } from '../admission/admission.js';
import { WeightedLru } from '../compare/lru.js';
import type { FirstScreenPage } from '../render/first-screen.js';

export interface CompareFirstScreens {
  /** The first screen's HTML for a `/compare` query, and the reports it shows, if it is ready; else starts drawing it. */
  html(query: string): { html: string; ids: string[] } | null;
  /** A PNG file named by a cached first screen, and the reports it shows (routes/first-screen.ts). */
  file(name: string): { png: Uint8Array; ids: string[] } | null;
  /** Draw the first screen of these reports' compare page (after an upload of several files). */
  warm(ids: readonly string[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    compareFirstScreen: CompareFirstScreens;
  }
}

/**
 * A view's cache key: its query in the page's own form (compareQuery) without what does not change the
 * images (the Δ table's sort); null for a query the page refuses (it says why itself) and for the hosts
 * layout (no images of it are drawn).
 */
export function compareViewKey(query: string): { key: string; ids: string[] } | null {
  const view = parseCompareView(query);
  // The hosts layout stacks a panel per run: the overlay's images are not its first screen.
  if (view.error || view.layout === 'hosts') return null;
  return { key: compareQuery({ ...view, sort: 'change' }), ids: reportIds(view) };
}

export interface CompareFirstScreenOptions {
  /** Wait before drawing, ms (default COMPARE_FIRST_SCREEN_DRAW_DELAY_MS). */
  drawDelayMs?: number;
}

export default fp<CompareFirstScreenOptions>(
  async function compareFirstScreens(fastify, opts) {
    interface Entry extends FirstScreenPage {
      ids: string[];
    }
    const cache = new WeightedLru<string, Entry>(COMPARE_FIRST_SCREEN_CACHE_BYTES);
    const pending = new Set<string>();

    // Waits end with the server (a test's app, a restart): nothing is drawn after close.
    const closing = new AbortController();
    fastify.addHook('onClose', async () => closing.abort());

    const draw = (key: string, ids: string[]): void => {
      if (pending.has(key) || pending.size >= COMPARE_FIRST_SCREEN_DRAWS) return;
      pending.add(key);
      void (async () => {
        try {
          await sleep(opts.drawDelayMs ?? COMPARE_FIRST_SCREEN_DRAW_DELAY_MS, undefined, { signal: closing.signal, ref: false });
          // As the page loads them: the reports' level of detail (kept after the upload's parse).
          const reports = [];
          for (const id of ids) {
            const lod = await fastify.reportLod.get(id);
            if (!lod) return;
            reports.push({ id, lodGz: lod.gz });
          }
          const page = await fastify.parser.renderCompareFirstScreen({ reports, query: key });
          let bytes = page.html.length;
          for (const png of page.files.values()) bytes += png.byteLength;
          cache.set(key, { ...page, ids }, bytes);
        } catch (err) {
          if (err instanceof Refusal || err instanceof TaskPreempted) fastify.log.debug({ reportIds: ids }, 'compare first-screen images dropped: the pool is busy');
          else if (!closing.signal.aborted) fastify.log.warn({ reportIds: ids, err }, 'compare first-screen images not drawn');
        } finally {
          pending.delete(key);
        }
      })();
    };

    fastify.decorate('compareFirstScreen', {
      html(query) {
        const view = compareViewKey(query);
        if (!view) return null;
        const entry = cache.get(view.key);
        if (entry) return { html: entry.html, ids: entry.ids };
        draw(view.key, view.ids);
        return null;
      },
      file(name) {
        // ~10 views at most: a scan costs microseconds.
        for (const entry of cache.values()) {
          const png = entry.files.get(name);
          if (png) return { png, ids: entry.ids };
        }
        return null;
      },
      warm(ids) {
        const view = compareViewKey(`?ids=${ids.join(',')}`);
        if (view) draw(view.key, view.ids);
      },
    } satisfies CompareFirstScreens);
  },
  { name: 'compare-first-screen', fastify: '5.x', dependencies: ['parser-pool', 'report-lod'] },
);
