/**
 * The `dstatview` dispatcher (server/cli/dispatch.ts), in process: --version and --help, each command found by
 * name and given the rest of the arguments, exit 2 with the usage for an unknown command or none.
 * commands.test.ts runs the same through the built binary.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main, usage } from '../../../server/cli/dispatch.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('dstatview (dispatcher)', () => {
  it('prints the version for --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      expect(await runInProcess(main, [flag])).toEqual({ code: 0, stdout: `dstatview ${VERSION}\n`, stderr: '' });
    }
  });

  it('prints the commands, each with its one line, for --help, -h and help', async () => {
    const text = usage();
    expect(text.startsWith('Usage: dstatview COMMAND [ARGS]\n\nCommands:\n')).toBe(true);
    expect(text).toContain('  stats      print min, avg, p95 and max of every series as JSON\n');
    expect(text).toContain('  d2g        dstat2graphs.pl\'s command line: a report directory with PNGs and a ZIP\n');
    expect(text.endsWith("\n\n  dstatview COMMAND --help   the command's own help\n  dstatview --version        the version")).toBe(true);
    for (const name of Object.keys(COMMANDS)) expect(text).toMatch(new RegExp(`^  ${name} +${COMMANDS[name]!.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    for (const flag of ['--help', '-h', 'help']) {
      expect(await runInProcess(main, [flag])).toEqual({ code: 0, stdout: `${text}\n`, stderr: '' });
    }
  });

  it('runs the command named with the arguments after it', async () => {
    const r = await runInProcess(main, ['stats', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dstatview stats FILE\.csv\[\.gz\] \[--run N\]\n/);
    for (const name of Object.keys(COMMANDS)) {
      const command = await COMMANDS[name]!.load();
      expect(command.usage, name).toMatch(new RegExp(`^Usage: dstatview ${name} `));
    }
  });

  it('exits 2 with the usage for no command, an unknown one, or a name of an object property', async () => {
    expect(await runInProcess(main, [])).toEqual({ code: 2, stdout: '', stderr: `dstatview: expected a command\n\n${usage()}\n` });
    expect(await runInProcess(main, ['grpah', 'x.csv'])).toEqual({ code: 2, stdout: '', stderr: `dstatview: unknown command "grpah"\n\n${usage()}\n` });
    expect((await runInProcess(main, ['toString'])).stderr).toMatch(/^dstatview: unknown command "toString"/);
  });
});
