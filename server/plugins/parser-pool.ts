/**
 * A small pool of worker threads that run parse-worker: `fastify.parser.parse(task)`.
 *
 * Uploads wait in a FIFO queue (parse-queue.ts) of bounded length: beyond it, 503 SERVER_BUSY. A parse
 * that runs longer than the time limit is aborted, which terminates its worker thread (Piscina starts a
 * new one for the next task), and the upload gets 422 PARSE_TIMEOUT saying what in the file made it slow.
 * A worker that dies or cannot be started (out of file descriptors, …) fails only the upload it was meant
 * for, with 503 PARSER_UNAVAILABLE; the pool's 'error' event is handled, so it never takes the process down.
 *
 * From TypeScript sources (vitest, `tsx server/main.ts`) this module is a `.ts` file and so is the worker,
 * which plain Node cannot load: the worker then starts with tsx's loader. Compiled (`dist/server`), the
 * worker is plain `.js`.
 */
import { availableParallelism } from 'node:os';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { DEFAULT_PARSE_TIMEOUT_SECONDS, PARSE_QUEUE_PER_THREAD } from '../../shared/limits.js';
import { ParserUnavailableError, ParseTimeoutError, ServerBusyError } from '../errors.js';
import { FifoQueue, QueueFullError } from '../parse-queue.js';
import { maxDecompressedBytes, MIN_PARSE_HEAP_BYTES, PARSE_HEAP_FACTOR } from '../../shared/limits.js';
import type { ColumnsOutcome, ColumnsTask, ParseOutcome, ParseTask } from '../parse-worker.js';
import type { FirstScreenPage } from '../render/first-screen.js';
import type { FirstScreenTask } from '../render/first-screen-task.js';
import type { CompareFirstScreenTask } from '../render/compare-first-screen-task.js';
import type { ChartPngsTask } from '../render/chart-pngs-task.js';
import type { OfflineFirstScreenTask } from '../render/offline-first-screen-task.js';
import type { ChartRenderer } from '../export/chart-images.js';
import type { LodTask } from '../lod/lod-task.js';
import { describeSlowFile } from '../upload/describe-slow-file.js';
import { workerLocation } from '../worker-location.js';

export interface ParserPool {
  /** The pool adds the decompression ceiling of gzip uploads (from maxUploadBytes). */
  parse(task: Omit<ParseTask, 'maxCsvBytes'>): Promise<ParseOutcome>;
  /** Uploads waiting for a thread, and being parsed now. */
  readonly depth: number;
  readonly running: number;
  /** Resolves true when a worker thread answers within `timeoutMs` (or all are busy parsing: alive). */
  probe(timeoutMs: number): Promise<boolean>;
  /** A stored CSV's runs as columns (for comparisons). */
  columns(task: ColumnsTask): Promise<ColumnsOutcome>;
  /** A stored report's first-screen HTML and images (server/render/first-screen-task.ts), in a worker. */
  renderFirstScreen(task: FirstScreenTask): Promise<FirstScreenPage>;
  /** A compare page's first-screen HTML and images (server/render/compare-first-screen-task.ts), in a worker. */
  renderCompareFirstScreen(task: CompareFirstScreenTask): Promise<FirstScreenPage>;
  /** Draws an export's PNGs in the worker threads, `threads` charts at once (server/render/chart-pngs-task.ts). */
  readonly charts: ChartRenderer;
  /** A stored report's level of detail, encoded and gzipped (server/lod/lod-task.ts), in a worker. */
  encodeLod(task: LodTask): Promise<Uint8Array>;
}

declare module 'fastify' {
  interface FastifyInstance {
    parser: ParserPool;
  }
}

/** How long an idle worker thread is kept (ms). */
export const WORKER_IDLE_MS = 2000;

export interface ParserPoolOptions {
  /** Largest upload: sizes the workers' heap (the parser holds a file in memory at about 8× its size). */
  maxUploadBytes: number;
  /** Worker threads at most; default: cores − 1, between 1 and 4. */
  threads?: number;
  /** Longest parse, seconds; default DEFAULT_PARSE_TIMEOUT_SECONDS. */
  parseTimeoutSeconds?: number;
  /** Uploads that may wait for a thread; default PARSE_QUEUE_PER_THREAD per thread. */
  queueLength?: number;
}

export function parseWorkerLocation(moduleUrl: string = import.meta.url): { filename: string; execArgv?: string[] } {
  return workerLocation('../parse-worker', moduleUrl);
}

const isAbort = (err: unknown): boolean => (err as Error | undefined)?.name === 'AbortError';

/** Worker threads when not configured: one core left to the event loop, at least 1, at most 4. */
export function defaultParserThreads(cores = availableParallelism()): number {
  return Math.min(4, Math.max(1, cores - 1));
}

/**
 * A worker's old-generation heap, MiB: the parser holds a file at ~8× its size, so PARSE_HEAP_FACTOR (16)×
 * the largest upload, at least MIN_PARSE_HEAP_BYTES (512 MiB); a gzip upload's text is bounded to fit it
 * (shared/limits.ts maxDecompressedBytes).
 */
