/**
 * What the stored reports take: `fastify.storageUsage` (reports, bytes) for /metrics and MAX_STORAGE_BYTES.
 * Counted from the store's list() at start and again at every SWEEP_INTERVAL_MS (which corrects for other
 * writers and for estimates), kept current in between by the upload and delete routes.
 *
 * MAX_STORAGE_BYTES is a hard ceiling: an upload that would pass it is refused with 507
 * INSUFFICIENT_STORAGE, and nothing stored is removed to make room. Old reports go only by RETENTION_DAYS,
 * an age announced in advance, never because someone else uploaded: links people shared keep working.
 */
import fp from 'fastify-plugin';
import { SWEEP_INTERVAL_MS } from '../../shared/limits.js';
import { formatBytes, InsufficientStorageError } from '../errors.js';

export interface StorageUsage {
  readonly reports: number;
  readonly bytes: number;
  /** Throws 507 when `bytes` more would pass MAX_STORAGE_BYTES. */
  ensureRoom(bytes: number): void;
  added(bytes: number): void;
  removed(bytes: number): void;
  /** Count again from the store. */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storageUsage: StorageUsage;
  }
}

export interface StorageUsageOptions {
  /** 0: no limit. */
  maxStorageBytes: number;
}

export default fp<StorageUsageOptions>(
  async function storageUsage(fastify, opts) {
    let reports = 0;
    let bytes = 0;
    const usage: StorageUsage = {
      get reports() {
        return reports;
      },
      get bytes() {
        return bytes;
      },
      ensureRoom(more: number) {
        if (opts.maxStorageBytes > 0 && bytes + more > opts.maxStorageBytes) {
          throw new InsufficientStorageError(`its limit of ${formatBytes(opts.maxStorageBytes)} for all reports is reached`);
        }
      },
      added(more: number) {
        reports++;
        bytes += more;
      },
      removed(less: number) {
        reports = Math.max(0, reports - 1);
        bytes = Math.max(0, bytes - less);
      },
      async refresh() {
        let n = 0;
        let total = 0;
        for await (const info of fastify.store.list()) {
          n++;
          total += info.bytes;
        }
        reports = n;
        bytes = total;
      },
    };
    await usage.refresh();
    fastify.decorate('storageUsage', usage);
    const timer = setInterval(() => {
      usage.refresh().catch((err: unknown) => fastify.log.error({ err }, 'counting the stored reports failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'storage-usage', fastify: '5.x', dependencies: ['store'] },
);
