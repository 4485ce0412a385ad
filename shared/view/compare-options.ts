/**
 * The compare view's options, declared once (docs/ui-contract.md §18, docs/compare.md). Every place that takes
 * a comparison's options derives from this table: the page's URL codec (compare-view.ts parse,
 * shared/api/compare-ref.ts `compareQuery` write), the compare route's query schema (compareQuerySchema in
 * shared/api/schemas.ts), the CLI `compare` flags and help (server/cli/compare-flags.ts). The runs themselves
 * (`ids`, the CLI's files) are what is compared, not an option: shared/api/compare-ref.ts.
 *
 * Each row says (as view-options.ts does for a report):
 *   codec     how its value is read from and written to text (URL, query, flag), its bounds and its schema
 *   default   the value when absent (never written to a URL)
 *   param     its name in a URL or query when not the row's own (`shift` for the shifts)
 *   flag      the CLI's flag (`--min-change`); null when only the page has it
 *   shorthand a switch that sets one value (`--common` = `--window common`)
 *   help      one line for the CLI's help and docs
 *   example   a value other than the default, for tests that go through every option
 * Rules between options and the number of runs (a baseline that is a run, a shift per run, the zoom's pair)
 * are not the codec's: compare-view.ts fits them on the page, the route and the CLI refuse them.
 */
import { DEFAULT_MIN_CHANGE } from '../compare/significance.js';
import { MAX_COMPARE_RUNS } from '../limits.js';
import { MAX_SECONDS, onOff, oneOf, wholeNumber, type Codec } from './view-options.js';

/** A finite number as JavaScript reads one (`12.5`, `-3`, `1e9`); undefined for blank or anything else. */
function finite(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text) + 0;
  return Number.isFinite(n) ? n : undefined;
}

/** Seconds to the millisecond: enough in a URL. */
export function roundMs(s: number): number {
  return Math.round(s * 1000) / 1000;
}

/** One run's shift, seconds (may be negative); a blank item is 0. Undefined when no number. */
export function shiftItem(text: string): number | undefined {
  return text.trim() === '' ? 0 : finite(text);
}

/** Most characters of a `shift` list. */
export const MAX_SHIFT_TEXT = 1024;

/**
 * Seconds per run, comma-separated in the order of the runs (`0,12.5`): a blank item is 0, a blank text no
 * shift; written only when some run is shifted. Text (a flag, a route's query) is strict; a URL is lenient item by item (a malformed
 * item is 0), as a shared link always opens.
 */
const shiftList: Codec<readonly number[]> = {
  fromText(text) {
    if (text.length > MAX_SHIFT_TEXT) return undefined;
    if (text.trim() === '') return [];
    const items = text.split(',').map(shiftItem);
    return items.every((n) => n !== undefined) ? (items as number[]) : undefined;
  },
  toText: (v) => (v.some((s) => s !== 0) ? v.map((s) => String(roundMs(s))).join(',') : ''),
  expects: 'numbers of seconds, one per run, comma-separated',
  metavar: 'S,S,…',
  schema: { type: 'string', maxLength: MAX_SHIFT_TEXT },
  items: {
    from: (items) => items.map((item) => shiftItem(item) ?? 0),
    to: (v) => (v.some((s) => s !== 0) ? v.map((s) => String(roundMs(s))) : []),
  },
};

/** Aligned elapsed seconds (before a run's start too: negative), or null (unset): the zoom window's ends. */
const alignedSeconds: Codec<number | null> = {
  fromText(text) {
    const n = finite(text);
    return n !== undefined && Math.abs(n) <= MAX_SECONDS ? n : undefined;
  },
  toText: (v) => (v === null ? '' : String(roundMs(v))),
  expects: 'a number of seconds',
  metavar: 'S',
  schema: { type: 'number', minimum: -MAX_SECONDS, maximum: MAX_SECONDS },
};

/** Largest practical threshold taken, % of the baseline's mean. */
export const MAX_MIN_CHANGE = 1000;

/** A percentage from 0 to MAX_MIN_CHANGE. */
const percent: Codec<number> = {
  fromText(text) {
    const n = finite(text);
    return n !== undefined && n >= 0 && n <= MAX_MIN_CHANGE ? n : undefined;
  },
  toText: (v) => String(v),
  expects: `a percentage from 0 to ${MAX_MIN_CHANGE}`,
  metavar: 'P',
  schema: { type: 'number', minimum: 0, maximum: MAX_MIN_CHANGE },
};

/** What is compared of each run: the whole run, the stretch every run covers, or each run's steady state. */
export type CompareWindow = 'whole' | 'common' | 'steady';
/** How the runs are drawn: every run overlaid in one chart, or one chart per run (host) stacked. */
export type CompareLayout = 'overlay' | 'hosts';
export type CompareAlign = 'elapsed' | 'clock';
export type CompareSort = 'change' | 'name';

export interface CompareOption<T> {
  codec: Codec<T>;
  default: T;
  /** Its name in a URL or query; default the row's own. */
  param?: string;
  /** The CLI's flag, without dashes; null: the page's only. */
  flag: string | null;
  /** A switch that sets one value, with its help line. */
  shorthand?: { flag: string; value: T; help: string };
  help: string;
  example: T;
}

