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
import type { ParseOutcome, ParseTask } from '../parse-worker.js';
import type { FirstScreenTask } from '../render/first-screen-task.js';

export interface ParserPool {
  parse(task: ParseTask): Promise<ParseOutcome>;
  /** A stored report's first-screen HTML with images (server/render/first-screen-task.ts), in a worker. */
  renderFirstScreen(task: FirstScreenTask): Promise<string>;
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
      // A worker idle for WORKER_IDLE_MS exits, and with it the heap it grew to for the biggest file it read
      // (hundreds of MiB for 4 MiB logs: V8 does not give a worker's heap back while it lives). Measured
      // by the server benchmark (RSS over 100 uploads); starting a worker again costs ~0.1 s.
      idleTimeout: WORKER_IDLE_MS,
      // Beyond this many waiting uploads, answer 503 rather than queue without bound.
      maxQueue: threads * 8,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });

    fastify.decorate('parser', {
      async parse(task: ParseTask): Promise<ParseOutcome> {
        try {
          return (await pool.run(task)) as ParseOutcome;
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
      },
      async renderFirstScreen(task: FirstScreenTask): Promise<string> {
        return (await pool.run(task, { name: 'firstScreenTask' })) as string;
      },
    } satisfies ParserPool);

    fastify.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'parser-pool', fastify: '5.x' },
);
