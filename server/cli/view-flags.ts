/**
 * The view options as command-line flags, derived from the option table (shared/view/view-options.ts): one
 * flag per option (`--disk-max N`, `--trend`, `--no-heatmap` for an option on by default), its help line, and
 * the options a command line sets. A bad value is a UsageError naming the flag and what it takes.
 */
import { VIEW_OPTION_NAMES, VIEW_OPTIONS, zoomPairHolds, type Codec, type ViewOptionName } from '../../shared/view/view-options.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import { UsageError } from './common.js';

/** An option's flag name: `--<flag>`, or `--no-<flag>` for a switch that is on by default. */
function flagName(name: ViewOptionName): string {
  const o = VIEW_OPTIONS[name];
  return typeof o.default === 'boolean' && o.default ? `no-${o.flag}` : o.flag;
}

const isSwitch = (name: ViewOptionName): boolean => typeof VIEW_OPTIONS[name].default === 'boolean';

/** node:util parseArgs' configuration of the view flags. */
export const VIEW_FLAGS: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries(
  VIEW_OPTION_NAMES.map((name) => [flagName(name), { type: isSwitch(name) ? 'boolean' : 'string' }]),
);

/** The help lines of the view flags, aligned as the commands' own. */
export function viewFlagsHelp(indent = '  ', width = 21): string {
  return VIEW_OPTION_NAMES.map((name) => {
    const o = VIEW_OPTIONS[name];
    const left = isSwitch(name) ? `--${flagName(name)}` : `--${o.flag} ${o.codec.metavar}`;
    return `${indent}${left.padEnd(width)}${o.help}`;
  }).join('\n');
}

/** The view options a command line sets (UsageError for a bad value, or `--from` without `--to`). */
export function viewFromFlags(values: Partial<Record<string, string | boolean | undefined>>): ViewQueryOptions {
  const v: Record<string, unknown> = {};
  for (const name of VIEW_OPTION_NAMES) {
    const given = values[flagName(name)];
    if (given === undefined) continue;
    const o = VIEW_OPTIONS[name];
    if (isSwitch(name)) {
      if (given === true) v[name] = !o.default;
      continue;
    }
    const text = String(given);
    const value = (o.codec as Codec<unknown>).fromText(text);
    if (value === undefined) throw new UsageError(`--${o.flag} takes ${o.codec.expects}, got ${JSON.stringify(text)}`);
    v[name] = value;
  }
  const set = v as ViewQueryOptions;
  if (!zoomPairHolds(set.from, set.to)) {
    throw new UsageError('--from and --to go together, --to after --from (seconds from the run\'s first sample)');
  }
  return set;
}
