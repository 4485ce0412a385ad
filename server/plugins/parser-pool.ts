/**
 * A small pool of worker threads that run parse-worker: `fastify.parser.parse(task)`.
 *
 * Every task goes through one admission gate (server/admission/admission.ts): uploads first, reads behind
 * them with a share per client address, background images only on an idle pool (and stopped the moment
 * an upload or a read needs their thread). Piscina's own queue stays empty: the gate never hands it more
 * tasks than there are threads. Refused: 503 SERVER_BUSY (a queue is full) or 429 TOO_MANY_REQUESTS (one
 * address over its share), both with Retry-After. A task's time limit counts from its start: a parse past
 * it is aborted, which terminates its worker thread (Piscina starts a new one for the next task), and the
 * upload gets 422 PARSE_TIMEOUT saying what in the file made it slow; a read past it gets 503 TASK_TIMEOUT.
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
import { DEFAULT_PARSE_TIMEOUT_SECONDS, PARSE_QUEUE_PER_THREAD, READ_QUEUE_PER_THREAD, READS_PER_CLIENT, RENDER_TIMEOUT_SECONDS } from '../../shared/limits.js';
import { ParserUnavailableError, ParseTimeoutError, ServerBusyError, TaskTimeoutError, TooManyRequestsError } from '../errors.js';
import { Admission, ClientShareRefusal, QueueFullRefusal, TaskTimedOut, type WorkClass } from '../admission/admission.js';
import { maxDecompressedBytes, MIN_PARSE_HEAP_BYTES, PARSE_HEAP_FACTOR } from '../../shared/limits.js';
import type { ColumnsOutcome, ColumnsTask, ParseOutcome, ParseTask } from '../parse-worker.js';
import type { FirstScreenPage } from '../render/first-screen.js';
import type { FirstScreenTask } from '../render/first-screen-task.js';
import type { CompareFirstScreenTask } from '../render/compare-first-screen-task.js';
import type { ChartPngsTask } from '../render/chart-pngs-task.js';
import type { OfflineFirstScreenTask } from '../render/offline-first-screen-task.js';
import type { ChartRenderer } from '../export/chart-images.js';
import type { LodTask } from '../lod/lod-task.js';
import type { FindingsTask } from '../findings/findings-task.js';
import type { ReportFindingsJson } from '../../shared/api/findings-schema.js';
import { describeSlowFile } from '../upload/describe-slow-file.js';
import { workerLocation } from '../worker-location.js';

export interface ParserPool {
  /** The pool adds the decompression ceiling of gzip uploads (from maxUploadBytes). */
  parse(task: Omit<ParseTask, 'maxCsvBytes'>): Promise<ParseOutcome>;
  /** Uploads waiting for a thread, and tasks (of any kind) running now. */
  readonly depth: number;
  readonly running: number;
  /** The gate every task goes through. */
  readonly admission: Admission;
  /** Resolves true when a worker thread answers within `timeoutMs` (or all are busy parsing: alive). */
  probe(timeoutMs: number): Promise<boolean>;
  /** A stored CSV's runs as columns (for comparisons): a read of `client` (its address; null: the server's). */
  columns(task: ColumnsTask, client?: string | null): Promise<ColumnsOutcome>;
  /** A stored report's first-screen HTML and images (server/render/first-screen-task.ts), in a worker: background work (BusyRefusal when the pool is busy). */
  renderFirstScreen(task: FirstScreenTask): Promise<FirstScreenPage>;
  /** A compare page's first-screen HTML and images (server/render/compare-first-screen-task.ts), in a worker: background work. */
  renderCompareFirstScreen(task: CompareFirstScreenTask): Promise<FirstScreenPage>;
  /** Draws an export's PNGs in the worker threads (server/render/chart-pngs-task.ts): reads of `client`. */
  charts(client: string | null): ChartRenderer;
  /** A stored report's level of detail, encoded and gzipped (server/lod/lod-task.ts), in a worker: a read. */
  encodeLod(task: LodTask, client?: string | null): Promise<Uint8Array>;
  /** A stored report's findings, with `net-near-link` for given link speeds (server/findings/findings-task.ts): a read. */
  findings(task: FindingsTask, client?: string | null): Promise<ReportFindingsJson>;
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
  /** Longest read or background task (drawing, level of detail, a comparison's columns), seconds; default RENDER_TIMEOUT_SECONDS. */
  renderTimeoutSeconds?: number;
}

