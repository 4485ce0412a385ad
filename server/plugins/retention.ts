/**
 * RETENTION_DAYS: reports stored longer ago than that are deleted, at start and every SWEEP_INTERVAL_MS.
 * A deleted report is gone for readers at once (store.delete) and its link answers 404.
 */
import fp from 'fastify-plugin';
import { SWEEP_INTERVAL_MS } from '../../shared/limits.js';
import type { ReportStore } from '../store/report-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  /** 0: reports are kept for ever. */
  retentionDays: number;
}

/** Delete every report stored before `beforeMs`; returns the ids of those it deleted. */
export async function deleteOlderThan(store: ReportStore, beforeMs: number): Promise<string[]> {
  const freed: string[] = [];
  const old: string[] = [];
  for await (const info of store.list()) if (info.createdAtMs < beforeMs) old.push(info.id);
  for (const id of old) if (await store.delete(id)) freed.push(id);
  return freed;
}

export default fp<RetentionOptions>(
  async function retention(fastify, opts) {
    if (opts.retentionDays <= 0) return;
    const sweep = async () => {
      const freed = await deleteOlderThan(fastify.store, Date.now() - opts.retentionDays * DAY_MS);
      for (const id of freed) fastify.storageUsage.removed(id);
      if (freed.length > 0) fastify.log.info({ deleted: freed.length, retentionDays: opts.retentionDays }, 'retention: old reports deleted');
    };
    const run = () => sweep().catch((err: unknown) => fastify.log.error({ err }, 'the retention sweep failed'));
    await run();
    // run() logs its own failure, so the timer's tick need not wait for it.
    const timer = setInterval(() => void run(), SWEEP_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'retention', fastify: '5.x', dependencies: ['store', 'storage-usage'] },
);