export function workerHeapMb(maxUploadBytes: number): number {
  return Math.max(MIN_PARSE_HEAP_BYTES / (1024 * 1024), Math.ceil((maxUploadBytes * PARSE_HEAP_FACTOR) / (1024 * 1024)));
}

export default fp<ParserPoolOptions>(
  async function parserPool(fastify, opts) {
    const threads = opts.threads ?? defaultParserThreads();
    const timeoutSeconds = opts.parseTimeoutSeconds ?? DEFAULT_PARSE_TIMEOUT_SECONDS;
    const { filename, execArgv } = parseWorkerLocation();
    const heapMb = workerHeapMb(opts.maxUploadBytes);
    const pool = new Piscina({
      filename,
      ...(execArgv ? { execArgv } : {}),
      minThreads: 0,
      maxThreads: threads,
      // A worker idle for WORKER_IDLE_MS exits, and with it the heap it grew to for the biggest file it read
      // (hundreds of MiB for 4 MiB logs: V8 does not give a worker's heap back while it lives). Measured
      // by the server benchmark (RSS over 100 uploads); starting a worker again costs ~0.1 s.
      idleTimeout: WORKER_IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    // A worker that fails outside a task (it could not start, it crashed while idle): Piscina emits this on
    // the pool, and an unhandled 'error' would end the process. The task it was meant for fails on its own.
    pool.on('error', (err: unknown) => fastify.log.error({ err }, 'a parser thread failed'));
    const queue = new FifoQueue(threads, opts.queueLength ?? threads * PARSE_QUEUE_PER_THREAD);

    async function runOne(task: ParseTask): Promise<ParseOutcome> {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutSeconds * 1000);
      const started = performance.now();
      try {
        return (await pool.run(task, { signal: abort.signal })) as ParseOutcome;
      } catch (err) {
        if (abort.signal.aborted && isAbort(err)) {
          throw new ParseTimeoutError(String(timeoutSeconds), await describeSlowFile(task.path));
        }
        if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return {
            ok: false,
            error: { code: 'TOO_LARGE', line: 0, column: 0, message: 'the file needs more memory to read than this server allows' },
          };
        }
        fastify.log.error({ err }, 'a parser thread failed on an upload');
        throw new ParserUnavailableError();
      } finally {
        clearTimeout(timer);
        fastify.metrics.observeParse((performance.now() - started) / 1000);
      }
    }

    fastify.decorate('parser', {
      async parse(task: Omit<ParseTask, 'maxCsvBytes'>): Promise<ParseOutcome> {
        try {
          const full: ParseTask = { ...task, maxCsvBytes: maxDecompressedBytes(opts.maxUploadBytes) };
          return await queue.run(() => runOne(full));
        } catch (err) {
          if (err instanceof QueueFullError) throw new ServerBusyError();
          throw err;
        }
      },
      get depth() {
        return queue.depth;
      },
      get running() {
        return queue.running;
      },
      async probe(timeoutMs: number): Promise<boolean> {
        if (queue.running >= threads) return true;
        try {
          return (await pool.run(null, { name: 'probe', signal: AbortSignal.timeout(timeoutMs) })) === 'ok';
        } catch {
          return false;
        }
      },
      /** Read through the same FIFO queue as uploads, so a comparison never jumps the queue or overloads it. */
      async columns(task: ColumnsTask): Promise<ColumnsOutcome> {
        try {
          return await queue.run(async () => {
            try {
              return (await pool.run(task, { name: 'readColumns' })) as ColumnsOutcome;
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
                return {
                  ok: false,
                  error: { code: 'TOO_LARGE', line: 0, column: 0, message: 'the file needs more memory to read than this server allows' },
                };
              }
              fastify.log.error({ err }, 'a parser thread failed reading a stored CSV');
              throw new ParserUnavailableError();
            }
          });
        } catch (err) {
          if (err instanceof QueueFullError) throw new ServerBusyError();
          throw err;
        }
      },
      async renderFirstScreen(task: FirstScreenTask): Promise<FirstScreenPage> {
        return (await pool.run(task, { name: 'firstScreenTask' })) as FirstScreenPage;
      },
      async renderCompareFirstScreen(task: CompareFirstScreenTask): Promise<FirstScreenPage> {
        return (await pool.run(task, { name: 'compareFirstScreenTask' })) as FirstScreenPage;
      },
      charts: {
        parallel: threads,
        otherThreads: true,
        async render(task: ChartPngsTask): Promise<Uint8Array[]> {
          return (await pool.run(task, { name: 'chartPngsTask' })) as Uint8Array[];
        },
        async firstScreen(task: OfflineFirstScreenTask): Promise<string> {
          return (await pool.run(task, { name: 'offlineFirstScreenTask' })) as string;
        },
      },
      async encodeLod(task: LodTask): Promise<Uint8Array> {
        return (await pool.run(task, { name: 'lodTask' })) as Uint8Array;
      },
    } satisfies ParserPool);

    fastify.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'parser-pool', fastify: '5.x', dependencies: ['metrics'] },
);
