/**
 * The report page's view as a URL query (docs/ui-contract.md §5), so that a shared link opens the same view.
 * Pure: no DOM. `parseViewState` never throws; a value that is missing, malformed or out of range is the
 * default. `serialiseViewState` writes only what differs from the default, in a fixed order, so the same
 * view always gives the same URL and `parse(serialise(v))` gives `v` back.
 *
 *   run       1-based run of a multi-run file (default: the last run)
 *   from, to  zoom window, seconds from the run's first sample (row 0); both or neither
 *   offset    seconds cut from the start (dstat2graphs' offset)
 *   duration  seconds kept after the offset; 0 = to the end
 *   height    px per graph (plot box), 100–1200
 *   cols      graphs per row, 1–4 (default: as many as fit)
 *   diskMax, iopsMax, netMax   Y upper limits (bytes/s, /s, bytes/s); 0 = automatic
 *   x         `time` (the recording host's clock, default) or `elapsed`
 *   trend     1: draw the moving-average trend lines
 *   hide      chart keys or series ids, comma-separated (each item percent-encoded)
 *   idle      1: draw the devices idle for the whole run
 *   heatmap   0: per-CPU charts instead of the heatmap (16+ CPUs)
 */

export type { XAxisMode } from '../chart/time-axis.js';
import type { XAxisMode } from '../chart/time-axis.js';

export interface ViewState {
  /** 1-based run; null = the last run. */
  run: number | null;
  /** Zoom window in seconds from the run's first sample; null = the whole (cut) run. */
  from: number | null;
  to: number | null;
  offset: number;
  duration: number;
  height: number;
  /** null = automatic (as many as fit). */
  cols: number | null;
  diskMax: number;
  iopsMax: number;
  netMax: number;
  x: XAxisMode;
  trend: boolean;
  /** Chart keys and series ids not drawn; sorted, no duplicates. */
  hide: readonly string[];
  idle: boolean;
  heatmap: boolean;
}

export const DEFAULT_HEIGHT = 200;
export const MIN_HEIGHT = 100;
export const MAX_HEIGHT = 1200;
export const MAX_COLS = 4;

export const DEFAULT_VIEW: ViewState = Object.freeze({
  run: null,
  from: null,
  to: null,
  offset: 0,
  duration: 0,
  height: DEFAULT_HEIGHT,
  cols: null,
  diskMax: 0,
  iopsMax: 0,
  netMax: 0,
  x: 'time',
  trend: false,
  hide: Object.freeze([]) as readonly string[],
  idle: false,
  heatmap: true,
});

