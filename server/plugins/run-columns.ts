/**
 * `fastify.runColumns.get(id)`: a stored report's runs as columns, for comparisons. Parsed from the stored
 * CSV (the source of truth) in the parser pool, then kept in memory (COMPARE_CACHE_BYTES, least recently
 * used out first), so that comparing the same reports again (another window, baseline or shift) costs
 * only the statistics. Concurrent requests for one report share one parse.
 */
import { buffer } from 'node:stream/consumers';
import fp from 'fastify-plugin';
import type { ReportSummary } from '../../shared/api/schemas.js';
import { COMPARE_CACHE_BYTES } from '../../shared/limits.js';
import { WeightedLru } from '../compare/lru.js';
import { columnBytes, type RunColumns } from '../compare/run-columns.js';
import { reportFormatError } from '../errors.js';
import { plainCsvStream } from '../upload/gunzip.js';

export interface StoredRuns {
  summary: ReportSummary;
  runs: RunColumns[];
}

export interface RunColumnsSource {
  /** Null when there is no such report. `client`: the address the read counts for (its share of the pool). */
  get(id: string, client?: string | null): Promise<StoredRuns | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    runColumns: RunColumnsSource;
  }
}

export default fp(
  async function runColumns(fastify) {
    const { store, parser } = fastify;
    const cache = new WeightedLru<string, RunColumns[]>(COMPARE_CACHE_BYTES);
    const inFlight = new Map<string, Promise<RunColumns[] | null>>();

    async function load(id: string, client: string | null): Promise<RunColumns[] | null> {
      const csv = await store.openCsv(id);
      if (!csv) return null;
      // A .csv.gz upload is stored as uploaded: read the CSV it holds.
      const plain = await plainCsvStream(csv.stream);
      const outcome = await parser.columns({ csv: new Uint8Array(await buffer(plain.stream)) }, client);
      // A stored report whose CSV this parser refuses: said as the upload would have been.
      if (!outcome.ok) throw reportFormatError(outcome.error);
      cache.set(id, outcome.runs, columnBytes(outcome.runs));
      return outcome.runs;
    }

    fastify.decorate('runColumns', {
      async get(id: string, client: string | null = null): Promise<StoredRuns | null> {
        // The summary each time: a report deleted since it was cached is gone for comparisons too.
        const summary = await store.getSummary(id);
        if (!summary) {
          cache.delete(id);
          return null;
        }
        let runs: RunColumns[] | null | undefined = cache.get(id);
        if (!runs) {
          let work = inFlight.get(id);
          if (!work) {
            work = load(id, client).finally(() => inFlight.delete(id));
            inFlight.set(id, work);
          }
          runs = await work;
        }
        return runs && { summary, runs };
      },
    } satisfies RunColumnsSource);
  },
  { name: 'run-columns', fastify: '5.x', dependencies: ['store', 'parser-pool'] },
);
