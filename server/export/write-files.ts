/**
 * Exports written to local files (the CLI): a ZIP, or a directory holding the ZIP's entries (one offline
 * HTML file: write-html.ts). Each file is written beside its final name and renamed into place, so a reader
 * never sees half of one.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { ChartRenderer } from './chart-images.js';
import type { OfflineAssets } from './offline-html.js';
import type { ExportReport } from './report-files.js';
import { atomically } from './write-html.js';
import { entryLevel, exportEntries, exportZip, type SourceCsv } from './zip.js';

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
    for (const name of names) zip.addFile(join(dir, name), name, { compressionLevel: entryLevel(name) });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(tmp, { flags: 'wx' }));
  });
}
