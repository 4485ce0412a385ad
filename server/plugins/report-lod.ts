/**
 * `fastify.reportLod`: reports in the page's column encoding (GET /api/reports/:id/lod; big runs reduced,
 * shared/report/lod.ts), gzipped. Made by the parse of the upload (`put`), or from the stored ReportJson in
 * the worker pool on the first request after a restart or an eviction; kept in memory, least recently used
 * out first, up to LOD_CACHE_BYTES: derived data, so a restart only costs making it again. A report derived
 * again by a newer parser gets a new one (entries carry the parser version). Concurrent requests share one
 * job.
 */
import { buffer } from 'node:stream/consumers';
import fp from 'fastify-plugin';
import { PARSER_VERSION } from '../../shared/dstat/parse-dstat.js';
import { LOD_CACHE_BYTES } from '../../shared/limits.js';
import { WeightedLru } from '../compare/lru.js';

export interface EncodedLod {
  gz: Uint8Array;
  /** Weak validator: report, parser version and size. */
  etag: string;
}

export interface ReportLods {
  /** The report's encoded level of detail; null when there is no such report. `client`: whose read it is. */
  get(id: string, client?: string | null): Promise<EncodedLod | null>;
  /** Keep one made by the upload's parse (server/parse-worker.ts). */
  put(id: string, gz: Uint8Array): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportLod: ReportLods;
  }
}

function encoded(id: string, gz: Uint8Array): EncodedLod {
  return { gz, etag: `W/"${id}-lod-${PARSER_VERSION}-${gz.byteLength.toString(36)}"` };
}

export default fp(
  async function reportLod(fastify) {
    const cache = new WeightedLru<string, EncodedLod>(LOD_CACHE_BYTES);
    const inFlight = new Map<string, Promise<EncodedLod | null>>();

    async function make(id: string, client: string | null): Promise<EncodedLod | null> {
      // Current derivation first (as GET /api/reports/:id), then what is kept of it.
      await fastify.rederive.ensureCurrent(id);
      if (!(await fastify.store.has(id))) {
        cache.delete(id);
        return null;
      }
      const cached = cache.get(id);
      if (cached) return cached;
      const stored = await fastify.store.openReportJsonGz(id);
      if (!stored) return null;
      const made = encoded(id, await fastify.parser.encodeLod({ reportJsonGz: new Uint8Array(await buffer(stored.stream)) }, client));
      cache.set(id, made, made.gz.byteLength);
      return made;
    }

    fastify.decorate('reportLod', {
      get(id, client = null) {
        let work = inFlight.get(id);
        if (!work) {
          work = make(id, client).finally(() => inFlight.delete(id));
          inFlight.set(id, work);
        }
        return work;
      },
      put(id, gz) {
        cache.set(id, encoded(id, gz), gz.byteLength);
      },
    } satisfies ReportLods);
  },
  { name: 'report-lod', fastify: '5.x', dependencies: ['parser-pool', 'store', 'rederive'] },
);
