/**
 * Admission and reuse of exports (ZIP, offline HTML), the server's costliest answers: making one parses
 * the whole stored report on this thread and draws every chart in the render threads.
 *
 *   - At most `maxConcurrent` exports are made at once; a request for one more is refused at once with
 *     503 EXPORTS_BUSY (+ Retry-After, by the error handler), before anything is read or parsed.
 *   - Requests for an export being made wait for that making (one parse, one set of charts for all of
 *     them) and take no place of their own.
 *   - A finished export is kept, whole, in a least-recently-used cache bounded by `cacheBytes`, and served
 *     from it until it is pushed out; the key names the report's derivation (parser version), so a report
 *     derived again is exported again. The routes look the report up before they use the cache, so a
 *     deleted report is never served from it (its exports leave the cache as others come in).
 *
 * Memory therefore stays within maxConcurrent × (one parsed report + its export) + cacheBytes, however many
 * requests arrive.
 */
import { WeightedLru } from '../compare/lru.js';
import { ExportsBusyError } from '../errors.js';

export interface ExportGateOptions {
  maxConcurrent: number;
  /** 0: nothing kept. */
  cacheBytes: number;
}

export class ExportGate {
  private readonly cache: WeightedLru<string, Buffer>;
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(private readonly opts: ExportGateOptions) {
    this.cache = new WeightedLru(opts.cacheBytes);
  }

  /** Exports being made now. */
  get active(): number {
    return this.making.size;
  }

  /** Bytes of finished exports kept. */
  get cachedBytes(): number {
    return this.cache.weight;
  }

  /**
   * The export under `key`: from the cache, from the making already under way, or made now by `make` when
   * there is a place (else ExportsBusyError, thrown before `make` is called). A failed making is not kept:
   * every request waiting for it gets its error, and the next request makes it again.
   */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = this.making.get(key);
    if (pending) return pending;
    if (this.making.size >= this.opts.maxConcurrent) return Promise.reject(new ExportsBusyError(this.opts.maxConcurrent));
    const work = (async () => make())().then(
      (file) => {
        this.making.delete(key);
        this.cache.set(key, file, file.length);
        return file;
      },
      (err: unknown) => {
        this.making.delete(key);
        throw err;
      },
    );
    this.making.set(key, work);
    return work;
  }
}
