/**
 * Values of a resolved series whose source combines several series (a total computed from the devices).
 * Row by row; a row where any part is NaN is NaN (a gap), never a partial sum that would look like a drop.
 */
import type { SeriesSource } from './types.js';

export function combineValues(parts: readonly ArrayLike<number>[], combine: SeriesSource['combine']): Float64Array {
  const n = parts.length > 0 ? Math.min(...parts.map((p) => p.length)) : 0;
  const out = new Float64Array(n);
  for (const part of parts) for (let i = 0; i < n; i++) out[i]! += part[i]!;
  if (combine === 'mean' && parts.length > 0) for (let i = 0; i < n; i++) out[i]! /= parts.length;
  return out;
}

/**
 * The values of a source, given a lookup of series values by id. Returns null when a series is missing.
 * Single sources return the looked-up array itself (no copy).
 */
export function sourceValues(
  source: SeriesSource,
  lookup: (id: string) => Float64Array | undefined,
): Float64Array | null {
  const parts: Float64Array[] = [];
  for (const id of source.ids) {
    const v = lookup(id);
    if (!v) return null;
    parts.push(v);
  }
  if (source.combine === 'one') return parts[0] ?? null;
  return combineValues(parts, source.combine);
}
