/**
 * A small pool of worker threads that run parse-worker: `fastify.parser.parse(task)`.
 *
 * From TypeScript sources (vitest, `tsx server/main.ts`) this module is a `.ts` file and so is the worker,
 * which plain Node cannot load: the worker then starts with tsx's loader. Compiled (`dist/server`), the
 * worker is plain `.js`.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { ServerBusyError } from '../errors.js';
import { maxDecompressedBytes } from '../../shared/limits.js';
import type { ColumnsOutcome, ColumnsTask, ParseFailure, ParseOutcome, ParseTask } from '../parse-worker.js';

export interface ParserPool {
  /** The pool adds the decompression ceiling of gzip uploads (from maxUploadBytes). */
  parse(task: Omit<ParseTask, 'maxCsvBytes'>): Promise<ParseOutcome>;
  /** A stored CSV's runs as columns (for comparisons). */
  columns(task: ColumnsTask): Promise<ColumnsOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    parser: ParserPool;
  }
}

export interface ParserPoolOptions {
  /** Largest upload: sizes the workers' heap (the parser holds a file in memory at about 8× its size). */
  maxUploadBytes: number;
  /** Worker threads at most; default: cores − 1, between 1 and 4. */
  threads?: number;
}

export function parseWorkerLocation(moduleUrl: string = import.meta.url): { filename: string; execArgv?: string[] } {
  const ext = extname(fileURLToPath(moduleUrl));
  const filename = fileURLToPath(new URL(`../parse-worker${ext}`, moduleUrl));
  if (ext !== '.ts') return { filename };
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

export default fp<ParserPoolOptions>(
  async function parserPool(fastify, opts) {
    const threads = opts.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    const { filename, execArgv } = parseWorkerLocation();
    const heapMb = Math.max(512, Math.ceil((opts.maxUploadBytes * 16) / (1024 * 1024)));
    const pool = new Piscina({
      filename,
      ...(execArgv ? { execArgv } : {}),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // Beyond this many waiting uploads, answer 503 rather than queue without bound.
      maxQueue: threads * 8,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });

    /** Runs a worker function; a full queue is 503, a worker out of memory is the file's fault (422). */
    async function run<T>(task: unknown, name?: string): Promise<T | { ok: false; error: ParseFailure }> {
      try {
        return (await pool.run(task, name ? { name } : {})) as T;
      } catch (err) {
        if (err instanceof Error && err.message === 'Task queue is at limit') throw new ServerBusyError();
        if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return {
            ok: false,
            error: {
              code: 'TOO_LARGE',
              line: 0,
              column: 0,
              message: 'the file needs more memory to read than this server allows',
            },
          };
        }
        throw err;
      }
    }

    fastify.decorate('parser', {
      parse: (task: Omit<ParseTask, 'maxCsvBytes'>) =>
        run<ParseOutcome>({ ...task, maxCsvBytes: maxDecompressedBytes(opts.maxUploadBytes) } satisfies ParseTask),
      columns: (task: ColumnsTask) => run<ColumnsOutcome>(task, 'readColumns'),
    } satisfies ParserPool);

    fastify.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'parser-pool', fastify: '5.x' },
);