export function parseWorkerLocation(moduleUrl: string = import.meta.url): { filename: string; execArgv?: string[] } {
  return workerLocation('../parse-worker', moduleUrl);
}

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
    const renderTimeoutMs = (opts.renderTimeoutSeconds ?? RENDER_TIMEOUT_SECONDS) * 1000;
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
    const admission = new Admission({
      slots: threads,
      uploadQueue: opts.queueLength ?? threads * PARSE_QUEUE_PER_THREAD,
      readQueue: threads * READ_QUEUE_PER_THREAD,
      perClient: READS_PER_CLIENT,
      onEvent: (cls, outcome) => fastify.metrics.observeWork(cls, outcome),
    });

    /** `name` run in a worker as work of `cls`; refusals as the API's errors (background ones as they are). */
    async function run<T>(cls: WorkClass, client: string | null, timeoutMs: number, task: unknown, name?: string): Promise<T> {
      try {
        return await admission.run({ cls, client, timeoutMs }, async (signal) => (await pool.run(task, { signal, ...(name ? { name } : {}) })) as T);
      } catch (err) {
        if (cls === 'background') throw err;
        if (err instanceof QueueFullRefusal) throw new ServerBusyError();
        if (err instanceof ClientShareRefusal) throw new TooManyRequestsError(err.message);
        if (err instanceof TaskTimedOut && cls === 'read') throw new TaskTimeoutError(String(timeoutMs / 1000));
        throw err;
      }
    }

    const outOfMemory = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    const tooLarge = {
      ok: false as const,
      error: { code: 'TOO_LARGE' as const, line: 0, column: 0, message: 'the file needs more memory to read than this server allows' },
    };

    /**
     * One export's renderer: its tasks go to the gate `threads` at a time (the rest wait here, in order), so
     * an export of many batches counts as one read of its client, not as many.
     */
    const charts = (client: string | null): ChartRenderer => {
      const local = new Admission({ slots: threads, uploadQueue: 0, readQueue: Infinity, perClient: Infinity });
      const later = <T>(fn: () => Promise<T>) => local.run({ cls: 'read', timeoutMs: 2 ** 31 - 1 }, fn);
      return {
        parallel: threads,
        otherThreads: true,
        render: (task: ChartPngsTask) => later(() => run<Uint8Array[]>('read', client, renderTimeoutMs, task, 'chartPngsTask')),
        firstScreen: (task: OfflineFirstScreenTask) => later(() => run<string>('read', client, renderTimeoutMs, task, 'offlineFirstScreenTask')),
      };
    };

    fastify.decorate('parser', {
      async parse(task: Omit<ParseTask, 'maxCsvBytes'>): Promise<ParseOutcome> {
        const full: ParseTask = { ...task, maxCsvBytes: maxDecompressedBytes(opts.maxUploadBytes) };
        let started: number | null = null;
        try {
          return await admission.run({ cls: 'upload', timeoutMs: timeoutSeconds * 1000 }, async (signal) => {
            started = performance.now();
            return (await pool.run(full, { signal })) as ParseOutcome;
          });
        } catch (err) {
          if (err instanceof QueueFullRefusal) throw new ServerBusyError();
          if (err instanceof TaskTimedOut) throw new ParseTimeoutError(String(timeoutSeconds), await describeSlowFile(task.path));
          if (outOfMemory(err)) return tooLarge;
          fastify.log.error({ err }, 'a parser thread failed on an upload');
          throw new ParserUnavailableError();
        } finally {
          if (started !== null) fastify.metrics.observeParse((performance.now() - started) / 1000);
        }
      },
      get depth() {
        return admission.waiting.upload;
      },
      get running() {
        return admission.active;
      },
      admission,
      async probe(timeoutMs: number): Promise<boolean> {
        // Every thread busy with admitted work: alive (the probe would only wait behind it).
        if (admission.active >= threads) return true;
        try {
          return (await pool.run(null, { name: 'probe', signal: AbortSignal.timeout(timeoutMs) })) === 'ok';
        } catch {
          return false;
        }
      },
      async columns(task: ColumnsTask, client: string | null = null): Promise<ColumnsOutcome> {
        try {
          return await run<ColumnsOutcome>('read', client, renderTimeoutMs, task, 'readColumns');
        } catch (err) {
          if (outOfMemory(err)) return tooLarge;
          if ((err as { statusCode?: number }).statusCode) throw err;
          fastify.log.error({ err }, 'a parser thread failed reading a stored CSV');
          throw new ParserUnavailableError();
        }
      },
      renderFirstScreen: (task: FirstScreenTask) => run<FirstScreenPage>('background', null, renderTimeoutMs, task, 'firstScreenTask'),
      renderCompareFirstScreen: (task: CompareFirstScreenTask) =>
        run<FirstScreenPage>('background', null, renderTimeoutMs, task, 'compareFirstScreenTask'),
      charts,
      encodeLod: (task: LodTask, client: string | null = null) => run<Uint8Array>('read', client, renderTimeoutMs, task, 'lodTask'),
      findings: (task: FindingsTask, client: string | null = null) =>
        run<ReportFindingsJson>('read', client, renderTimeoutMs, task, 'findingsTask'),
    } satisfies ParserPool);

    fastify.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'parser-pool', fastify: '5.x', dependencies: ['metrics'] },
);
