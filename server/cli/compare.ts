/**
 * `dstatview compare A.csv B.csv [… up to 8] [-o OUT.md|OUT.json|OUT.html] [--raw] [options]` (the options:
 * shared/view/compare-options.ts, as flags by compare-flags.ts): the Δ table of the runs — Markdown on stdout by default (what goes into
 * a write-up), or written to OUT.md, or the GET /api/compare JSON to OUT.json — or the offline compare page
 * (OUT.html: one self-contained file, server/export/offline-compare-html.ts). A file with appended runs
 * names one as FILE.csv:N (default: its last run). The same shared code as the server and the compare page.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { toCompareJson, type CompareRequest, type NamedRun } from '../../shared/api/compare-json.js';
import { parseRefWindow } from '../../shared/api/compare-ref.js';
import type { CompareJson } from '../../shared/api/schemas.js';
import { deltaTable, deltaTableMarkdown, hostsTable, runName, runTag, seriesNames, steadyWindowText, ownWindowsText, type ComparedSeries, type SeriesNames } from '../../shared/compare/index.js';
import { parseDstat } from '../../shared/dstat/parse-dstat.js';
import type { DstatLog } from '../../shared/dstat/types.js';
import { MAX_COMPARE_RUNS } from '../../shared/limits.js';
import { commonWindow } from '../../shared/compare/align.js';
import { effectiveShifts } from '../../shared/compare/clock.js';
import { defaultWebDir } from '../web-dir.js';
import { offlineCompareHtml, type ComparedRun } from '../export/offline-compare-html.js';
import { loadOfflineAssets } from '../export/offline-html.js';
import type { ExportReport } from '../export/report-files.js';
import { decodeUploadText } from '../upload/decode-text.js';
import { COMPARE_FLAGS, compareFlagsHelp, compareOptionsFromFlags } from './compare-flags.js';
import type { CompareSort } from '../../shared/view/compare-options.js';
import { InputError, inputLabel, parseCommandLine, readInput, reportError, reportOf, UsageError, type Input } from './common.js';


export const usage = `Usage: dstatview compare A.csv B.csv [C.csv …] [options]

Compares up to ${MAX_COMPARE_RUNS} runs: for every series, each run's avg, p95 and max and its change against
the baseline run (absolute, its 95 % interval, %) with a verdict: "significant" when the interval excludes 0
and the change is at least --min-change % of the baseline's mean, "within noise", or "not enough samples"
(the interval accounts for the autocorrelation of per-second samples: docs/compare.md). Rows are named and
formatted as on the report page, grouped by chart, significant changes first; series zero in every run are
left out and counted. FILE.csv:N picks run N of a file with appended runs, FILE.csv@FROM-TO a window of it
(seconds from its start; two windows of one run: A.csv@0-300 A.csv@600-900); - reads standard input; a
.csv.gz is read as is.

Options:
  -o, --output FILE   write FILE.md (the Markdown table), FILE.json (the /api/compare JSON) or FILE.html
                      (the compare page in one self-contained file: every run overlaid and the table;
                      opens offline) instead of printing the Markdown table
${compareFlagsHelp()}
  --raw               raw numbers with a unit column instead of the page's units (KiB/s, %, /s)
  -h, --help          show this help`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      output: { type: 'string', short: 'o' },
      ...COMPARE_FLAGS,
      raw: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length < 1) throw new UsageError('expected: compare A.csv B.csv');
    if (positionals.length > MAX_COMPARE_RUNS) throw new UsageError(`at most ${MAX_COMPARE_RUNS} runs can be compared at once`);
    const format = outputFormat(values.output);
    const request = compareRequest(values, positionals.length);
    const inputs = await readInputs(positionals.map((arg) => fileAndRun(arg).file));
    if (format === 'html') {
      await writeFile(values.output!, await compareHtml(positionals, inputs, request));
      return 0;
    }
    const logs = new Map<string, DstatLog>();
    const runs: NamedRun[] = [];
    for (const arg of positionals) {
      const { file, run: number, window } = fileAndRun(arg);
      let log = logs.get(file);
      if (!log) logs.set(file, (log = parseLog(inputs.get(file)!)));
      runs.push({ ...namedRun(inputs.get(file)!, log, number), ...(window ? { window } : {}) });
    }
    const json = toCompareJson(runs, request);
    if (format === 'json') {
      await writeFile(values.output!, JSON.stringify(json, null, 2) + '\n');
      return 0;
    }
    const markdown = compareMarkdown(json, seriesNames(runs, request.baseline), values.raw ?? false, request.sort);
    if (format === 'md') await writeFile(values.output!, markdown);
    else process.stdout.write(markdown);
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}

/**
 * The Δ table of a comparison as Markdown: its header (runs, window, method), then the rows named as the
 * page names them (`names`; default the series ids) in the page's units, or raw; ordered by `order`. With
 * layout=hosts, each run's figures side by side instead (hostsTable: no change, no verdict).
 */
