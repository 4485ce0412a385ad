/**
 * The report page's view as a URL query (docs/ui-contract.md §5), so that a shared link opens the same view.
 * Derived from the option table (view-options.ts): names, defaults, bounds and order are declared there.
 * Pure: no DOM. `parseViewState` never throws; a value that is missing, malformed or out of range is the
 * default. `serialiseViewState` writes only what differs from the default, in the table's order, so the same
 * view always gives the same URL and `parse(serialise(v))` gives `v` back.
 */
import {
  DEFAULT_VIEW,
  VIEW_OPTION_NAMES,
  VIEW_OPTIONS,
  withZoomRule,
  type Codec,
  type ViewOptionName,
  type ViewState,
} from './view-options.js';
import { fromUrl, rawParams, toUrl } from './url-codec.js';

export type { XAxisMode } from '../chart/time-axis.js';
export {
  DEFAULT_HEIGHT,
  DEFAULT_VIEW,
  formatSeconds,
  MAX_COLS,
  MAX_HEIGHT,
  MAX_LIMIT,
  MAX_SECONDS,
  MIN_HEIGHT,
  normaliseHide,
  type ViewState,
} from './view-options.js';

/** The view a query string describes; anything invalid is the default (never throws). */
export function parseViewState(search: string): ViewState {
  const p = rawParams(search);
  const v: Record<string, unknown> = { ...DEFAULT_VIEW };
  for (const name of VIEW_OPTION_NAMES) {
    const raw = p.get(name);
    if (raw === undefined) continue;
    const value = fromUrl(VIEW_OPTIONS[name].codec as Codec<unknown>, raw);
    if (value !== undefined) v[name] = value;
  }
  return withZoomRule(v as ViewState);
}

/** `name=value` of an option that differs from its default and reads back as itself; null otherwise. */
function urlPart(name: ViewOptionName, value: unknown): string | null {
  const codec = VIEW_OPTIONS[name].codec as Codec<unknown>;
  if (value === null || value === undefined) return null;
  const text = toUrl(codec, value);
  if (text === toUrl(codec, DEFAULT_VIEW[name])) return null;
  return fromUrl(codec, text) === undefined ? null : `${name}=${text}`;
}

/** The query string (`?…`, or `''` for the default view) of a view: only what differs from the default. */
export function serialiseViewState(view: ViewState): string {
  const v = withZoomRule(view);
  const parts = VIEW_OPTION_NAMES.map((name) => urlPart(name, v[name])).filter((p): p is string => p !== null);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Two views are the same view (same URL). */
export function sameView(a: ViewState, b: ViewState): boolean {
  return serialiseViewState(a) === serialiseViewState(b);
}
