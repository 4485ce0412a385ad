/**
 * A report as a ZIP or a directory of its entries (`report -o OUT.zip`, `-o DIR`, `d2g`). Loaded only for
 * those: it brings in the ZIP writer (yazl, CommonJS), whose loading an HTML file need not pay (write-html.ts).
 */
import { Readable } from 'node:stream';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { ChartRenderer } from '../export/chart-images.js';
import type { OfflineAssets } from '../export/offline-html.js';
import type { ExportReport } from '../export/report-files.js';
import { writeDir, writeZip } from '../export/write-files.js';
import { sourceEntryName, type SourceCsv } from '../export/zip.js';
import type { Input } from './common.js';

/** The input as the export's source CSV entry: its bytes as read (a .csv.gz stays compressed). */
export function sourceCsv(input: Input): SourceCsv {
  return { name: sourceEntryName(input.name, input.gzip), open: async () => Readable.from([input.raw]) };
}

export async function writeArchive(
  kind: 'zip' | 'dir',
  path: string,
  assets: OfflineAssets,
  r: ExportReport,
  input: Input,
  view: ViewQueryOptions,
  renderer: ChartRenderer,
): Promise<void> {
  if (kind === 'zip') await writeZip(path, assets, r, sourceCsv(input), view, renderer);
  else await writeDir(path, assets, r, sourceCsv(input), view, renderer);
}
