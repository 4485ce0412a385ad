/**
 * One offline HTML file written to a local file (the CLI's `report -o OUT.html`), and how every export file
 * is written: beside its final name, then renamed into place, so a reader never sees half of one. A module
 * apart from write-files.ts (ZIPs and directories) so that writing an HTML file loads no ZIP code: yazl is
 * CommonJS, and the first CommonJS module an ES module imports costs Node 20 ~100 ms of CPU (its module
 * lexer and loader) — a sixth of `dstatview report -o OUT.html` on the 4 MB log.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { offlineFirstScreen, type ChartRenderer } from './chart-images.js';
import type { OfflineAssets } from './offline-html.js';
import { offlineReportPage, type ExportReport } from './report-files.js';

/** Write `path` through `write(tmp)` on a file beside it, renamed into place; the file is removed on failure. */
export async function atomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
  try {
    await write(tmp);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** `renderer` draws the first screen's images; without one the page has none. */
export function writeHtml(path: string, assets: OfflineAssets, r: ExportReport, view: ViewQueryOptions, renderer: ChartRenderer | null): Promise<void> {
  const firstScreen = renderer ? offlineFirstScreen(r, view, renderer) : Promise.resolve('');
  const page = offlineReportPage(assets, r, view);
  return atomically(path, async (tmp) => writeFile(tmp, page(await firstScreen), { flag: 'wx' }));
}
