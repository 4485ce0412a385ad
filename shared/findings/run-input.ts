/**
 * What the findings rules read of a run: its raw samples as columns (one Float64Array per numeric series, NaN
 * = gap, one time array in floating wall-clock ms), never a reduced level of detail. A parsed DstatRun and a
 * stored report's run as columns (shared/report/columnar.ts) both fit this shape.
 */

export interface FindingsSeries {
  kind: 'number' | 'text';
  id: string;
  group: string;
  column: string;
  unit: string;
  values: Float64Array | readonly string[];
}

export interface FindingsRun {
  time: Float64Array;
  series: readonly FindingsSeries[];
  /** Row 0 is dstat's since-boot average: never a sample of the recording, so never evaluated. */
  firstRowIsSinceBoot: boolean;
  /** Sampling interval in ms (0 or NaN when unknown: the median time step is used). */
  intervalMs: number;
  meta: { cmdline: string };
}

/** What a caller adds to a run: link speeds per interface in bytes/s, for `net-near-link`. */
export interface FindingsOptions {
  links?: ReadonlyMap<string, number>;
}
