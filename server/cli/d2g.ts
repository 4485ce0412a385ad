/**
 * `dstatview d2g csv_file report_dir width height disk_limit net_limit offset duration [io_limit] [is_actual]`:
 * dstat2graphs.pl's exact arguments (8 or 10), so scripts that called it keep working. Writes
 * report_dir/index.html (the interactive report, offline), a PNG per chart, the CSV, the statistics, and
 * report_dir/d_<report_dir's name>.zip with all of them (dstat2graphs' ZIP name).
 */
import { basename, join, resolve } from 'node:path';
import { d2gViewOptions, D2gOptionError, parseD2gOptions } from '../../shared/api/d2g-options.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { ChartRenderer } from '../export/chart-images.js';
import { defaultWebDir } from '../web-dir.js';
import { startRenderPool } from './render-pool.js';
import { loadOfflineAssets } from '../export/offline-html.js';
import { writeDir, zipFiles } from '../export/write-files.js';
import { readInput, reportError, reportOf, UsageError } from './common.js';
import { sourceCsv } from './write-archive.js';


export const usage = `Usage: dstatview d2g csv_file report_dir width height disk_limit net_limit offset duration [io_limit] [is_actual]

dstat2graphs.pl's arguments, 8 or 10 of them: width and height 64-1024 (px), disk_limit and net_limit
(bytes/s, 0 = automatic), offset and duration (s, 0 = to the end), io_limit (/s, 0 = automatic) and
is_actual (1: the host's clock on the x axis, 0: elapsed time). csv_file may be .csv.gz, or - for
standard input. Writes report_dir/index.html, a PNG per chart, the CSV, stats.csv, stats.json, README.txt
and report_dir/d_<name of report_dir>.zip.`;

const ARG_NAMES = ['width', 'height', 'disk_limit', 'net_limit', 'offset', 'duration', 'io_limit', 'is_actual'] as const;

export async function run(args: string[]): Promise<number> {
  try {
    // Positional only, as dstat2graphs.pl: `-1` is a (bad) value, not an option.
    if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    const positionals = args;
    if (positionals.length !== 8 && positionals.length !== 10) {
      throw new UsageError(`expected 8 or 10 arguments, got ${positionals.length}`);
    }
    const [csvFile, reportDir, ...rest] = positionals as [string, string, ...string[]];
    // dstat2graphs' 8-argument form leaves io_limit and is_actual at 0.
    const fields = Object.fromEntries(ARG_NAMES.map((name, i) => [name, rest[i] ?? '0']));
    let view;
    try {
      view = d2gViewOptions(parseD2gOptions(fields));
    } catch (err) {
      if (err instanceof D2gOptionError) throw new UsageError(err.message);
      throw err;
    }
    const pool = startRenderPool();
    try {
      await writeD2gReport(csvFile, reportDir, view, pool);
    } finally {
      await pool.close();
    }
    process.stdout.write(`${join(reportDir, 'index.html')}\n`);
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}

/** dstat2graphs' report directory of `csvFile` (- for standard input) with its ZIP; `renderer` draws the PNGs. */
export async function writeD2gReport(csvFile: string, reportDir: string, view: ViewQueryOptions, renderer: ChartRenderer): Promise<void> {
  const assets = await loadOfflineAssets(process.env.WEB_DIR || defaultWebDir());
  const input = await readInput(csvFile);
  const names = await writeDir(reportDir, assets, reportOf(input), sourceCsv(input), view, renderer);
  await zipFiles(join(reportDir, `d_${basename(resolve(reportDir))}.zip`), reportDir, names);
}
