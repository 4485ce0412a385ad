/**
 * Exports written to local files (the CLI): one offline HTML file, a ZIP, or a directory holding the ZIP's
 * entries. Each file is written beside its final name and renamed into place, so a reader never sees half
 * of one.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { offlineFirstScreen, type ChartRenderer } from './chart-images.js';
import type { OfflineAssets } from './offline-html.js';
import { offlineReportPage, type ExportReport } from './report-files.js';
import { exportEntries, exportZip, type SourceCsv } from './zip.js';

async function atomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
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

export function writeZip(
  path: string,
  assets: OfflineAssets,
  r: ExportReport,
  csv: SourceCsv,
  view: ViewQueryOptions,
  renderer: ChartRenderer,
): Promise<void> {
  return atomically(path, async (tmp) => {
    const zip = exportZip(assets, r, csv, view, renderer);
    await Promise.all([pipeline(zip.stream, createWriteStream(tmp, { flags: 'wx' })), zip.done]);
  });
}

/** The ZIP's entries as files under `dir` (created when missing); returns their names. */
export async function writeDir(
  dir: string,
  assets: OfflineAssets,
  r: ExportReport,
  csv: SourceCsv,
  view: ViewQueryOptions,
  renderer: ChartRenderer,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for await (const e of exportEntries(assets, r, csv, view, renderer)) {
    const data = typeof e.data === 'string' || Buffer.isBuffer(e.data) ? Readable.from([e.data]) : e.data;
    await atomically(join(dir, e.name), (tmp) => pipeline(data, createWriteStream(tmp, { flags: 'wx' })));
    names.push(e.name);
  }
  return names;
}

/** A ZIP of files already written under `dir` (the `d2g` command zips its report directory). */
export function zipFiles(path: string, dir: string, names: readonly string[]): Promise<void> {
  return atomically(path, async (tmp) => {
    const zip = new yazl.ZipFile();
    for (const name of names) zip.addFile(join(dir, name), name, { compress: !name.endsWith('.png') });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(tmp, { flags: 'wx' }));
  });
}
