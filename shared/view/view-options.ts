/**
 * The report's view options, declared once (docs/ui-contract.md §5). Every place that takes a view derives
 * from this table: the page's URL codec (view-state.ts), the HTTP routes' query schema (viewQuerySchema),
 * the CLI's flags and help (view-flags.ts), the server's render options and the page's view state (the
 * ViewState type). Adding an option is a row here, its effect where charts are drawn, its control, its test.
 *
 * Each row says:
 *   codec    how its value is read from and written to text (URL, query, flag), its bounds and its schema
 *   default  the value when absent (never written to a URL)
 *   flag     the CLI's flag (`--disk-max`); a flag whose default is true is written `--no-<flag>`
 *   help     one line for the CLI's help and docs
 *   raw      needs the raw samples (a reduced level of detail would draw something else)
 *   drawn    changes what the charts draw (images, first screen): else it changes only the page's layout
 *   example  a value other than the default, for tests that go through every option
 */
import type { XAxisMode } from '../chart/time-axis.js';
import { formatFindingRef, MAX_FINDING_REF, parseFindingRef } from '../findings/finding-ref.js';
import { formatLinkItem, formatLinkSpeeds, MAX_LINK_TEXT, parseLinkItems, parseLinkSpeeds, type LinkSpeed } from '../findings/link-speeds.js';

/** How one option's value is read and written. */
export interface Codec<T> {
  /** The value of a text (already percent-decoded); undefined when the text is no valid value. */
  fromText(text: string): T | undefined;
  /** The text of a value (before percent-encoding). */
  toText(value: T): string;
  /** What a valid text is, for messages: `a whole number from 1 to 4`. */
  expects: string;
  /** The value's placeholder in a command's help: `N`, `S`, `elapsed|time`. */
  metavar: string;
  /**
   * The routes' query schema of the option, as plain JSON Schema (strings are coerced to numbers by Fastify's
   * Ajv); view-query-schema.ts makes the routes' TypeBox schema of them. Plain data here: the CLI reads this
   * table and would pay ~0.2 s to load TypeBox.
   */
  schema: JsonSchema;
  /**
   * A list: a URL writes its items percent-encoded one by one, joined by commas (so an item may hold a
   * comma); text elsewhere (flags, a route's decoded query) splits on commas.
   */
  items?: { from(items: readonly string[]): T; to(value: T): readonly string[] };
}

/** A JSON Schema, as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A plain decimal number (no hex, no exponent, no Infinity); undefined otherwise. −0 reads as 0. */
export function decimal(text: string): number | undefined {
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const n = Number(t) + 0;
  return Number.isFinite(n) ? n : undefined;
}

/** Largest number of seconds taken (over 300 years): keeps every value printable without an exponent. */
export const MAX_SECONDS = 1e10;
/** Largest Y limit taken. */
export const MAX_LIMIT = Number.MAX_SAFE_INTEGER;

/** Seconds as short as they can be written exactly to the millisecond: `12`, `12.5`, `0.001`. */
export function formatSeconds(s: number): string {
  return String(Math.round(s * 1000) / 1000);
}

/** Seconds from 0 to MAX_SECONDS, kept to the millisecond. */
const seconds: Codec<number> = {
  fromText(text) {
    const n = decimal(text);
    return n !== undefined && n >= 0 && n <= MAX_SECONDS ? Math.round(n * 1000) / 1000 : undefined;
  },
  toText: formatSeconds,
  expects: 'a number of seconds from 0',
  metavar: 'S',
  schema: { type: 'number', minimum: 0, maximum: MAX_SECONDS },
};

/** Seconds or null (unset): the zoom window's ends. */
const optionalSeconds: Codec<number | null> = {
  fromText: (text) => seconds.fromText(text),
  toText: (v) => (v === null ? '' : formatSeconds(v)),
  expects: seconds.expects,
  metavar: seconds.metavar,
  schema: seconds.schema,
};

/** A whole number in [min, max] (a decimal in range rounds to it, as the page always read them). */
export function wholeNumber(min: number, max: number, strict = false): Codec<number> {
  return {
    fromText(text) {
      const n = decimal(text);
      if (n === undefined || n < min || n > max) return undefined;
      if (strict && !Number.isInteger(n)) return undefined;
      return Math.round(n);
    },
    toText: (v) => String(Math.round(v)),
    expects: `a whole number from ${min}${max < MAX_LIMIT ? ` to ${max}` : ''}`,
    metavar: 'N',
    schema: { type: 'integer', minimum: min, maximum: max },
  };
}