const option = <T>(o: CompareOption<T>): CompareOption<T> => o;

/** The options in URL order (the order a URL writes them in, after `ids`). */
export const COMPARE_OPTIONS = {
  baseline: option<number>({
    codec: wholeNumber(0, MAX_COMPARE_RUNS - 1, true),
    default: 0,
    flag: 'baseline',
    help: 'the run the others are compared with (0-based, in the order given; default 0)',
    example: 1,
  }),
  shifts: {
    ...option<readonly number[]>({
      codec: shiftList,
      default: Object.freeze([]) as readonly number[],
      flag: 'shift',
      help: "seconds each run's start is shifted by (aligned elapsed = seconds since its first row − shift)",
      example: [0, 2.5],
    }),
    param: 'shift' as const,
  },
  from: option<number | null>({
    codec: alignedSeconds,
    default: null,
    flag: 'from',
    help: 'compare only this window of aligned elapsed seconds, every run alike (with --to)',
    example: 5,
  }),
  to: option<number | null>({
    codec: alignedSeconds,
    default: null,
    flag: 'to',
    help: 'the end of that window, aligned elapsed seconds (with --from)',
    example: 20,
  }),
  sort: option<CompareSort>({
    codec: oneOf<CompareSort>(['change', 'name']),
    default: 'change',
    flag: 'sort',
    help: "the table's order: by significance and size of the change (default), or by name in the page's order",
    example: 'name',
  }),
  idle: option<boolean>({
    codec: onOff,
    default: false,
    flag: null,
    help: 'draw the devices idle in every run (default: listed, not drawn, as on a report page)',
    example: true,
  }),
  minChange: option<number>({
    codec: percent,
    default: DEFAULT_MIN_CHANGE,
    flag: 'min-change',
    help: `the smallest change called significant, % of the baseline's mean (default ${DEFAULT_MIN_CHANGE})`,
    example: 10,
  }),
  align: option<CompareAlign>({
    codec: oneOf<CompareAlign>(['elapsed', 'clock']),
    default: 'elapsed',
    flag: 'align',
    help: "clock: line the runs up on the absolute clock (each log's Date: zone honoured), for logs of several hosts recorded at once; --shift then adds per-run clock offsets, and the header gives each run's offset estimated from its network traffic with the baseline's (one host's send against the other's receive)",
    example: 'clock',
  }),
  window: option<CompareWindow>({
    codec: oneOf<CompareWindow>(['whole', 'common', 'steady']),
    default: 'whole',
    flag: 'window',
    shorthand: { flag: 'common', value: 'common', help: 'the same as --window common' },
    help: "what of each run is compared: whole (default), common (the stretch of elapsed time every run covers) or steady (each run's own steady-state window, from its steady-state finding; a run without one whole)",
    example: 'steady',
  }),
  layout: option<CompareLayout>({
    codec: oneOf<CompareLayout>(['overlay', 'hosts']),
    default: 'overlay',
    flag: 'layout',
    help: "overlay (default): every run in one chart, the table with each run's change; hosts: each chart once per run stacked on one time axis, the table with each run's figures side by side (no change: different machines)",
    example: 'hosts',
  }),
};

export type CompareOptionName = keyof typeof COMPARE_OPTIONS;

/** A comparison's options: one value per row. */
export type CompareOptions = { -readonly [K in CompareOptionName]: (typeof COMPARE_OPTIONS)[K]['default'] };

/** The option names in URL order. */
export const COMPARE_OPTION_NAMES = Object.keys(COMPARE_OPTIONS) as CompareOptionName[];

export const DEFAULT_COMPARE_OPTIONS: CompareOptions = Object.freeze(
  Object.fromEntries(COMPARE_OPTION_NAMES.map((name) => [name, COMPARE_OPTIONS[name].default])) as CompareOptions,
);

/** An option's name in a URL or query. */
export type CompareParam<K extends CompareOptionName = CompareOptionName> = K extends CompareOptionName
  ? (typeof COMPARE_OPTIONS)[K] extends { param: infer P extends string }
    ? P
    : K
  : never;

/** The option's name in a URL or query. */
export function compareParam<K extends CompareOptionName>(name: K): CompareParam<K> {
  return ((COMPARE_OPTIONS[name] as CompareOption<unknown>).param ?? name) as CompareParam<K>;
}

/**
 * The options of some texts by their URL/query names (a validated route query): each given one read by its
 * codec, the others at their default. Returns them, or the first whose text is no valid value.
 */
export function compareOptionsFromTexts(
  texts: Readonly<Record<string, unknown>>,
): CompareOptions | { bad: CompareOptionName; param: string; text: string } {
  const v: Record<string, unknown> = { ...DEFAULT_COMPARE_OPTIONS };
  for (const name of COMPARE_OPTION_NAMES) {
    const param = compareParam(name);
    const given = texts[param];
    if (given === undefined) continue;
    const text = String(given);
    const value = (COMPARE_OPTIONS[name].codec as Codec<unknown>).fromText(text);
    if (value === undefined) return { bad: name, param, text };
    v[name] = value;
  }
  return v as CompareOptions;
}
