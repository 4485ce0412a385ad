/**
 * The ZIP export, streamed with yazl: entries are added as they are made (the PNGs, drawn in worker
 * threads from the start, as soon as they and those before them are done), so the archive's first bytes
 * leave before the last chart is rendered; memory holds the PNGs drawn but not yet added (~0.1 MB each).
 *
 *   <file>.csv  the CSV as uploaded (a .csv.gz upload stays .csv.gz)
 *   stats.csv, stats.json  the statistics   index.html   the offline report
 *   <chart>.png one per chart, 2×          README.txt   what is inside
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { OfflineAssets } from './offline-html.js';
import { chartImages, exportColumns, offlineFirstScreen, type ChartRenderer } from './chart-images.js';
import {
  offlineReportPage,
  readmeText,
  statsCsvFile,
  statsJsonFile,
  findingsMdFile,
  statsRows,
  type ChartImage,
  type ExportReport,
} from './report-files.js';

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

/** One file of an export: text, bytes or a stream. */
export interface ExportEntry {
  name: string;
  data: string | Buffer | Readable;
}

/**
 * The source CSV's zlib level, in the ZIP its largest entry: level 1 takes a third of the CPU of zlib's
 * default 6 for an entry ~11 % larger (deflating runs beside the chart drawing, on the same cores; figures in
 * docs/benchmarks.md).
 */
export const SOURCE_CSV_LEVEL = 1;
/** The other text entries' (statistics, README, index.html: for its base64 level 1 saves no time). */
const TEXT_LEVEL = 6;

/**
 * How an export's entry is deflated (zlib level, 0 = stored), by its name (sourceEntryName keeps the source's
 * apart: it ends in .csv or .gz and is never stats.csv). PNGs and a gzip source are compressed already.
 */
export function entryLevel(name: string): number {
  if (/\.(png|gz)$/i.test(name)) return 0;
  return /\.csv$/i.test(name) && name !== 'stats.csv' ? SOURCE_CSV_LEVEL : TEXT_LEVEL;
}

/**
 * Every file of an export in order. The charts are drawn by `renderer` from the start, while the HTML and
 * the statistics are made here; each PNG is handed on as soon as it is drawn.
 */
export async function* exportEntries(
  assets: OfflineAssets,
  r: ExportReport,
  csv: SourceCsv,
  view: ViewQueryOptions,
  renderer: ChartRenderer,
  liveUrl?: string,
): AsyncGenerator<ExportEntry> {
  const run = exportColumns(r, view, renderer);
  // The first screen before the charts: the threads take tasks in turn, and index.html waits for it.
  const firstScreen = offlineFirstScreen(r, view, renderer, run);
  const charts = chartImages(r, view, renderer, run);
  // index.html links the CSV beside it (this export's entry), and the live report when there is one.
  const page = offlineReportPage(assets, r, view, { csvName: csv.name, liveUrl });
  // The CSV first: it is deflated while the threads draw the first screen index.html waits for.
  yield { name: csv.name, data: await csv.open() };
  const rows = statsRows(r, view);
  yield { name: 'stats.csv', data: statsCsvFile(rows) };
  yield { name: 'stats.json', data: statsJsonFile(r, rows, view) };
  yield { name: 'index.html', data: page(await firstScreen) };
  const images: ChartImage[] = [];
  for await (const image of charts.images) {
    yield { name: image.name, data: image.png };
    images.push({ ...image, png: Buffer.alloc(0) });
  }
  yield { name: 'findings.md', data: findingsMdFile(r, view) };
  yield { name: 'README.txt', data: readmeText(r, { csvName: csv.name, images, left: charts.left }, view) };
}

/**
 * Build the ZIP; returns its stream at once (pipe it to the response or a file) and a promise of the
 * entry names once every one was added. An error while adding ends the stream with that error.
 */
export function exportZip(
  assets: OfflineAssets,
  r: ExportReport,
  csv: SourceCsv,
  view: ViewQueryOptions,
  renderer: ChartRenderer,
  liveUrl?: string,
): { stream: Readable; done: Promise<string[]> } {
  const zip = new yazl.ZipFile();
  const created = new Date(r.summary.createdAt);
  const mtime = Number.isNaN(created.getTime()) ? new Date() : created;
  const done = (async () => {
    const names: string[] = [];
    try {
      for await (const e of exportEntries(assets, r, csv, view, renderer, liveUrl)) {
        const options = { mtime, compressionLevel: entryLevel(e.name) };
        if (typeof e.data === 'string') zip.addBuffer(Buffer.from(e.data, 'utf8'), e.name, options);
        else if (Buffer.isBuffer(e.data)) zip.addBuffer(e.data, e.name, options);
        else zip.addReadStream(e.data, e.name, options);
        names.push(e.name);
      }
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
