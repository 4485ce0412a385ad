/**
 * The compare options as `dstatview compare` flags, derived from the option table
 * (shared/view/compare-options.ts): one flag per option the CLI has (`--baseline N`, `--min-change P`), a
 * shorthand switch where the table declares one (`--common`), their help lines, and the options a command
 * line sets. Rules between options and the runs (a baseline that is a run) are the command's.
 */
import { COMPARE_OPTION_NAMES, COMPARE_OPTIONS, compareOptionsFromTexts, compareParam, type CompareOption, type CompareOptionName, type CompareOptions } from '../../shared/view/compare-options.js';

const row = (name: CompareOptionName): CompareOption<unknown> => COMPARE_OPTIONS[name] as CompareOption<unknown>;

/** The options the CLI has: a flag in the table. */
const FLAGGED = COMPARE_OPTION_NAMES.filter((name) => row(name).flag !== null);

/** node:util parseArgs' configuration of the compare flags. */
export const COMPARE_FLAGS: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries(
  FLAGGED.flatMap((name) => {
    const o = row(name);
    const flags: [string, { type: 'string' | 'boolean' }][] = [[o.flag!, { type: 'string' }]];
    if (o.shorthand) flags.push([o.shorthand.flag, { type: 'boolean' }]);
    return flags;
  }),
);

/** Widest help line, characters (the command's own lines). */
const HELP_COLUMNS = 110;

/** One flag's help: its name and metavar, then the help wrapped at HELP_COLUMNS under its own column. */
function helpLines(left: string, help: string, indent: string, width: number): string[] {
  const pad = indent + ' '.repeat(width);
  const lines: string[] = [];
  let line = `${indent}${left.padEnd(width - 1)} `;
  let fresh = true;
  for (const word of help.split(' ')) {
    if (!fresh && line.length + 1 + word.length > HELP_COLUMNS) {
      lines.push(line);
      line = pad;
      fresh = true;
    }
    line += (fresh ? '' : ' ') + word;
    fresh = false;
  }
  return [...lines, line];
}

/** The help lines of the compare flags, aligned and wrapped as the command's own. */
export function compareFlagsHelp(indent = '  ', width = 20): string {
  return FLAGGED.flatMap((name) => {
    const o = row(name);
    const lines = helpLines(`--${o.flag} ${o.codec.metavar}`, o.help, indent, width);
    if (o.shorthand) lines.push(...helpLines(`--${o.shorthand.flag}`, o.shorthand.help, indent, width));
    return lines;
  }).join('\n');
}

export type FlagsResult = { ok: true; options: CompareOptions } | { ok: false; bad: CompareOptionName; message: string };

/**
 * The options a command line sets (the others at their default), or the first bad one with a message naming
 * its flag and what it takes. A shorthand and its option's own flag together are refused.
 */
export function compareOptionsFromFlags(values: Readonly<Record<string, string | boolean | undefined>>): FlagsResult {
  const texts: Record<string, string> = {};
  for (const name of FLAGGED) {
    const o = row(name);
    const given = values[o.flag!];
    if (typeof given === 'string') texts[compareParam(name)] = given;
    if (o.shorthand && values[o.shorthand.flag] === true) {
      const value = o.codec.toText(o.shorthand.value);
      if (typeof given === 'string' && given !== value) {
        return { ok: false, bad: name, message: `--${o.shorthand.flag} is --${o.flag} ${value}: not with --${o.flag} ${given}` };
      }
      texts[compareParam(name)] = value;
    }
  }
  const read = compareOptionsFromTexts(texts);
  if (!('bad' in read)) return { ok: true, options: read };
  const o = row(read.bad);
  return { ok: false, bad: read.bad, message: `--${o.flag} takes ${o.codec.expects}, got ${JSON.stringify(read.text)}` };
}
