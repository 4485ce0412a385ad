/**
 * The HTTP API of dstatview, as TypeBox schemas: the server declares its routes with them and the web app
 * imports the same static types. Numbers in series are in the units named beside them; `null` marks a gap.
 */
import { Type, type Static } from 'typebox';
import { REPORT_ID_PATTERN } from './report-id.js';
import { CompareOptionsSchema, ViewQuerySchema } from '../view/view-query-schema.js';
import { RunFindingsJson } from './findings-schema.js';
import { LANGS, type Lang } from '../chart/chart-text.js';
import { NO_OFFSET_REASONS, type NoOffsetReason } from '../compare/clock-offset.js';

/** 16 random bytes as base64url: 22 characters of [A-Za-z0-9_-]. Anything else is not an id. */
export const ReportIdPattern = REPORT_ID_PATTERN;

export const ReportParams = Type.Object({
  id: Type.String({ pattern: ReportIdPattern }),
});
export type ReportParams = Static<typeof ReportParams>;

/** A first-screen image's file name: 128 bits of its SHA-256, base64url. */
const FirstScreenFileName = Type.String({ pattern: '^[A-Za-z0-9_-]{22}\\.png$' });

/** A report page's first-screen file (`/r/:id/first-screen/:name`): an image, or its early charts' data (`.cols`). */
export const FirstScreenFileParams = Type.Object({
  id: Type.String({ pattern: ReportIdPattern }),
  name: Type.String({ pattern: '^[A-Za-z0-9_-]{22}\\.(png|cols)$' }),
});
export type FirstScreenFileParams = Static<typeof FirstScreenFileParams>;

/** `/compare/first-screen/:name`: a compare page's first-screen image, named by its content. */
export const CompareFirstScreenFileParams = Type.Object({ name: FirstScreenFileName });
export type CompareFirstScreenFileParams = Static<typeof CompareFirstScreenFileParams>;

export const ApiError = Type.Object({
  /** Stable machine-readable code, e.g. `NOT_DSTAT`, `FILE_TOO_LARGE`, `REPORT_NOT_FOUND`. */
  code: Type.String(),
  /** What is wrong and where, for a person: `line 1: expected the dstat title line, found "PK…"`. */
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.Integer()),
});
export type ApiError = Static<typeof ApiError>;

export const CreatedReport = Type.Object({
  /** The (first) file's report. */
  id: Type.String(),
  /** Path of the report page, e.g. `/r/<id>`: permanent and shareable. */
  url: Type.String(),
  /**
   * Deletes the report: `DELETE /api/reports/:id` with `Authorization: Bearer <deleteToken>`. Shown only in
   * this reply (the server keeps only its SHA-256); the upload page keeps it in the browser's localStorage.
   */
  deleteToken: Type.String(),
  /** Only for several files in one upload: every report, in the order sent… */
  reports: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), url: Type.String(), fileName: Type.String(), deleteToken: Type.String() })),
  ),
  /** …and the page comparing them, `/compare?ids=ID1,ID2,…`. */
  compareUrl: Type.Optional(Type.String()),
});
export type CreatedReport = Static<typeof CreatedReport>;

export const ServerConfig = Type.Object({
  maxUploadBytes: Type.Integer(),
});
export type ServerConfig = Static<typeof ServerConfig>;

/** GET /healthz */
export const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
});
export type HealthStatus = Static<typeof HealthStatus>;

const Producer = Type.Union([
  Type.Literal('dstat'),
  Type.Literal('dool'),
  Type.Literal('pcp-dstat'),
  Type.Literal('unknown'),
]);

export const SeriesStatsJson = Type.Object({
  count: Type.Integer(),
  min: Type.Number(),
  avg: Type.Number(),
  p95: Type.Number(),
  max: Type.Number(),
});

const SeriesCommon = {
  id: Type.String(),
  group: Type.String(),
  column: Type.String(),
  unit: Type.String(),
  csvColumn: Type.Integer(),
};

export const NumericSeriesJson = Type.Object({
  ...SeriesCommon,
  kind: Type.Literal('number'),
  values: Type.Array(Type.Union([Type.Number(), Type.Null()])),
  /** Over every row but a since-boot first row; null when no row has a value. */
  stats: Type.Union([SeriesStatsJson, Type.Null()]),
});

