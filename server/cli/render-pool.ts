/**
 * The CLI's worker threads for an export's PNGs (render-worker.ts, which runs chartPngsTask) in a Piscina
 * pool. Started before the log is read, so that the threads load Chart.js and the canvas binary while this
 * thread parses; closed when the command is done (an open pool would keep the process alive).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ChartRenderer } from '../export/chart-images.js';
import type { ChartPngsTask } from '../render/chart-pngs-task.js';
import type { OfflineFirstScreenTask } from '../render/offline-first-screen-task.js';
import { workerLocation } from '../worker-location.js';

/** Threads at most: drawing is CPU-bound, and beyond a few threads the ZIP's writing is the limit. */
const MAX_RENDER_THREADS = 4;

/**
 * One thread fewer than the cores: the command's own thread parses the log and writes the other files
 * meanwhile. Each thread costs ~0.3–0.45 s of CPU before it draws (loading Chart.js and the canvas binary,
 * V8 optimising their code again): on 2 cores a second one made the 4 MB log's ZIP ~0.45 s of CPU dearer and
 * no sooner done, the three threads taking turns on two cores.
 */
export function renderThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_RENDER_THREADS, cores - 1));
}

export interface RenderPool extends ChartRenderer {
  close(): Promise<void>;
}

export function startRenderPool(threads = renderThreads()): RenderPool {
  const { filename, execArgv } = workerLocation('./render-worker', import.meta.url);
  const pool = new Piscina({ filename, ...(execArgv ? { execArgv } : {}), minThreads: threads, maxThreads: threads });
  // Each thread loads the worker's modules now (a probe), not when the first charts are waiting.
  for (let i = 0; i < threads; i++) pool.run(null, { name: 'probe' }).catch(() => undefined);
  return {
    parallel: threads,
    otherThreads: true,
    async render(task: ChartPngsTask): Promise<Uint8Array[]> {
      return (await pool.run(task, { name: 'chartPngsTask' })) as Uint8Array[];
    },
    async firstScreen(task: OfflineFirstScreenTask): Promise<string> {
      return (await pool.run(task, { name: 'offlineFirstScreenTask' })) as string;
    },
    close: () => pool.destroy(),
  };
}
