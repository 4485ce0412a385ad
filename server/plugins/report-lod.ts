/**
 * `fastify.reportLod`: reports in the page's column encoding (GET /api/reports/:id/lod; big runs reduced,
 * shared/report/lod.ts), gzipped. Made from the stored ReportJson in the worker pool — after an upload
 * (`warm`), or on the first request — and kept in memory, least recently used out first, up to
 * LOD_CACHE_BYTES: derived data, so a restart only costs making it again. Keyed by the stored JSON's
 * validator, so a report derived again by a newer parser gets a new one. Concurrent requests share one job.
 */
import { buffer } from 'node:stream/consumers';
import fp from 'fastify-plugin';
import { LOD_CACHE_BYTES } from '../../shared/limits.js';
import { WeightedLru } from '../compare/lru.js';
import type { StoredObject } from '../store/report-store.js';

export interface EncodedLod {
  gz: Uint8Array;
  /** Weak validator: the stored report's. */
  etag: string;
}

export interface ReportLods {
  /** The report's encoded level of detail; null when there is no such report. */
  get(id: string): Promise<EncodedLod | null>;
  /** Make it in the background (after an upload). */
  warm(id: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportLod: ReportLods;
  }
}

/** The stored report's version, as a weak ETag (as routes/reports.ts makes for the JSON). */
export function storedValidator(id: string, obj: StoredObject): string {
  return `W/"${id}-${obj.size.toString(36)}-${Math.floor(obj.mtimeMs).toString(36)}-lod"`;
}

export default fp(
  async function reportLod(fastify) {
    const cache = new WeightedLru<string, EncodedLod>(LOD_CACHE_BYTES);
    const inFlight = new Map<string, Promise<EncodedLod | null>>();

    async function make(id: string): Promise<EncodedLod | null> {
      await fastify.rederive.ensureCurrent(id);
      const stored = await fastify.store.openReportJsonGz(id);
      if (!stored) return null;
      const etag = storedValidator(id, stored);
      const cached = cache.get(id);
      if (cached?.etag === etag) {
        stored.stream.destroy();
        return cached;
      }
      const gz = await fastify.parser.encodeLod({ reportJsonGz: new Uint8Array(await buffer(stored.stream)) });
      const made = { gz, etag };
      cache.set(id, made, gz.byteLength);
      return made;
    }

    const get = (id: string): Promise<EncodedLod | null> => {
      let work = inFlight.get(id);
      if (!work) {
        work = make(id).finally(() => inFlight.delete(id));
        inFlight.set(id, work);
      }
      return work;
    };

    fastify.decorate('reportLod', {
      get,
      warm(id) {
        get(id).catch((err: unknown) => fastify.log.warn({ reportId: id, err }, 'level of detail not made'));
      },
    } satisfies ReportLods);
  },
  { name: 'report-lod', fastify: '5.x', dependencies: ['parser-pool', 'store', 'rederive'] },
);
