/**
 * The `dstatview` command (main.ts runs it): a table of subcommands, each in its own module exporting
 * `run(args): Promise<number>` and `usage`, loaded only when it runs: the modules of all of them together
 * (TypeBox's schemas, chart drawing, the ZIP writer …) take longer to load than `report` takes to parse a
 * 4 MB log. Exit codes: 0 done, 1 bad input (one line `dstatview: FILE: line N: …`), 2 wrong usage.
 */
import { readFileSync } from 'node:fs';

export interface Command {
  usage: string;
  run(args: string[]): Promise<number>;
}

interface CommandEntry {
  /** One line for `dstatview --help`. */
  summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: Record<string, CommandEntry> = {
  stats: { summary: 'print min, avg, p95 and max of every series as JSON', load: () => import('./stats.js') },
  report: { summary: 'write reports (offline HTML, ZIP or a directory) without a server', load: () => import('./report.js') },
  upload: { summary: 'upload a log to a dstatview server and print its URL (and its delete token)', load: () => import('./upload.js') },
  live: { summary: 'follow a growing log and print the address of its live report', load: () => import('./live.js') },
  delete: { summary: 'delete an uploaded report with its delete token', load: () => import('./delete.js') },
  d2g: { summary: "dstat2graphs.pl's command line: a report directory with PNGs and a ZIP", load: () => import('./d2g.js') },
  findings: { summary: 'what limited each run (CPU, disk, memory, …) with its window, as Markdown or JSON', load: () => import('./findings.js') },
  compare: { summary: 'the change of every series between runs, as a Markdown table', load: () => import('./compare.js') },
};

/** package.json's version: two levels up from server/cli/, three from dist/server/cli/. */
function version(): string {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'dstatview' && pkg.version) return pkg.version;
    } catch {
      // not there: try the next
    }
  }
  return 'unknown';
}

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}   ${c.summary}`);
  return `Usage: dstatview COMMAND [ARGS]

Commands:
${lines.join('\n')}

  dstatview COMMAND --help   the command's own help
  dstatview --version        the version`;
}

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    process.stdout.write(`dstatview ${version()}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  const command = first === undefined ? undefined : Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!command) {
    process.stderr.write(`dstatview: ${first === undefined ? 'expected a command' : `unknown command ${JSON.stringify(first)}`}\n\n${usage()}\n`);
    return 2;
  }
  return (await command.load()).run(rest);
}
