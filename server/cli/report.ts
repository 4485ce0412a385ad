/**
 * `dstatview report LOG.csv[.gz]... -o OUT [view options]`: reports without a server, one per input.
 * OUT ending in .html is one self-contained HTML file (the interactive report, offline); .zip a ZIP
 * (report, PNG per chart, CSV, statistics); anything else a directory holding those files. With several
 * inputs each gets its own: `OUT-<name>.html`, `OUT-<name>.zip` or `OUT/<name>/`.
 */
import { parse as parsePath } from 'node:path';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { LANGS, type Lang } from '../../shared/chart/chart-text.js';
import { defaultWebDir } from '../web-dir.js';
import type { ChartRenderer } from '../export/chart-images.js';
import { loadOfflineAssets, type OfflineAssets } from '../export/offline-html.js';
import { writeHtml } from '../export/write-html.js';
import { parseCommandLine, readInput, reportError, reportOf, UsageError, type Input } from './common.js';
import { VIEW_FLAGS, viewFlagsHelp, viewFromFlags } from './view-flags.js';

export { VIEW_FLAGS, viewFromFlags } from './view-flags.js';

export const usage = `Usage: dstatview report LOG.csv[.gz]... -o OUT [options]

Write one report per LOG (- for standard input): OUT.html is one self-contained HTML file (the interactive
report; opens offline), OUT.zip a ZIP (that report, a PNG per chart, the CSV, stats.csv, stats.json),
any other OUT a directory of those files. Several LOGs: OUT-<name>.html, OUT-<name>.zip or OUT/<name>/.

Options:
  -o, --out OUT        where to write (required)
      --lang en|ja     language of the images' texts and the report's page (default en)
  -h, --help           show this help

View options (those of the report page's URL):
${viewFlagsHelp()}`;

function targetKind(out: string): Target['kind'] {
  const ext = parsePath(out).ext.toLowerCase();
  return ext === '.html' ? 'html' : ext === '.zip' ? 'zip' : 'dir';
}

/** Where an input goes, of `n` given: OUT itself for one, else a file or directory named after the input. */
export function target(out: string, input: Input, n: number): Target {
  const p = parsePath(out);
  const kind = targetKind(out);
  if (n === 1) return { kind, path: out };
  const name = parsePath(input.name.replace(/\.gz$/i, '')).name.replace(/[^A-Za-z0-9._-]/g, '_') || 'stdin';
  return kind === 'dir' ? { kind, path: `${out}/${name}` } : { kind, path: `${p.dir ? p.dir + '/' : ''}${p.name}-${name}${p.ext}` };
}

export type Target = { kind: 'html' | 'zip' | 'dir'; path: string };

/** `renderer` draws the PNGs of a ZIP or a directory and its index.html's first screen (an HTML file: none given). */
export async function writeReport(assets: OfflineAssets, input: Input, t: Target, view: ViewQueryOptions, renderer: ChartRenderer | null): Promise<void> {
  const r = reportOf(input);
  if (t.kind === 'html') await writeHtml(t.path, assets, r, view, renderer);
  else if (!renderer) throw new Error('a ZIP or a directory needs a chart renderer');
  else await (await import('./write-archive.js')).writeArchive(t.kind, t.path, assets, r, input, view, renderer);
}

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      out: { type: 'string', short: 'o' },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...VIEW_FLAGS,
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length === 0) throw new UsageError('expected at least one LOG.csv');
    if (!values.out) throw new UsageError('expected -o OUT');
    if (positionals.filter((f) => f === '-').length > 1) throw new UsageError('standard input (-) can be read once');
    const lang = values.lang ?? 'en';
    if (!(LANGS as readonly string[]).includes(lang)) throw new UsageError(`--lang is one of ${LANGS.join(', ')}`);
    const view: ViewQueryOptions = { ...viewFromFlags(values), lang: lang as Lang };
    // Threads for the PNGs and the first screen's images, started now to load Chart.js and the canvas while
    // the log is read and parsed. An HTML file has none: drawing its first screen (a thread loading Chart.js,
    // 12 images) would more than double the CPU of `-o OUT.html` (docs/benchmarks.md), whose speed against
    // dstat2graphs is its point; the server's export.html and a ZIP's index.html carry them.
    const pool = targetKind(values.out) === 'html' ? null : (await import('./render-pool.js')).startRenderPool();
    try {
      const assets = await loadOfflineAssets(process.env.WEB_DIR || defaultWebDir());
      for (const file of positionals) {
        const input = await readInput(file);
        const t = target(values.out, input, positionals.length);
        await writeReport(assets, input, t, view, pool);
        process.stdout.write(`${t.path}\n`);
      }
    } finally {
      await pool?.close();
    }
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}
