/**
 * The `dstatview` command. `dstatview stats FILE.csv [--run N]` prints the statistics of one run as JSON,
 * computed by the same shared code the server and the browser use.
 * Exit codes: 0 ok, 1 the file cannot be read as a dstat log, 2 wrong usage.
 */
import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { statsReport } from '../shared/api/stats-report.js';
import { isDstatFormatError } from '../shared/dstat/errors.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { MAX_UPLOAD_BYTES_CEILING } from '../shared/limits.js';
import { decodeUploadText } from './upload/decode-text.js';

const USAGE = `Usage: dstatview stats FILE.csv [--run N]

Commands:
  stats FILE.csv   print min, avg, p95 and max of every series of a dstat/dool/pcp-dstat CSV as JSON,
                   from every raw sample but the run's first (dstat's since-boot average)

Options:
  --run N          which run of a file with several appended runs (1-based; default: the last)
  -h, --help       show this help`;

class UsageError extends Error {}

export async function main(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { run: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const [command, file, ...rest] = positionals;
    if (command !== 'stats' || !file || rest.length > 0) throw new UsageError('expected: stats FILE.csv');
    const run = values.run === undefined ? undefined : Number(values.run);
    if (run !== undefined && !(Number.isInteger(run) && run >= 1)) throw new UsageError('--run takes a number from 1');
    const report = statsReport(parseDstat(await readText(file)), run);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (err) {
    return fail(err);
  }
}

async function readText(file: string): Promise<string> {
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${file}: not a file`);
  if (info.size > MAX_UPLOAD_BYTES_CEILING) {
    throw new Error(`${file}: ${info.size} bytes; dstatview reads files up to ${MAX_UPLOAD_BYTES_CEILING} bytes`);
  }
  return decodeUploadText(await readFile(file));
}

function fail(err: unknown): number {
  if (err instanceof UsageError || (err instanceof Error && 'code' in err && err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')) {
    process.stderr.write(`dstatview: ${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (isDstatFormatError(err) || err instanceof RangeError) {
    process.stderr.write(`dstatview: ${err.message}\n`);
    return 1;
  }
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`dstatview: ${code === 'ENOENT' ? 'no such file: ' + message.replace(/^.*?'(.*)'$/, '$1') : message}\n`);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