/** A whole number in [min, max] or null (automatic). */
function optionalWholeNumber(min: number, max: number): Codec<number | null> {
  const n = wholeNumber(min, max, true);
  return { fromText: n.fromText, toText: (v) => (v === null ? '' : n.toText(v)), expects: n.expects, metavar: n.metavar, schema: n.schema };
}

/** A Y limit: a whole number from 0 (0 = automatic). */
const yLimit: Codec<number> = { ...wholeNumber(0, MAX_LIMIT), schema: { type: 'number', minimum: 0, maximum: MAX_LIMIT } };

const TRUE_TEXTS = ['1', 'true', 'yes', 'on'] as const;
const FALSE_TEXTS = ['0', 'false', 'no', 'off'] as const;

/** A switch: `1` or `0` (also true/false, yes/no, on/off). */
export const onOff: Codec<boolean> = {
  fromText(text) {
    const t = text.trim().toLowerCase();
    if ((TRUE_TEXTS as readonly string[]).includes(t)) return true;
    if ((FALSE_TEXTS as readonly string[]).includes(t)) return false;
    return undefined;
  },
  toText: (v) => (v ? '1' : '0'),
  expects: '1 or 0',
  metavar: '1|0',
  schema: { type: 'string', enum: [...TRUE_TEXTS, ...FALSE_TEXTS] },
};

/** One of some words. */
export function oneOf<T extends string>(values: readonly T[]): Codec<T> {
  return {
    fromText(text) {
      const t = text.trim();
      return (values as readonly string[]).includes(t) ? (t as T) : undefined;
    },
    toText: (v) => v,
    expects: values.join(' or '),
    metavar: values.join('|'),
    schema: { type: 'string', enum: [...values] },
  };
}

/** Most characters of a `hide` list (chart keys and series ids of a big host run to a few kB). */
export const MAX_HIDE_TEXT = 65_536;

/** Sorted, unique, non-empty items. */
export function normaliseHide(items: readonly string[]): readonly string[] {
  return [...new Set(items.map((s) => s.trim()).filter((s) => s !== ''))].sort();
}

/** Chart keys and series ids, comma-separated (a URL writes a comma inside an item as %2C). */
const keyList: Codec<readonly string[]> = {
  fromText: (text) => (text.length <= MAX_HIDE_TEXT ? normaliseHide(text.split(',')) : undefined),
  toText: (v) => normaliseHide(v).join(','),
  expects: 'chart keys or series ids, comma-separated',
  metavar: 'KEYS',
  schema: { type: 'string', maxLength: MAX_HIDE_TEXT },
  items: { from: normaliseHide, to: normaliseHide },
};

/** A finding of the run (shared/findings/finding-ref.ts): `rule` or `rule:N`, or null (none selected). */
const findingRef: Codec<string | null> = {
  fromText(text) {
    const ref = parseFindingRef(text);
    return ref ? formatFindingRef(ref) : undefined;
  },
  toText: (v) => v ?? '',
  expects: 'a finding: its rule id, or rule:N for the Nth finding of a rule',
  metavar: 'RULE[:N]',
  schema: { type: 'string', maxLength: MAX_FINDING_REF, pattern: '^[a-z][a-z0-9-]*(:[1-9][0-9]{0,5})?$' },
};

/** NICs' link speeds (shared/findings/link-speeds.ts): `eth0:10G,eth1:1G`, bits per second. */
const linkSpeeds: Codec<readonly LinkSpeed[]> = {
  fromText: (text) => parseLinkSpeeds(text),
  toText: formatLinkSpeeds,
  expects: 'NIC:SPEED items, comma-separated (eth0:10G,eth1:1G; bits per second, k/M/G/T = 1000s)',
  metavar: 'NIC:SPEED,…',
  schema: { type: 'string', maxLength: MAX_LINK_TEXT },
  items: {
    from: (items) => parseLinkItems(items) ?? [],
    to: (v) => v.map(formatLinkItem),
  },
};

export interface ViewOption<T> {
  codec: Codec<T>;
  default: T;
  /** The CLI's flag, without dashes. */
  flag: string;
  help: string;
  raw: boolean;
  drawn: boolean;
  example: T;
}