export function compareMarkdown(json: CompareJson, names?: SeriesNames, raw = false, order: CompareSort = 'change'): string {
  const labels = json.runs.map((r, i) => ({ tag: runTag(i), name: runName(r) }));
  const series: ComparedSeries[] = Object.entries(json.series).map(([id, s]) => ({ id, ...s }));
  const steady = json.runs.map((r) => r.steady);
  const window = json.window
    ? `${json.window.from} s to ${json.window.to} s of aligned elapsed time`
    : steady.some((s) => s !== undefined)
      ? steadyWindowText(steady, labels)
      : (ownWindowsText(json.runs.map((r) => r.window), labels) ?? undefined);
  const offsetEstimates = json.align === 'clock' ? json.runs.map((r) => r.offsetEstimate ?? null) : undefined;
  if (json.layout === 'hosts') {
    return deltaTableMarkdown(hostsTable(series, labels, { names, raw }), labels, json.baseline, { window, layout: 'hosts', offsetEstimates, align: json.align });
  }
  const table = deltaTable(series, labels, json.baseline, { names, raw, order });
  return deltaTableMarkdown(table, labels, json.baseline, { window, minChange: json.minChange, offsetEstimates, align: json.align });
}

function outputFormat(output: string | undefined): 'stdout' | 'md' | 'json' | 'html' {
  if (output === undefined) return 'stdout';
  const ext = extname(output).toLowerCase();
  if (ext === '.md') return 'md';
  if (ext === '.json') return 'json';
  if (ext === '.html') return 'html';
  throw new UsageError(`-o ${output}: write a .md, .json or .html file`);
}

/**
 * The offline compare page of the runs: each file made into a report as the server would store it, once
 * however many of its runs are compared, opening with the command line's baseline, shifts and window.
 */
async function compareHtml(positionals: readonly string[], inputs: ReadonlyMap<string, Input>, request: CompareRequest & { sort: CompareSort }): Promise<string> {
  const assets = await loadOfflineAssets(process.env.WEB_DIR || defaultWebDir(), 'offline-compare');
  const reports = new Map<string, ExportReport>();
  const runs: ComparedRun[] = [];
  for (const arg of positionals) {
    const { file, run } = fileAndRun(arg);
    let report = reports.get(file);
    if (!report) reports.set(file, (report = reportOf(inputs.get(file)!)));
    pickRun(file, report.report.runs.length, run);
    runs.push({ report, run });
  }
  // Only the time columns (and zones, for the clock) decide the shifts and the common window.
  const chosen = runs.map(({ report, run }) => {
    const { time, firstRowIsSinceBoot, meta } = report.report.runs[(run ?? report.report.runs.length) - 1]!;
    return { time, firstRowIsSinceBoot, series: [], timezone: meta.timezone };
  });
  const shifts = request.align === 'clock' ? effectiveShifts(chosen, 'clock', request.shifts) : request.shifts;
  // window=steady: the page cuts each run to its steady state itself.
  const steady = request.window === 'steady';
  const window = request.window === 'common' ? commonWindow(chosen, shifts) : request.window === 'steady' ? null : request.window;
  if (request.window === 'common' && !window) throw new RangeError('the runs have no stretch of elapsed time in common');
  return offlineCompareHtml(assets, runs, { baseline: request.baseline, shifts, window, sort: request.sort, layout: request.layout, steady });
}