export const TextSeriesJson = Type.Object({
  ...SeriesCommon,
  kind: Type.Literal('text'),
  values: Type.Array(Type.String()),
});

export const SeriesJson = Type.Union([NumericSeriesJson, TextSeriesJson]);
export type SeriesJson = Static<typeof SeriesJson>;
export type NumericSeriesJson = Static<typeof NumericSeriesJson>;

export const RunMetaJson = Type.Object({
  producer: Producer,
  version: Type.String(),
  title: Type.String(),
  host: Type.String(),
  user: Type.String(),
  cmdline: Type.String(),
  date: Type.String(),
  timezone: Type.String(),
});

export const RunJson = Type.Object({
  index: Type.Integer(),
  meta: RunMetaJson,
  firstLine: Type.Integer(),
  lastLine: Type.Integer(),
  rows: Type.Integer(),
  firstRowIsSinceBoot: Type.Boolean(),
  intervalMs: Type.Number(),
  /** Floating wall-clock ms of the recording host (format with UTC getters), first and last row. */
  start: Type.Number(),
  end: Type.Number(),
  time: Type.Array(Type.Number()),
  series: Type.Array(SeriesJson),
  /** What limited the run (shared/findings/), from its raw samples; absent on reports made without them. */
  findings: Type.Optional(RunFindingsJson),
});
export type RunJson = Static<typeof RunJson>;

const ParseIssueJson = Type.Object({
  severity: Type.Union([Type.Literal('info'), Type.Literal('warning')]),
  line: Type.Integer(),
  message: Type.String(),
});

export const DialectReportJson = Type.Object({
  producer: Producer,
  version: Type.String(),
  options: Type.Array(Type.String()),
  conversions: Type.Array(Type.String()),
  timeSource: Type.Union([Type.Literal('time'), Type.Literal('epoch'), Type.Literal('sample')]),
  timeFormat: Type.String(),
  rows: Type.Object({ read: Type.Integer(), kept: Type.Integer(), dropped: Type.Integer() }),
  runs: Type.Integer(),
  unknownColumns: Type.Array(Type.String()),
  issues: Type.Array(ParseIssueJson),
  moreIssues: Type.Integer(),
  suggestedCommand: Type.String(),
});

/** A stored report's summary: everything but the series values. Small; the list and headers use it. */
export const ReportSummary = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  /** ISO 8601 instant the report was uploaded. */
  createdAt: Type.String(),
  /** Size of the uploaded CSV in bytes. */
  bytes: Type.Integer(),
  /** PARSER_VERSION that derived this report from the CSV; reports of older versions are derived again. */
  parserVersion: Type.Integer(),
  /** SHA-256 (hex) of the report's delete token; absent on reports stored before delete tokens. */
  deleteTokenSha256: Type.Optional(Type.String()),
  dialect: DialectReportJson,
});
export type ReportSummary = Static<typeof ReportSummary>;

/** GET /api/reports/:id — the parsed report: summary + every run with its series. */
export const ReportJson = Type.Object({
  ...ReportSummary.properties,
  runs: Type.Array(RunJson),
});
export type ReportJson = Static<typeof ReportJson>;

/**
 * GET /api/reports/:id/lod — the report as the page draws it: media type `application/vnd.dstatview.columns`
 * (shared/report/columnar-codec.ts: a JSON header and little-endian Float64 columns), gzip-encoded. Runs of
 * more than LOD_MIN_ROWS rows come reduced to their level of detail (shared/report/lod.ts: per bucket each
 * series' min and max, with the whole run's exact statistics); smaller runs come whole. 404 as
 * GET /api/reports/:id.
 */
export const ReportLodParams = ReportParams;
export type ReportLodParams = Static<typeof ReportLodParams>;

