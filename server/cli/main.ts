/**
 * The `dstatview` command: a table of subcommands, each in its own module exporting
 * `run(args): Promise<number>`, `summary` and `usage`. Exit codes: 0 done, 1 bad input (one line
 * `dstatview: FILE: line N: …`), 2 wrong usage.
 */
import { readFileSync } from 'node:fs';
import * as compare from './compare.js';
import * as d2g from './d2g.js';
import * as report from './report.js';
import * as stats from './stats.js';
import * as upload from './upload.js';

interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

export const COMMANDS: Record<string, Command> = {
  stats,
  report,
  upload,
  d2g,
  compare,
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
  return command.run(rest);
}

process.exitCode = await main(process.argv.slice(2));
