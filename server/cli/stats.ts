/**
 * `dstatview stats FILE.csv[.gz] [--run N]`: the statistics of one run as JSON (min, avg, p95, max of every
 * series from every raw sample but the since-boot row), by the same code the server and the browser use.
 */
import { statsReport } from '../../shared/api/stats-report.js';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import { parseDstat } from '../../shared/dstat/parse-dstat.js';
import { decodeUploadText } from '../upload/decode-text.js';
import { InputError, inputLabel, intOption, parseCommandLine, readInput, reportError, UsageError } from './common.js';


export const usage = `Usage: dstatview stats FILE.csv[.gz] [--run N]

Print min, avg, p95 and max of every series of a dstat/dool/pcp-dstat CSV as JSON, from every raw sample
but the run's first (dstat's since-boot average). FILE may be gzip-compressed, or - for standard input.

Options:
  --run N      which run of a file with several appended runs (1-based; default: the last)
  -h, --help   show this help`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      run: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('expected: stats FILE.csv');
    const file = positionals[0]!;
    const runNumber = intOption('run', values.run, 1);
    const input = await readInput(file);
    let report;
    try {
      report = statsReport(parseDstat(decodeUploadText(input.csv)), runNumber);
    } catch (err) {
      if (isDstatFormatError(err) || err instanceof RangeError) throw new InputError(inputLabel(file), err.message);
      throw err;
    }
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}
