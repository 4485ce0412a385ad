/**
 * The `dstatview` command. `dstatview stats FILE.csv [--run N]` prints the statistics of one run as JSON,
 * computed by the same shared code the server and the browser use.
 * Exit codes: 0 ok, 1 the file cannot be read as a dstat log, 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { statsReport } from '../shared/api/stats-report.js';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { fail, UsageError } from './cli/failure.js';
import { readLogText } from './cli/read-log.js';

const USAGE = `Usage: dstatview stats FILE.csv [--run N]
       dstatview compare A.csv B.csv [-o OUT.md|OUT.json]   (dstatview compare --help)

Commands:
  stats FILE.csv   print min, avg, p95 and max of every series of a dstat/dool/pcp-dstat CSV as JSON,
                   from every raw sample but the run's first (dstat's since-boot average)
  compare A B …    the change of every series between runs, as a Markdown table

Options:
  --run N          which run of a file with several appended runs (1-based; default: the last)
  -h, --help       show this help`;

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'compare') return (await import('./cli/compare.js')).run(argv.slice(1));
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
    const report = statsReport(parseDstat(await readLogText(file)), run);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (err) {
    return fail(err, USAGE);
  }
}

process.exitCode = await main(process.argv.slice(2));