/**
 * GET /api/compare?ids=ID1,ID2[,…] — runs side by side (shared/compare/). `ids`: report ids, `ID:N` for run
 * N of a multi-run file (shared/api/compare-ref.ts). `baseline`: index into ids (default 0). `shift`: per
 * run, comma-separated seconds its start is moved (aligned elapsed = seconds since its first row − shift).
 * `from`/`to`: a common window in aligned elapsed seconds, both or neither; `window=common`: the stretch
 * every run covers, `window=steady`: each run's steady-state finding. Neither: each run's whole run (its
 * figures equal its own report's statistics). The options' names and bounds: shared/view/compare-options.ts.
 */
export const CompareQuery = Type.Object({
  ids: Type.String({ maxLength: 1024 }),
  ...CompareOptionsSchema.properties,
});
export type CompareQuery = Static<typeof CompareQuery>;

export const CompareRunJson = Type.Object({
  id: Type.String(),
  /** 1-based run of the report's file. */
  run: Type.Integer(),
  /** Runs in that file. */
  runs: Type.Integer(),
  fileName: Type.String(),
  /** The run's own window (`ID@FROM-TO`, or its steady state), seconds from its row 0; absent: the whole run. */
  window: Type.Optional(Type.Object({ from: Type.Number(), to: Type.Number() })),
  /**
   * With window=steady, for a run without a window of its own: true when cut to its steady-state window,
   * false when it has none (then compared whole).
   */
  steady: Type.Optional(Type.Boolean()),
  host: Type.String(),
  producer: Producer,
  /** First row as the recording host's wall clock (`2026-11-29T20:45:49`), zone in `timezone`. */
  start: Type.String(),
  timezone: Type.String(),
  /** First row to last, seconds. */
  durationS: Type.Number(),
  /** Sampling interval, seconds. */
  intervalS: Type.Number(),
  /** Seconds this run's start is shifted by (with align=clock: the clock's shift plus the given offset). */
  shift: Type.Number(),
  /** Rows counted in the statistics. */
  rows: Type.Integer(),
  /**
   * With align=clock, for each run but the baseline: the clock offset (seconds, as given in `shift`) that
   * lines its network send and receive up with the baseline's receive and send (docs/compare.md), and the
   * correlation there (0–1); `offsetS` null when there is no clear match, `reason` saying why.
   */
  offsetEstimate: Type.Optional(
    Type.Object({
      offsetS: Type.Union([Type.Number(), Type.Null()]),
      strength: Type.Union([Type.Number(), Type.Null()]),
      reason: Type.Optional(Type.Unsafe<NoOffsetReason>({ type: 'string', enum: [...NO_OFFSET_REASONS] })),
    }),
  ),
});
export type CompareRunJson = Static<typeof CompareRunJson>;

const Pct = Type.Union([Type.Number(), Type.Null()]);

export const CompareFiguresJson = Type.Object({
  count: Type.Integer(),
  min: Type.Number(),
  avg: Type.Number(),
  p95: Type.Number(),
  max: Type.Number(),
  /** Population standard deviation of the samples. */
  sd: Type.Number(),
  /** Effective number of independent samples (lag-1 autocorrelation, docs/compare.md). */
  nEff: Type.Number(),
  /** Standard error of the mean, in the series' unit. */
  se: Type.Number(),
});

export const CompareDeltaJson = Type.Object({
  avg: Type.Number(),
  p95: Type.Number(),
  max: Type.Number(),
  /** % of the baseline's figure; null when that is 0. */
  avgPct: Pct,
  p95Pct: Pct,
  maxPct: Pct,
  /** `significant`: the 95 % interval excludes 0 and |Δavg| ≥ minChange %; `noise`; `too-few` samples. */
  verdict: Type.Union([Type.Literal('significant'), Type.Literal('noise'), Type.Literal('too-few')]),
  /** 95 % interval of Δavg, in the series' unit (docs/compare.md). */
  avgCi: Type.Tuple([Type.Number(), Type.Number()]),
  /** Not significant (verdict `noise` or `too-few`). */
  withinNoise: Type.Boolean(),
});

