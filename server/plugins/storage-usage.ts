/**
 * What the stored reports take: `fastify.storageUsage` (reports, bytes) for /metrics and MAX_STORAGE_BYTES.
 * Counted per report from the store's list() at start and again at every SWEEP_INTERVAL_MS (which corrects
 * for other writers), kept current in between by the upload, delete and retention paths. `bytes` is what
 * the reports cost the store (ReportStore: disk blocks for files, object sizes for a bucket), not the
 * lengths of the files: a tiny report on disk takes 16 KiB (a directory and three files of a block each).
 *
 * MAX_STORAGE_BYTES is a hard ceiling on stored + held bytes: an upload holds (reserve) what its report
 * will take before it is parsed, holds more once the parse has made the report's data (grow), and turns
 * what it held into stored bytes when the store has its report (stored); it gives back the rest whatever
 * happens (release). A reservation that would pass the limit is refused with 507 INSUFFICIENT_STORAGE, so
 * concurrent uploads cannot together store more than the limit. A deleted report gives back what it took.
 * Nothing stored is removed to make room: old reports go only by RETENTION_DAYS, an age announced in
 * advance, never because someone else uploaded: links people shared keep working.
 */
import fp from 'fastify-plugin';
import { SWEEP_INTERVAL_MS } from '../../shared/limits.js';
import { formatBytes, InsufficientStorageError } from '../errors.js';

/** Allocation unit assumed for estimates (file systems' usual block; the store then says the real figure). */
const BLOCK = 4096;

/** Bytes a file of `length` bytes takes, in whole blocks (one at least). */
export function blocksFor(length: number): number {
  return Math.max(1, Math.ceil(length / BLOCK)) * BLOCK;
}

/**
 * What a report will take at most before its data is made: its directory, its CSV (stored as uploaded) and
 * its summary (under a block). Its ReportJson is added once known (reportDataFootprint).
 */
export function reportFootprint(csvBytes: number): number {
  return BLOCK + blocksFor(csvBytes) + BLOCK;
}

/** What a report's ReportJson gzip of `length` bytes takes. */
export function reportDataFootprint(length: number): number {
  return blocksFor(length);
}

export interface StorageReservation {
  /** Hold `bytes` more; 507 when they do not fit (what is held stays held until release). */
  grow(bytes: number): void;
  /** Report `id` is stored and takes `bytes`: counted as stored, and that much less is held. */
  stored(id: string, bytes: number): void;
  /** Give back whatever is still held. Safe to call more than once. */
  release(): void;
}

export interface StorageUsage {
  readonly reports: number;
  /** Bytes the stored reports take. */
  readonly bytes: number;
  /** Bytes held for uploads in progress. */
  readonly reserved: number;
  /** Hold `bytes` for an upload; throws 507 when stored + held + `bytes` would pass MAX_STORAGE_BYTES. */
  reserve(bytes: number): StorageReservation;
  /** Report `id`, stored by someone else (a re-derivation, a test), takes `bytes`. */
  added(id: string, bytes: number): void;
  /** Report `id` was deleted: what it took is free again. */
  removed(id: string): void;
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
    /** Bytes per stored report. */
    let taken = new Map<string, number>();
    let bytes = 0;
    let reserved = 0;
    /** While a refresh lists the store: what changed meanwhile (null: deleted), applied over its count. */
    let changed: Map<string, number | null> | null = null;

    const set = (id: string, n: number | null) => {
      bytes -= taken.get(id) ?? 0;
      if (n === null) taken.delete(id);
      else {
        taken.set(id, n);
        bytes += n;
      }
      changed?.set(id, n);
    };

    const hold = (more: number) => {
      const limit = opts.maxStorageBytes;
      if (limit > 0 && bytes + reserved + more > limit) {
        throw new InsufficientStorageError(
          `its limit of ${formatBytes(limit)} for all reports is reached: ${formatBytes(bytes + reserved)} stored or being stored, ` +
            `this upload needs about ${formatBytes(more)} more`,
        );
      }
      reserved += more;
    };

    const usage: StorageUsage = {
      get reports() {
        return taken.size;
      },
      get bytes() {
        return bytes;
      },
      get reserved() {
        return reserved;
      },
      reserve(first: number): StorageReservation {
        hold(first);
        let held = first;
        return {
          grow(more) {
            hold(more);
            held += more;
          },
          stored(id, n) {
            set(id, n);
            const back = Math.min(held, n);
            held -= back;
            reserved -= back;
          },
          release() {
            reserved -= held;
            held = 0;
          },
        };
      },
      added(id, n) {
        set(id, n);
      },
      removed(id) {
        set(id, null);
      },
      async refresh() {
        const own = new Map<string, number | null>();
        changed = own;
        try {
          const fresh = new Map<string, number>();
          for await (const info of fastify.store.list()) fresh.set(info.id, info.bytes);
          for (const [id, n] of own) {
            if (n === null) fresh.delete(id);
            else fresh.set(id, n);
          }
          taken = fresh;
          bytes = [...fresh.values()].reduce((a, b) => a + b, 0);
        } finally {
          if (changed === own) changed = null;
        }
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
