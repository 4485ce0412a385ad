/**
 * The ZIP export, streamed with yazl: entries are added as they are made (each PNG as soon as it is
 * drawn), so the archive's first bytes leave before the last chart is rendered and memory holds one
 * chart at a time.
 *
 *   index.html  the offline report        stats.csv, stats.json  the statistics
 *   <chart>.png one per chart, 2×          README.txt            what is inside
 *   <file>.csv  the CSV as uploaded (a .csv.gz upload stays .csv.gz)
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { OfflineAssets } from './offline-html.js';
import {
  chartImages,
  exportCharts,
  offlineReportHtml,
  readmeText,
  statsCsvFile,
  statsJsonFile,
  statsRows,
  type ChartImage,
  type ExportReport,
} from './report-files.js';
import { renderableRun } from '../render/render-chart.js';

export interface SourceCsv {
  /** Entry name, e.g. `log.csv` or `log.csv.gz`. */
  name: string;
  open(): Promise<Readable>;
}

/** Name of the source CSV inside an export: the upload's own name, made a safe single path component. */
export function sourceEntryName(fileName: string, gzip: boolean): string {
  let name = fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '') || 'dstat.csv';
  if (gzip && !/\.gz$/i.test(name)) name += '.gz';
  if (!gzip && !/\.csv$/i.test(name)) name += '.csv';
  // Not one of the export's own names.
  return /^(index\.html|stats\.(csv|json)|readme\.txt)$/i.test(name) ? `source-${name}` : name;
}

/**
 * Build the ZIP; returns its stream at once (pipe it to the response or a file) and a promise of the
 * entries once every one was added. Errors while adding end the stream with that error.
 */
export function exportZip(
  assets: OfflineAssets,
  r: ExportReport,
  csv: SourceCsv,
  view: ViewQueryOptions = {},
): { stream: Readable; done: Promise<string[]> } {
  const zip = new yazl.ZipFile();
  const mtime = new Date(r.summary.createdAt);
  const date = Number.isNaN(mtime.getTime()) ? new Date() : mtime;
  const names: string[] = [];
  const add = (data: Buffer | string, name: string, compress = true) => {
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, name, { mtime: date, compress });
    names.push(name);
  };
  const done = (async () => {
    try {
      add(offlineReportHtml(assets, r, view), 'index.html');
      zip.addReadStream(await csv.open(), csv.name, { mtime: date });
      names.push(csv.name);
      const rows = statsRows(r, view);
      add(statsCsvFile(rows), 'stats.csv');
      add(statsJsonFile(r, rows, view), 'stats.json');
      const images: ChartImage[] = [];
      // PNG is compressed already: stored as is.
      for await (const image of chartImages(r, view)) {
        add(image.png, image.name, false);
        images.push({ ...image, png: Buffer.alloc(0) });
      }
      const { left } = exportCharts(renderableRun(r.report, view.run ?? null));
      add(readmeText(r, { csvName: csv.name, images, left }, view), 'README.txt');
      zip.end();
      return names;
    } catch (err) {
      (zip.outputStream as Readable).destroy(err as Error);
      throw err;
    }
  })();
  done.catch(() => undefined);
  return { stream: zip.outputStream as Readable, done };
}
