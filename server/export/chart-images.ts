/**
 * An export's PNGs (one per chart the page draws, at most MAX_EXPORT_PNGS), drawn by a ChartRenderer: the
 * worker pool's threads in parallel (the server's parser pool, the CLI's render pool) or, for tests and
 * as the reference, this thread. The charts are split into a few chunks per thread (a chunk is one task
 * that draws several charts from the run's columns, which the threads share; more chunks than threads keep
 * every thread busy to the end) and the images come back in page order, each chunk as soon as it and those
 * before it are done.
 */
import { chartTitle } from '../../shared/chart/chart-text.js';
import { serialiseViewState } from '../../shared/view/view-state.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { wholeView } from '../../shared/view/view-options.js';
import type { ColumnarRun } from '../../shared/report/columnar.js';
import { toRunData } from '../../shared/report/run-data.js';
import type { ChartPngsTask } from '../render/chart-pngs-task.js';
import type { OfflineFirstScreenTask } from '../render/offline-first-screen-task.js';
import { columnarRun, reportRun } from '../render/run-charts.js';
import { sharedColumns } from '../render/shared-columns.js';
import { exportCharts, pngName, type ChartImage, type ExportReport } from './report-files.js';

export interface ChartRenderer {
  /** Threads that draw at once. */
  parallel: number;
  /** Draws in threads other than the caller's: tasks then carry the run's columns in shared memory, not copies. */
  otherThreads: boolean;
  /** The PNGs of `task.keys`, in that order. */
  render(task: ChartPngsTask): Promise<Uint8Array[]>;
  /** An offline page's first screen, its images inline (server/render/offline-first-screen-task.ts). */
  firstScreen(task: OfflineFirstScreenTask): Promise<string>;
}

/** Draws in this thread, one chart after the other: the reference the pools are tested against. */
export const inThreadRenderer: ChartRenderer = {
  parallel: 1,
  otherThreads: false,
  async render(task) {
    const { renderExportPngs } = await import('../render/chart-pngs-task.js');
    return renderExportPngs(toRunData(task.run, task.fileName), task.view, task.keys);
  },
  async firstScreen(task) {
    const { offlineFirstScreenTask } = await import('../render/offline-first-screen-task.js');
    return offlineFirstScreenTask(task);
  },
};

/** `keys` in `n` runs of consecutive keys, as even as can be (none empty). */
export function chunks<T>(keys: readonly T[], n: number): T[][] {
  const count = Math.max(1, Math.min(n, keys.length));
  const out: T[][] = [];
  for (let i = 0; i < count; i++) out.push(keys.slice(Math.floor((i * keys.length) / count), Math.floor(((i + 1) * keys.length) / count)));
  return out.filter((c) => c.length > 0);
}

/** Chunks per thread: two, so a thread that finishes early takes another's remainder. */
const CHUNKS_PER_THREAD = 2;
/**
 * Most charts in one task of other threads (~50 ms each, ~0.4 s a task): an upload waits for at most one
 * such task before its parse starts (server/admission/), never for a whole export's charts (300: ~15 s).
 */
export const EXPORT_CHARTS_PER_TASK = 8;

export interface ExportChartImages {
  /** The images in page order; a chart that failed fails the iteration where it is reached. */
  images: AsyncIterable<ChartImage>;
  /** Charts past MAX_EXPORT_PNGS, not drawn. */
  left: string[];
}

/**
 * The view's run of an export as columns, as tasks carry it: in shared memory when other threads draw (no
 * copy per task, even with one thread: its first screen and its charts are two tasks).
 */
export function exportColumns(r: ExportReport, view: ViewQueryOptions, renderer: ChartRenderer): ColumnarRun | null {
  if (!renderer.otherThreads) return columnarRun(r.report, view.run ?? null);
  const run = reportRun(r.report, view.run ?? null);
  return run && sharedColumns(run);
}

/**
 * Start drawing an offline page's first screen (its images inline) now; '' when there is nothing to draw
 * or drawing failed (the page then starts with its interactive charts, as it would without images).
 */
export function offlineFirstScreen(r: ExportReport, view: ViewQueryOptions, renderer: ChartRenderer, run = exportColumns(r, view, renderer)): Promise<string> {
  if (!run) return Promise.resolve('');
  return renderer
    .firstScreen({ run, fileName: r.report.fileName, query: serialiseViewState(wholeView(view)), ...(view.lang ? { lang: view.lang } : {}) })
    .catch(() => '');
}

/** Start drawing an export's charts now: the caller makes the other files meanwhile. */
export function chartImages(r: ExportReport, view: ViewQueryOptions, renderer: ChartRenderer, taskRun = exportColumns(r, view, renderer)): ExportChartImages {
  const run = taskRun ? toRunData(taskRun, r.report.fileName) : null;
  const { keys, left } = exportCharts(run, view);
  const groups = renderer.otherThreads
    ? chunks(keys, Math.max(renderer.parallel * CHUNKS_PER_THREAD, Math.ceil(keys.length / EXPORT_CHARTS_PER_TASK)))
    : chunks(keys, 1);
  const whole: ViewQueryOptions = { ...wholeView(view), ...(view.lang ? { lang: view.lang } : {}) };
  const pending = groups.map((g) => renderer.render({ run: taskRun!, fileName: r.report.fileName, view: whole, keys: g }));
  // Handled where each is awaited; this only keeps one that fails after an earlier one from going unhandled.
  for (const p of pending) p.catch(() => undefined);
  return {
    left,
    images: {
      async *[Symbol.asyncIterator]() {
        const taken = new Set<string>();
        for (let i = 0; i < groups.length; i++) {
          const pngs = await pending[i]!;
          for (let j = 0; j < groups[i]!.length; j++) {
            const key = groups[i]![j]!;
            const chart = run!.charts.find((c) => c.key === key)!;
            const png = pngs[j]!;
            const title = chartTitle(chart, view.lang ?? 'en');
            yield { name: pngName(key, taken), key, title, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
          }
        }
      },
    },
  };
}
