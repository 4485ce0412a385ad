/**
 * The `Cmdline:` line: which program ran, with which options, at which delay. dstat's own syntax is
 * `dstat [-afv] [options..] [delay [count]]`; dool and pcp-dstat keep it.
 */

/** Options that take the next word as their argument (`-C 0,1,total`, `--output file`). */
const OPTIONS_WITH_ARGUMENT = new Set([
  '-C', '-D', '-I', '-N', '-S', '-M', '-o',
  '--output', '--mods', '--pidfile', '--archive', '--host', '--config',
]);

export interface Cmdline {
  /** The program as written (`dstat`, `pcp-dstat`, `/usr/local/bin/dool`). */
  program: string;
  /** Every option word, short clusters split: `-tfvnrl` → `-t -f -v -n -r -l`; long ones as written. */
  options: string[];
  /** Seconds between samples from the command line; NaN when not given (dstat's default is 1). */
  delaySeconds: number;
  /** Number of samples requested; NaN when not given. */
  count: number;
}

/** Split on white space, honouring simple single and double quotes. */
function words(text: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

export function parseCmdline(text: string): Cmdline {
  const all = words(text);
  const program = all[0] ?? '';
  const options: string[] = [];
  const positional: string[] = [];
  for (let i = 1; i < all.length; i++) {
    const word = all[i]!;
    if (word.startsWith('--')) {
      options.push(word);
      if (!word.includes('=') && OPTIONS_WITH_ARGUMENT.has(word)) i++;
    } else if (word.startsWith('-') && word.length > 1 && !/^-\d/.test(word)) {
      i += splitCluster(word, options);
    } else {
      positional.push(word);
    }
  }
  const numbers = positional.filter((w) => /^\d+(\.\d+)?$/.test(w)).map(Number);
  return { program, options, delaySeconds: numbers[0] ?? NaN, count: numbers[1] ?? NaN };
}

/** Push the letters of `-tfvnrl` as options; returns 1 when the last letter takes the next word. */
function splitCluster(word: string, options: string[]): number {
  for (let k = 1; k < word.length; k++) {
    const opt = '-' + word[k];
    options.push(opt);
    // the rest of the cluster, or else the next word, is the argument (`-C0,1` or `-C 0,1`)
    if (OPTIONS_WITH_ARGUMENT.has(opt)) return k + 1 < word.length ? 0 : 1;
  }
  return 0;
}

export function hasOption(cmd: Cmdline, ...names: string[]): boolean {
  return cmd.options.some((o) => names.includes(o));
}
