/**
 * Option values in a URL query, for the option tables (view-options.ts for a report, compare-options.ts for a
 * comparison): raw components read once, each value through its codec, a list item by item. Pure.
 */
import type { Codec } from './view-options.js';

/** Raw (still percent-encoded) values of a query string, first occurrence of each name. */
export function rawParams(search: string): Map<string, string> {
  const out = new Map<string, string>();
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return out;
  for (const part of q.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    if (name === null || out.has(name)) continue;
    out.set(name, eq < 0 ? '' : part.slice(eq + 1));
  }
  return out;
}

/** Percent-decoding of one query component (`+` is a space); null when malformed. */
export function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Query component encoding that leaves `:` and `/` readable (`,` inside a list item is `%2C`). */
export function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

/** One option's value from its raw URL component; undefined when invalid. */
export function fromUrl<T>(codec: Codec<T>, raw: string): T | undefined {
  if (codec.items) return codec.items.from(raw.split(',').map((item) => decode(item) ?? ''));
  const text = decode(raw);
  return text === null ? undefined : codec.fromText(text);
}

/** One option's raw URL component. */
export function toUrl<T>(codec: Codec<T>, value: T): string {
  return codec.items ? codec.items.to(value).map(encode).join(',') : encode(codec.toText(value));
}
