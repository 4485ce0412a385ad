/**
 * Leftovers under the store's staging directory (uploads and reports being written when the process was
 * killed): all of them are removed at start, whatever their age, before the server takes a connection — no
 * upload of this process can own one yet (one server process per staging directory, as per DATA_DIR). Then
 * every SWEEP_INTERVAL_MS, entries older than STAGING_MAX_AGE_MS: a live upload is older than that never,
 * since its body must arrive within the request timeout (2 min), its wait in the parse queue and its parse
 * are bounded (queue length × PARSE_TIMEOUT_SECONDS), and storing it takes seconds.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { STAGING_MAX_AGE_MS, SWEEP_INTERVAL_MS } from '../../shared/limits.js';

/** Remove entries of `dir` last modified before `olderThanMs` (epoch ms); returns how many were removed. */
export async function sweepStaging(dir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    try {
      if ((await stat(path)).mtimeMs < olderThanMs) {
        await rm(path, { recursive: true, force: true });
        removed++;
      }
    } catch {
      // Gone meanwhile (its upload finished): nothing to do.
    }
  }
  return removed;
}

export default fp(
  async function stagingSweep(fastify) {
    const dir = fastify.store.stagingDir;
    const atStart = await sweepStaging(dir, Infinity);
    if (atStart > 0) fastify.log.info({ removed: atStart }, 'removed staging leftovers of an earlier run');
    const timer = setInterval(() => {
      sweepStaging(dir, Date.now() - STAGING_MAX_AGE_MS).then(
        (n) => n > 0 && fastify.log.info({ removed: n }, 'removed stale staging entries'),
        (err: unknown) => fastify.log.error({ err }, 'sweeping the staging directory failed'),
      );
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'staging-sweep', fastify: '5.x', dependencies: ['store'] },
);
