/**
 * Shapes of the graph catalogue (`catalogue.ts`: what dstatview draws, as data) and of its resolution
 * against one run's series (`resolve.ts`: the charts to draw for that file). Platform-free.
 */

/** Semantic series colours; the web theme maps each to a CSS custom property (`--series-blue`, …). */
export type ColourToken =
  | 'blue'
  | 'magenta'
  | 'yellow'
  | 'purple'
  | 'orange'
  | 'green'
  | 'cyan'
  | 'red'
  | 'brown'
  | 'grey';

/** Colours given in turn to columns the catalogue does not name (extra columns, generic charts). */
export const FALLBACK_COLOURS: readonly ColourToken[] = [
  'blue',
  'magenta',
  'yellow',
  'green',
  'orange',
  'purple',
  'cyan',
  'red',
  'brown',
  'grey',
];

/**
 * View options that put an upper limit on a chart's Y axis, so the per-device charts of one kind share a
 * scale (set in the viewer's options; dstat2graphs has the same three).
 */
export type YLimitOption = 'diskBytes' | 'diskIops' | 'netBytes';

export const Y_LIMIT_LABELS: Readonly<Record<YLimitOption, string>> = {
  diskBytes: 'Disk I/O upper limit',
  diskIops: 'Disk IOPS upper limit',
  netBytes: 'Network I/O upper limit',
};

export interface ColumnSpec {
  /** Column name as the parser normalises it, e.g. `usr`, `writ`, `buff`. */
  column: string;
  /** Other spellings of the same column (producers differ: pcp-dstat writes `buf`). */
  aliases?: readonly string[];
  /** Legend label, e.g. `user`, `write`. */
  label: string;
  colour: ColourToken;
  /** In a stacked chart: drawn as a line over the stack, not as a band (e.g. `avai`, which overlaps). */
  overlay?: boolean;
  /** Listed in the statistics but not drawn (CPU `idl`: the empty space up to 100 %). */
  hidden?: boolean;
  /** Drawn pale: headroom that gives scale without hiding the bands below (free memory). */
  faint?: boolean;
}

interface ChartSpecBase {
  /** Stable id, used in chart keys and in URLs: `cpu`, `disk`, `net`, … */
  id: string;
  /** Heading of the section the chart is listed under, e.g. `Disk I/O`. */
  section: string;
  /** Chart title; per-device charts append the device: `Disk I/O vda`. */
  title: string;
  /** Unit the catalogue expects (the parser's normalised unit); the series' own unit wins if it differs. */
  unit: string;
  /** Columns in drawing order (bottom band first); those missing from a file are skipped. */
  columns: readonly ColumnSpec[];
  /**
   * Columns of the group that `columns` does not name: `lines` draws them in this chart as extra lines;
   * `leave` leaves them to another entry on the same group or to the generic chart.
   */
  otherColumns: 'lines' | 'leave';
  /** Bands stacked (areas up to the total); otherwise lines. */
  stacked: boolean;
  /** Fill the area under a single unstacked series (dstat2graphs' interrupts look). */
  fill?: boolean;
  /** Fixed top of the Y axis (100 for CPU %). */
  yMax?: number;
  /** View option that limits the Y axis. */
  yLimit?: YLimitOption;
  /**
   * Top of the Y axis: the run's largest sum of every column of the chart, statistics-only ones included
   * (memory: used + buffers + cached + free = the machine's memory, as dstat2graphs' upper limit), so the
   * bands are seen against the whole without drawing the free part.
   */
  scaleToTotal?: boolean;
  /**
   * Per-device charts whose every value is 0 or empty for the whole run (loop devices, zram, unused
   * interfaces) are collapsed by the viewer and listed as idle. Never the total.
   */
  collapseIdle?: boolean;
}

/** One chart per group present (alternative spellings of one group, or several groups drawn alike). */
export interface GroupChartSpec extends ChartSpecBase {
  expand: 'none';
  groups: readonly string[];
}

/** One chart per device group (`dsk/vda`, `cpu1 usage`) plus one for the total. */
export interface DeviceChartSpec extends ChartSpecBase {
  expand: 'devices';
  /** The producer's total group, e.g. `dsk/total` (alternative spellings allowed). */
  totalGroups: readonly string[];
  /** A device group; the named group `dev` is the device name shown: `^dsk/(?<dev>.+)$`. */
  device: RegExp;
  /** Singular and plural noun for notes: ['disk', 'disks']. */
  noun: readonly [string, string];
  /**
   * When the file has no total group but two or more devices: how to make one. `sum` for rates
   * (bytes/s, requests/s), `mean` for percentages (CPU).
   */
  deriveTotal: 'sum' | 'mean';
  /** Devices the producer leaves out of its own total (partitions, loopback…): left out of a derived one. */
  excludeFromTotal?: RegExp;
  /** Said in the note when `excludeFromTotal` left devices out, e.g. `partitions, dm-* and md* devices`. */
  excludedWhat?: string;
}

export type ChartSpec = GroupChartSpec | DeviceChartSpec;

/** What the catalogue needs to know of a series: both the parser's `Series` and the API's `SeriesJson` fit. */
export interface SeriesInfo {
  /** `group/column`, unique within a run. */
  id: string;
  group: string;
  column: string;
  unit: string;
  kind: 'number' | 'text';
}

/** Where a drawn series' values come from: one series, or several combined row by row. */
export interface SeriesSource {
  combine: 'one' | 'sum' | 'mean';
  /** Series ids (one for `one`). */
  ids: readonly string[];
}

export interface ResolvedSeries {
  /** Unique within the chart. */
  key: string;
  /** Legend label (`user`, `read`), or the column name for columns the catalogue does not name. */
  label: string;
  column: string;
  unit: string;
  colour: ColourToken;
  /** `band`: part of the stack; `line`: drawn on its own; `hidden`: statistics only. */
  role: 'band' | 'line' | 'hidden';
  /** Drawn pale (see ColumnSpec.faint). */
  faint: boolean;
  source: SeriesSource;
}

export interface ResolvedChart {
  /** Unique within a run: `<spec id>:<device or group>`, e.g. `disk:vda`, `cpu:total`, `other:tcp sockets:count`. */
  key: string;
  /** The catalogue entry (`generic` for the catch-all). */
  specId: string;
  section: string;
  title: string;
  /** Device shown in the heading: `vda`, `cpu1`, `total`; null for single charts. */
  device: string | null;
  /** Full heading, e.g. `Disk I/O vda`, `CPU usage` (the total), `Memory usage`. */
  heading: string;
  unit: string;
  stacked: boolean;
  fill: boolean;
  yMax: number | null;
  yLimit: YLimitOption | null;
  series: ResolvedSeries[];
  /** Said beside the chart when the data is not drawn as recorded, e.g. a total computed from the devices. */
  note: string | null;
  /** The same note as data, for other languages: how a computed total was made. */
  derived: DerivedTotal | null;
  /** Y axis top from the run's largest total of all series (see ChartSpec.scaleToTotal). */
  scaleToTotal: boolean;
  /** A per-device chart the viewer collapses when idle for the whole run (see ChartSpec.collapseIdle). */
  collapseIdle: boolean;
}

/** How a total the file lacks was computed from its devices. */
export interface DerivedTotal {
  how: 'sum' | 'mean';
  /** Devices counted, in file order. */
  devices: string[];
  /** Devices left out (partitions, loopback …), in file order. */
  left: string[];
  /** The producer's total group the file does not have, e.g. `dsk/total`. */
  missing: string;
  /** Singular and plural noun of the devices: ['disk', 'disks']. */
  noun: readonly [string, string];
}
