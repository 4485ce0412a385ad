/**
 * `fastify.rederive.ensureCurrent(id)`: a stored report derived by an older parser (summary.parserVersion
 * below PARSER_VERSION) is derived again from its CSV, the source of truth, before it is served — so a
 * parser fix reaches every old link. Once per report and version; concurrent readers wait for the same
 * work. If the new parser refuses the file, the old derivation stays and is served.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import { PARSER_VERSION } from '../../shared/dstat/parse-dstat.js';
import { keepDeleteToken } from '../upload/delete-token.js';

export interface Rederiver {
  ensureCurrent(id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rederive: Rederiver;
  }
}

export default fp(
  async function rederive(fastify) {
    const { store, parser, log } = fastify;
    const inFlight = new Map<string, Promise<void>>();

    async function derive(id: string): Promise<void> {
      const summary = await store.getSummary(id);
      if (!summary || summary.parserVersion === PARSER_VERSION) return;
      const csv = await store.openCsv(id);
      if (!csv) return;
      const path = join(store.stagingDir, `rederive-${randomUUID()}`);
      try {
        await pipeline(csv.stream, createWriteStream(path, { flags: 'wx' }));
        const { fileName, createdAt, bytes } = summary;
        const outcome = await parser.parse({ path, fields: { id, fileName, createdAt, bytes } });
        if (!outcome.ok) {
          log.warn({ reportId: id, error: outcome.error }, 'parser %d refuses a stored report; keeping its old derivation', PARSER_VERSION);
          return;
        }
        await store.replaceDerived(id, outcome.reportJsonGz, keepDeleteToken(outcome.summary, summary));
        log.info({ reportId: id, from: summary.parserVersion ?? 0, to: PARSER_VERSION }, 'report derived again');
      } finally {
        await rm(path, { force: true });
      }
    }

    fastify.decorate('rederive', {
      async ensureCurrent(id: string): Promise<void> {
        let work = inFlight.get(id);
        if (!work) {
          work = derive(id).finally(() => inFlight.delete(id));
          inFlight.set(id, work);
        }
        try {
          await work;
        } catch (err) {
          log.error({ err, reportId: id }, 'deriving a stored report again failed; serving the stored one');
        }
      },
    } satisfies Rederiver);
  },
  { name: 'rederive', fastify: '5.x', dependencies: ['store', 'parser-pool'] },
);