/** What the command line asks of the runs: its options (the table's flags) checked against the runs named. */
function compareRequest(values: Readonly<Record<string, string | boolean | undefined>>, count: number): CompareRequest & { sort: CompareSort } {
  const read = compareOptionsFromFlags(values);
  const fromTo = '--from S --to S: two numbers of seconds, from ≤ to (and not with --common)';
  if (!read.ok) {
    if (read.bad === 'baseline') throw new UsageError(`--baseline takes a run from 0 to ${count - 1}`);
    if (read.bad === 'shifts') throw new UsageError(`--shift takes up to ${count} numbers of seconds, comma-separated`);
    if (read.bad === 'from' || read.bad === 'to') throw new UsageError(values.from === undefined || values.to === undefined ? '--from and --to go together' : fromTo);
    throw new UsageError(read.message);
  }
  const o = read.options;
  if (o.baseline >= count) throw new UsageError(`--baseline takes a run from 0 to ${count - 1}`);
  if (o.shifts.length > count) throw new UsageError(`--shift takes up to ${count} numbers of seconds, comma-separated`);
  const shifts = o.shifts.slice();
  const { baseline, minChange, align, sort, layout } = o;
  if ((o.from === null) !== (o.to === null)) throw new UsageError('--from and --to go together');
  if (o.from !== null && o.to !== null) {
    if (o.window !== 'whole' || !(o.from <= o.to)) throw new UsageError(fromTo);
    return { baseline, shifts, window: { from: o.from, to: o.to }, minChange, align, sort, layout };
  }
  return { baseline, shifts, window: o.window === 'whole' ? null : o.window, minChange, align, sort, layout };
}

/** The files named on the command line (plain or gzip, `-` standard input), each read once. */
async function readInputs(files: readonly string[]): Promise<Map<string, Input>> {
  const inputs = new Map<string, Input>();
  for (const file of files) if (!inputs.has(file)) inputs.set(file, await readInput(file));
  return inputs;
}

/** A log read from the command line, parsed; a file that is not one is an InputError. */
function parseLog(input: Input): DstatLog {
  const file = input.file;
  try {
    return parseDstat(decodeUploadText(input.csv));
  } catch (err) {
    if (err instanceof Error) throw new InputError(inputLabel(file), err.message);
    throw err;
  }
}

/**
 * `FILE.csv:2` is run 2 of FILE.csv, `FILE.csv@60-120` the seconds 60 to 120 of its (last) run, `FILE.csv:2@60-120`
 * both — unless a file is named so.
 */
function fileAndRun(arg: string): { file: string; run: number | null; window?: { from: number; to: number } } {
  if (existsSync(arg)) return { file: arg, run: null };
  const at = /^(.+)@([^@]*)$/.exec(arg);
  let rest = arg;
  let window: { from: number; to: number } | undefined;
  if (at) {
    const w = parseRefWindow(at[2]!);
    if (!w) throw new UsageError(`${arg}: @FROM-TO takes two numbers of seconds, FROM below TO`);
    window = w;
    rest = at[1]!;
  }
  const m = /^(.+):(\d+)$/.exec(rest);
  if (!m || existsSync(rest)) return { file: rest, run: null, ...(window ? { window } : {}) };
  return { file: m[1]!, run: Number(m[2]), ...(window ? { window } : {}) };
}

/** Run `number` (1-based; null: the last) of a file of `count` runs; RangeError when it has no such run. */
function pickRun(file: string, count: number, number: number | null): number {
  const n = number ?? count;
  if (n < 1 || n > count) throw new RangeError(`${file} has ${count} run${count === 1 ? '' : 's'}: there is no run ${n}`);
  return n;
}

/** Run `number` of an input's log, named by the input's file name (`stdin.csv` for standard input). */
function namedRun(input: Input, log: DstatLog, number: number | null): NamedRun {
  const n = pickRun(input.file, log.runs.length, number);
  return { ...log.runs[n - 1]!, id: input.file, run: n, runs: log.runs.length, fileName: input.name };
}
