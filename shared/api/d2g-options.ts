/**
 * dstat2graphs' options (its upload form's fields and the arguments of dstat2graphs.pl) → viewer options.
 *
 *   height      → height (px per graph; the viewer's smallest is 100 px, so 64–99 become 100)
 *   width       → cols: as many graphs of that width as fit side by side in a 1200 px page, 1–4
 *                 (512, the default, → 2; 1024 → 1; 400 → 3; 300 or less → 4)
 *   disk_limit  → diskMax (bytes/s)   io_limit → iopsMax (/s)   net_limit → netMax (bytes/s)  (0 = automatic)
 *   offset      → offset (s)          duration → duration (s)
 *   is_actual   → x: 1 = time (the host's clock), 0 = elapsed
 * An option left out keeps the viewer's own default.
 */
import { D2gFormFields } from './schemas.js';
import type { ViewQueryOptions } from './view-query.js';

export type D2gOptions = { -readonly [K in keyof D2gFormFields]: D2gFormFields[K] };
export type D2gField = keyof D2gFormFields & string;

/** The field names, in dstat2graphs' form order. */
export const D2G_FIELDS = Object.keys(D2gFormFields.properties) as D2gField[];

/** A value out of dstat2graphs' range: `field` names it. */
export class D2gOptionError extends Error {
  override readonly name = 'D2gOptionError';
  constructor(
    readonly field: D2gField,
    message: string,
  ) {
    super(message);
  }
}

/** Width of the page the `width` → `cols` mapping assumes, px. */
const PAGE_WIDTH_PX = 1200;
/** The viewer's smallest graph height, px (shared/view/view-state.ts MIN_HEIGHT). */
const MIN_VIEWER_HEIGHT_PX = 100;

/** The range of a field, from the schema. */
export function d2gRange(field: D2gField): { minimum: number; maximum: number; default: number } {
  const s = D2gFormFields.properties[field] as unknown as { minimum: number; maximum: number; default: number };
  return { minimum: s.minimum, maximum: s.maximum, default: s.default };
}

/**
 * Read dstat2graphs' fields from text values (form fields, command-line arguments); fields that are absent
 * (undefined) stay absent. Throws D2gOptionError naming the first bad field.
 */
export function parseD2gOptions(values: Partial<Record<string, string | undefined>>): D2gOptions {
  const out: D2gOptions = {};
  for (const field of D2G_FIELDS) {
    const text = values[field];
    if (text === undefined) continue;
    const { minimum, maximum } = d2gRange(field);
    const n = /^\s*\d{1,16}\s*$/.test(text) ? Number(text) : NaN;
    if (!(Number.isSafeInteger(n) && n >= minimum && n <= maximum)) {
      const range = maximum === 1 ? '0 or 1' : maximum < 1e6 ? `an integer from ${minimum} to ${maximum}` : `an integer ≥ ${minimum}`;
      throw new D2gOptionError(field, `${field} must be ${range} (as in dstat2graphs), got ${JSON.stringify(text.slice(0, 40))}`);
    }
    out[field] = n;
  }
  return out;
}

/** The viewer options dstat2graphs' options stand for (see the table at the top). */
export function d2gViewOptions(o: D2gOptions): ViewQueryOptions {
  const v: ViewQueryOptions = {};
  if (o.offset) v.offset = o.offset;
  if (o.duration) v.duration = o.duration;
  if (o.height !== undefined) v.height = Math.max(MIN_VIEWER_HEIGHT_PX, o.height);
  if (o.width !== undefined) v.cols = Math.min(4, Math.max(1, Math.floor(PAGE_WIDTH_PX / o.width)));
  if (o.disk_limit) v.diskMax = o.disk_limit;
  if (o.io_limit) v.iopsMax = o.io_limit;
  if (o.net_limit) v.netMax = o.net_limit;
  if (o.is_actual !== undefined) v.x = o.is_actual === 1 ? 'time' : 'elapsed';
  return v;
}
