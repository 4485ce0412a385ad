/**
 * Worker-pool task (runs in the parse workers: plugins/parser-pool.ts on the server, cli/render-pool.ts in
 * the CLI): some charts of a report as the PNGs of an export (2×, titled with host, file, time range and
 * unit). An export draws a dozen to a hundred charts at 0.05–0.2 s each; split over the pool's threads they
 * run in parallel and off the server's event loop.
 *
 * A task carries the run's columns (in shared memory when a pool draws: export/chart-images.ts), not the
 * report's gzipped JSON: that each thread would gunzip, parse and turn into columns again, ~0.4 s of CPU
 * per thread for the 4 MB log, which the caller had already done.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { ColumnarRun } from '../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../shared/report/run-data.js';
import { renderRunChartPng, type RenderOptions } from './render-chart.js';

export interface ChartPngsTask {
  /** The run the view shows, as columns (run-charts.ts columnarRun). */
  run: ColumnarRun;
  /** The report's file name (drawn in each image's subtitle). */
  fileName: string;
  /** The view the PNGs are drawn for (any option of the page's URL; absent ones at their default) and their language. */
  view: ViewQueryOptions;
  /** Chart keys to draw, in the order of the answer. */
  keys: string[];
}

/** Draw `keys` of a ready run, one after the other, in this thread. */
export async function renderExportPngs(run: RunData, view: ViewQueryOptions, keys: readonly string[]): Promise<Uint8Array[]> {
  const options: RenderOptions = { ...view };
  const out: Uint8Array[] = [];
  for (const key of keys) {
    const chart = run.charts.find((c) => c.key === key);
    if (!chart) throw new RangeError(`no chart "${key}" in this report`);
    out.push(await renderRunChartPng(run, chart, options));
  }
  return out;
}

export async function chartPngsTask(task: ChartPngsTask): Promise<Uint8Array[]> {
  const run = toRunData(task.run, task.fileName);
  // Each PNG in an ArrayBuffer of its own, handed over to the caller's thread without a copy.
  const pngs = (await renderExportPngs(run, task.view, task.keys)).map((png) => new Uint8Array(png));
  return move({ [transferableSymbol]: pngs.map((p) => p.buffer), [valueSymbol]: pngs }) as unknown as Uint8Array[];
}