export const CompareSeriesJson = Type.Object({
  unit: Type.String(),
  group: Type.String(),
  column: Type.String(),
  /** Per run in `runs` order; null where the run lacks the series. */
  runs: Type.Array(Type.Union([CompareFiguresJson, Type.Null()])),
  /** Per run, against the baseline; null for the baseline itself, where either lacks the series, and throughout with layout=hosts. */
  delta: Type.Array(Type.Union([CompareDeltaJson, Type.Null()])),
  /** Runs (indices) whose figures are of a total computed from their devices (their file has none). */
  derived: Type.Array(Type.Integer()),
  /**
   * A family total that is the same series as its only busy device in every run that has it: that device's
   * series id (the report page draws the device only; the Δ table leaves the total out).
   */
  twinOf: Type.Optional(Type.String()),
});
export type CompareSeriesJson = Static<typeof CompareSeriesJson>;

export const CompareJson = Type.Object({
  runs: Type.Array(CompareRunJson),
  baseline: Type.Integer(),
  /** How the runs are lined up: elapsed time from each run's start, or the absolute clock. */
  align: Type.Union([Type.Literal('elapsed'), Type.Literal('clock')]),
  /**
   * How the runs are shown: `overlay`, or `hosts` (different machines side by side: each run's figures,
   * every `delta` null).
   */
  layout: Type.Union([Type.Literal('overlay'), Type.Literal('hosts')]),
  /** The common window in aligned elapsed seconds; null = every run's whole run. */
  window: Type.Union([Type.Object({ from: Type.Number(), to: Type.Number() }), Type.Null()]),
  noiseRule: Type.String(),
  /** The practical threshold used, % of the baseline's mean. */
  minChange: Type.Number(),
  /** By series id (as `dstatview stats` prints them), in first-seen order. */
  series: Type.Record(Type.String(), CompareSeriesJson),
});
export type CompareJson = Static<typeof CompareJson>;
/** dstat2graphs' graph sizes, in px (its form and dstat2graphs.php clamp to this range). */
const D2G_SIZE = { minimum: 64, maximum: 1024 } as const;
const D2G_NATURAL = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

/**
 * POST /api/reports: dstat2graphs' form fields, beside the file (in `file` or, as dstat2graphs names it,
 * `csv_file`). Same names, ranges and defaults as its form; sent as multipart text fields of decimal digits.
 * How each becomes a viewer option: shared/api/d2g-options.ts.
 */
export const D2gFormFields = Type.Object({
  /** Graph width in px: the viewer lays out graphs by column count instead (see d2g-options.ts). */
  width: Type.Optional(Type.Integer({ ...D2G_SIZE, default: 512 })),
  /** Graph height in px. */
  height: Type.Optional(Type.Integer({ ...D2G_SIZE, default: 192 })),
  /** Upper limit of the disk I/O graphs, bytes/s; 0 = automatic. */
  disk_limit: Type.Optional(Type.Integer({ ...D2G_NATURAL, default: 0 })),
  /** Upper limit of the disk IOPS graphs, /s; 0 = automatic. */
  io_limit: Type.Optional(Type.Integer({ ...D2G_NATURAL, default: 0 })),
  /** Upper limit of the network graphs, bytes/s; 0 = automatic. */
  net_limit: Type.Optional(Type.Integer({ ...D2G_NATURAL, default: 0 })),
  /** Seconds cut from the start. */
  offset: Type.Optional(Type.Integer({ ...D2G_NATURAL, default: 0 })),
  /** Seconds kept after the offset; 0 = to the end. */
  duration: Type.Optional(Type.Integer({ ...D2G_NATURAL, default: 0 })),
  /** 1: the x axis shows the recording host's clock; 0: elapsed time. */
  is_actual: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, default: 0 })),
});
export type D2gFormFields = Static<typeof D2gFormFields>;

/**
 * GET /api/reports/:id/export.html and export.zip: the view the export opens with and draws its PNGs with,
 * the report page's URL query (every option of shared/view/view-options.ts), and `lang`, the language of the
 * images' texts and of the offline page (en by default; not a view option: the page keeps its language
 * apart from its URL). The page's Download menu passes its current query and language.
 */
export const ExportQuery = Type.Object({
  ...ViewQuerySchema.properties,
  lang: Type.Optional(Type.Unsafe<Lang>({ type: 'string', enum: [...LANGS] })),
});
export type ExportQuery = Static<typeof ExportQuery>;