const option = <T>(o: ViewOption<T>): ViewOption<T> => o;

export const DEFAULT_HEIGHT = 200;
export const MIN_HEIGHT = 100;
export const MAX_HEIGHT = 1200;
export const MAX_COLS = 4;
/** Largest run number taken. */
export const MAX_RUN = 1_000_000;
/** Widest moving average `smooth` takes, samples (an hour of a 1-s log). */
export const MAX_SMOOTH = 3600;

/**
 * The options in URL order (the order a URL writes them in). `from` and `to` are a pair: both or neither,
 * `to` after `from` (view-state.ts keeps that rule).
 */
export const VIEW_OPTIONS = {
  run: option<number | null>({
    codec: optionalWholeNumber(1, MAX_RUN),
    default: null,
    flag: 'run',
    help: 'which run of a file with appended runs, 1-based (default: the last)',
    raw: false,
    drawn: true,
    example: 1,
  }),
  from: option<number | null>({
    codec: optionalSeconds,
    default: null,
    flag: 'from',
    help: 'zoom window start, seconds from the run\'s first sample (with --to)',
    raw: true,
    drawn: true,
    example: 10,
  }),
  to: option<number | null>({
    codec: optionalSeconds,
    default: null,
    flag: 'to',
    help: 'zoom window end, seconds from the run\'s first sample (with --from)',
    raw: true,
    drawn: true,
    example: 40,
  }),
  offset: option<number>({
    codec: seconds,
    default: 0,
    flag: 'offset',
    help: 'seconds cut from the start',
    raw: false,
    drawn: true,
    example: 5,
  }),
  duration: option<number>({
    codec: seconds,
    default: 0,
    flag: 'duration',
    help: 'seconds kept after the offset (0 = to the end)',
    raw: false,
    drawn: true,
    example: 30,
  }),
  height: option<number>({
    codec: wholeNumber(MIN_HEIGHT, MAX_HEIGHT),
    default: DEFAULT_HEIGHT,
    flag: 'height',
    help: `graph height, px (${MIN_HEIGHT}-${MAX_HEIGHT})`,
    raw: false,
    drawn: true,
    example: 300,
  }),
  cols: option<number | null>({
    codec: optionalWholeNumber(1, MAX_COLS),
    default: null,
    flag: 'cols',
    help: `graphs per row, 1-${MAX_COLS} (default: as many as fit)`,
    raw: false,
    drawn: false,
    example: 1,
  }),
  diskMax: option<number>({
    codec: yLimit,
    default: 0,
    flag: 'disk-max',
    help: 'disk I/O Y limit, bytes/s (0 = automatic)',
    raw: false,
    drawn: true,
    example: 1_048_576,
  }),
  iopsMax: option<number>({
    codec: yLimit,
    default: 0,
    flag: 'iops-max',
    help: 'disk IOPS Y limit, /s (0 = automatic)',
    raw: false,
    drawn: true,
    example: 10,
  }),
  netMax: option<number>({
    codec: yLimit,
    default: 0,
    flag: 'net-max',
    help: 'network Y limit, bytes/s (0 = automatic)',
    raw: false,
    drawn: true,
    example: 1_048_576,
  }),
  x: option<XAxisMode>({
    codec: oneOf<XAxisMode>(['elapsed', 'time']),
    default: 'time',
    flag: 'x',
    help: "x axis: elapsed time or the host's clock (default)",
    raw: false,
    drawn: true,
    example: 'elapsed',
  }),
  trend: option<boolean>({
    codec: onOff,
    default: false,
    flag: 'trend',
    help: 'draw moving-average trend lines',
    raw: true,
    drawn: true,
    example: true,
  }),
  smooth: option<number>({
    codec: wholeNumber(1, MAX_SMOOTH, true),
    default: 1,
    flag: 'smooth',
    help: `draw a centred moving average of N samples instead of each sample (1-${MAX_SMOOTH}; statistics stay raw)`,
    raw: true,
    drawn: true,
    example: 9,
  }),
  hide: option<readonly string[]>({
    codec: keyList,
    default: Object.freeze([]) as readonly string[],
    flag: 'hide',
    help: 'chart keys or series ids not drawn, comma-separated',
    raw: false,
    drawn: true,
    example: ['cpu:total'],
  }),
  idle: option<boolean>({
    codec: onOff,
    default: false,
    flag: 'idle',
    help: 'draw the devices idle for the whole run',
    raw: false,
    drawn: true,
    example: true,
  }),
  heatmap: option<boolean>({
    codec: onOff,
    default: true,
    flag: 'heatmap',
    help: 'per-CPU charts instead of the heatmap (16+ CPUs), and no disk heatmap (25+ disks)',
    raw: false,
    drawn: true,
    example: false,
  }),
  finding: option<string | null>({
    codec: findingRef,
    default: null,
    flag: 'finding',
    help: 'the finding shown: its window zoomed (unless from/to say otherwise) and shaded on its charts',
    raw: false,
    drawn: true,
    example: 'cpu-busy',
  }),
  link: option<readonly LinkSpeed[]>({
    codec: linkSpeeds,
    default: Object.freeze([]) as readonly LinkSpeed[],
    flag: 'link',
    help: 'NICs\' link speeds for the net-near-link check, e.g. eth0:10G,eth1:1G (bits/s)',
    raw: false,
    drawn: false,
    example: [{ nic: 'eth0', bitsPerSecond: 10_000_000_000 }],
  }),
};