/** Raw (still percent-encoded) values of a query string, first occurrence of each name. */
function rawParams(search: string): Map<string, string> {
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
function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A plain decimal number (no hex, no exponent, no Infinity); null otherwise. */
function number(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const text = decode(raw)?.trim();
  if (!text || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  // `+ 0` turns −0 (`-0`, `-0.0`) into 0: serialise writes nothing for it, and parse gives 0 back.
  const n = Number(text) + 0;
  return Number.isFinite(n) ? n : null;
}

/** Largest number of seconds taken (over 300 years): keeps every value printable without an exponent. */
export const MAX_SECONDS = 1e10;
/** Largest Y limit taken. */
export const MAX_LIMIT = Number.MAX_SAFE_INTEGER;

/** Seconds rounded to the millisecond, in [0, MAX_SECONDS]; the fallback otherwise. */
function seconds(raw: string | undefined, fallback: number): number {
  const n = number(raw);
  return n !== null && n >= 0 && n <= MAX_SECONDS ? Math.round(n * 1000) / 1000 : fallback;
}

/** A whole non-negative number up to MAX_LIMIT; the fallback otherwise. */
function limit(raw: string | undefined, fallback: number): number {
  const n = number(raw);
  return n !== null && n >= 0 && n <= MAX_LIMIT ? Math.round(n) : fallback;
}

function flag(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const text = decode(raw)?.trim().toLowerCase();
  if (text === '1' || text === 'true' || text === 'yes' || text === 'on') return true;
  if (text === '0' || text === 'false' || text === 'no' || text === 'off') return false;
  return fallback;
}

/** The view a query string describes; anything invalid is the default (never throws). */
export function parseViewState(search: string): ViewState {
  const p = rawParams(search);
  const v: ViewState = { ...DEFAULT_VIEW };

  const run = number(p.get('run'));
  if (run !== null && Number.isInteger(run) && run >= 1 && run <= 1_000_000) v.run = run;

  const from = seconds(p.get('from'), -1);
  const to = seconds(p.get('to'), -1);
  if (from >= 0 && to > from) {
    v.from = from;
    v.to = to;
  }

  v.offset = seconds(p.get('offset'), 0);
  v.duration = seconds(p.get('duration'), 0);

  const height = number(p.get('height'));
  if (height !== null && height >= MIN_HEIGHT && height <= MAX_HEIGHT) v.height = Math.round(height);

  const cols = number(p.get('cols'));
  if (cols !== null && Number.isInteger(cols) && cols >= 1 && cols <= MAX_COLS) v.cols = cols;

  v.diskMax = limit(p.get('diskMax'), 0);
  v.iopsMax = limit(p.get('iopsMax'), 0);
  v.netMax = limit(p.get('netMax'), 0);

  const x = decode(p.get('x') ?? '')?.trim();
  if (x === 'elapsed' || x === 'time') v.x = x;

  v.trend = flag(p.get('trend'), false);
  v.idle = flag(p.get('idle'), false);
  v.heatmap = flag(p.get('heatmap'), true);

  const hide = p.get('hide');
  if (hide !== undefined) v.hide = normaliseHide(hide.split(',').map((item) => decode(item) ?? ''));
  return v;
}

/** Sorted, unique, non-empty items. */
export function normaliseHide(items: readonly string[]): readonly string[] {
  return [...new Set(items.map((s) => s.trim()).filter((s) => s !== ''))].sort();
}

/** Seconds as short as they can be written exactly to the millisecond: `12`, `12.5`, `0.001`. */
export function formatSeconds(s: number): string {
  const ms = Math.round(s * 1000);
  return String(ms / 1000);
}

/** Query component encoding that leaves the separators of `hide` readable (`,` inside an item is `%2C`). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

/** The query string (`?…`, or `''` for the default view) of a view: only what differs from the default. */
export function serialiseViewState(v: ViewState): string {
  const parts: string[] = [];
  const put = (name: string, value: string): void => {
    parts.push(`${name}=${value}`);
  };
  if (v.run !== null && Number.isInteger(v.run) && v.run >= 1) put('run', String(v.run));
  if (v.from !== null && v.to !== null && v.to > v.from && v.from >= 0) {
    put('from', formatSeconds(v.from));
    put('to', formatSeconds(v.to));
  }
  if (v.offset > 0) put('offset', formatSeconds(v.offset));
  if (v.duration > 0) put('duration', formatSeconds(v.duration));
  if (v.height !== DEFAULT_HEIGHT) put('height', String(v.height));
  if (v.cols !== null) put('cols', String(v.cols));
  if (v.diskMax > 0) put('diskMax', String(Math.round(v.diskMax)));
  if (v.iopsMax > 0) put('iopsMax', String(Math.round(v.iopsMax)));
  if (v.netMax > 0) put('netMax', String(Math.round(v.netMax)));
  if (v.x !== 'time') put('x', v.x);
  if (v.trend) put('trend', '1');
  const hide = normaliseHide(v.hide);
  if (hide.length > 0) put('hide', hide.map(encode).join(','));
  if (v.idle) put('idle', '1');
  if (!v.heatmap) put('heatmap', '0');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Two views are the same view (same URL). */
export function sameView(a: ViewState, b: ViewState): boolean {
  return serialiseViewState(a) === serialiseViewState(b);
}
