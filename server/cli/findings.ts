/**
 * `dstatview findings FILE.csv[.gz] [--json] [--link eth0:10G,…]`: what limited each run of a log
 * (shared/findings/), as a Markdown list, or as JSON ({runs: [RunFindings per run]}, the API's shape).
 * Exit 0 whatever was found.
 */
import { LANGS, type Lang } from '../../shared/chart/chart-text.js';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import { parseDstat } from '../../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../../shared/findings/evaluate.js';
import { parseLinks } from '../../shared/findings/link.js';
import { findingsMarkdown } from '../../shared/findings/markdown.js';
import { MAX_ROWS } from '../../shared/limits.js';
import { decodeUploadText } from '../upload/decode-text.js';
import { InputError, inputLabel, parseCommandLine, readInput, reportError, UsageError } from './common.js';

export const usage = `Usage: dstatview findings FILE.csv[.gz] [--json] [--link IFACE:SPEED[,…]] [--lang en|ja]

Say what limited each run of a dstat/dool/pcp-dstat CSV: CPU saturation, a single hot CPU, I/O wait, a
saturated disk, memory pressure, swapping, context-switch and interrupt storms, load, periodic bursts,
sampling gaps and the steady state, each with its window and numbers (rules: docs/findings.md). FILE may be
gzip-compressed, or - for standard input.

Options:
  --json          print {"runs": [...]} as the API's GET /api/reports/:id/findings does
  --link L        link speeds for net-near-link, e.g. eth0:10G,eth1:1G (bits/s; k, M, G, T)
  --lang en|ja    the language of the Markdown list (default en)
  -h, --help      show this help`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      json: { type: 'boolean' },
      link: { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('expected: findings FILE.csv');
    const lang = values.lang ?? 'en';
    if (!(LANGS as readonly string[]).includes(lang)) throw new UsageError(`--lang is one of ${LANGS.join(', ')}`);
    let links = new Map<string, number>();
    if (values.link !== undefined) {
      const parsed = parseLinks(values.link);
      if (!parsed.ok) throw new UsageError(`--${parsed.message}`);
      links = parsed.links;
    }
    const file = positionals[0]!;
    const input = await readInput(file);
    let log;
    try {
      log = parseDstat(decodeUploadText(input.csv), { maxRows: MAX_ROWS });
    } catch (err) {
      if (isDstatFormatError(err)) throw new InputError(inputLabel(file), err.message);
      throw err;
    }
    const runs = log.runs.map((r) => evaluateFindings(r, { links }));
    if (values.json) process.stdout.write(JSON.stringify({ runs }, null, 2) + '\n');
    else process.stdout.write(findingsMarkdown(runs.map((findings, i) => ({ index: log.runs[i]!.index, findings })), lang as Lang));
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}