export type ViewOptionName = keyof typeof VIEW_OPTIONS;

/** The view: one value per option. */
export type ViewState = { [K in ViewOptionName]: (typeof VIEW_OPTIONS)[K]['default'] };

/** The option names in URL order. */
export const VIEW_OPTION_NAMES = Object.keys(VIEW_OPTIONS) as ViewOptionName[];

export const DEFAULT_VIEW: ViewState = Object.freeze(
  Object.fromEntries(VIEW_OPTION_NAMES.map((name) => [name, VIEW_OPTIONS[name].default])) as ViewState,
);

/** The option's row, typed by name. */
export function viewOption<K extends ViewOptionName>(name: K): ViewOption<ViewState[K]> {
  return VIEW_OPTIONS[name] as unknown as ViewOption<ViewState[K]>;
}

/** The whole view of some options (absent or undefined ones at their default), the zoom pair rule kept. */
export function wholeView(options: Partial<ViewState>): ViewState {
  const v: Record<string, unknown> = { ...DEFAULT_VIEW };
  for (const name of VIEW_OPTION_NAMES) if (options[name] !== undefined) v[name] = options[name];
  return withZoomRule(v as ViewState);
}

/** The view with every option that does not change what charts draw (`drawn: false`) at its default. */
export function drawnView(v: ViewState): ViewState {
  const out: Record<string, unknown> = { ...v };
  for (const name of VIEW_OPTION_NAMES) if (!VIEW_OPTIONS[name].drawn) out[name] = DEFAULT_VIEW[name];
  return out as ViewState;
}

/** The pair rule of the zoom window: neither end, or both with `from` ≥ 0 and `to` after it. */
export function zoomPairHolds(from: number | null | undefined, to: number | null | undefined): boolean {
  if (from == null || to == null) return from == null && to == null;
  return from >= 0 && to > from;
}

/** The view with its zoom window dropped when it breaks the pair rule (zoomPairHolds). */
export function withZoomRule(v: ViewState): ViewState {
  return zoomPairHolds(v.from, v.to) ? v : { ...v, from: null, to: null };
}

/**
 * A view from option texts (a validated route query, CLI flags): each given option read by its codec. Returns
 * the view, or the first option whose text is no valid value.
 */
export function viewFromTexts(texts: Partial<Record<ViewOptionName, string | number | boolean | undefined>>): ViewState | { bad: ViewOptionName; text: string } {
  const v: Record<string, unknown> = { ...DEFAULT_VIEW };
  for (const name of VIEW_OPTION_NAMES) {
    const given = texts[name];
    if (given === undefined) continue;
    const text = String(given);
    const value = VIEW_OPTIONS[name].codec.fromText(text);
    if (value === undefined) return { bad: name, text };
    v[name] = value;
  }
  return v as ViewState;
}

/** The options of `v` that differ from the default (what a URL writes). */
export function changedOptions(v: ViewState): ViewOptionName[] {
  return VIEW_OPTION_NAMES.filter((name) => {
    const codec = VIEW_OPTIONS[name].codec as Codec<unknown>;
    return codec.toText(v[name]) !== codec.toText(DEFAULT_VIEW[name]);
  });
}
