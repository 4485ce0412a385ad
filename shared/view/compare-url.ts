/**
 * The compare options (compare-options.ts) in a URL query: read leniently (a value that is malformed or out
 * of range is the default: a shared link always opens) and written as only what differs from the default, in
 * the table's order, so that the same options always give the same URL. Pure.
 */
import { COMPARE_OPTION_NAMES, COMPARE_OPTIONS, compareParam, DEFAULT_COMPARE_OPTIONS, type CompareOptions } from './compare-options.js';
import { fromUrl, toUrl } from './url-codec.js';
import type { Codec } from './view-options.js';

/** The options of a query's raw components (url-codec.ts rawParams), each invalid one at its default. */
export function compareOptionsFromUrl(params: ReadonlyMap<string, string>): CompareOptions {
  const v: Record<string, unknown> = { ...DEFAULT_COMPARE_OPTIONS };
  for (const name of COMPARE_OPTION_NAMES) {
    const raw = params.get(compareParam(name));
    if (raw === undefined) continue;
    const value = fromUrl(COMPARE_OPTIONS[name].codec as Codec<unknown>, raw);
    if (value !== undefined) v[name] = value;
  }
  return v as CompareOptions;
}

/**
 * `name=value` of each option that differs from its default, in the table's order; absent ones are defaults.
 * The zoom window is written only whole (both ends).
 */
export function compareOptionsUrlParts(options: Partial<CompareOptions>): string[] {
  const parts: string[] = [];
  const zoom = options.from != null && options.to != null;
  for (const name of COMPARE_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined || value === null) continue;
    if ((name === 'from' || name === 'to') && !zoom) continue;
    const codec = COMPARE_OPTIONS[name].codec as Codec<unknown>;
    const text = toUrl(codec, value);
    if (text === toUrl(codec, DEFAULT_COMPARE_OPTIONS[name])) continue;
    parts.push(`${compareParam(name)}=${text}`);
  }
  return parts;
}
