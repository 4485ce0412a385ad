/**
 * Devices idle for the whole run: per-device charts (disks, IOPS, interfaces: `collapseIdle`) whose every
 * value is 0 or empty. dstat lists every block device, so a host has `loop0`…`loop7` and `zram0` at zero
 * beside the one disk that works, and a big host hundreds; the viewer collapses them into one list.
 */
import type { ResolvedChart, SeriesSource } from './types.js';

/** Every value of rows [from, to) is 0 or NaN (empty). */
export function isIdleSeries(values: ArrayLike<number>, from = 0, to = values.length): boolean {
  const end = Math.min(to, values.length);
  for (let i = Math.max(0, from); i < end; i++) {
    const v = values[i]!;
    if (v !== 0 && v === v) return false;
  }
  return true;
}

/**
 * Keys of the charts that may be collapsed and whose every series (drawn or not) is idle from `firstRow` on
 * (row 0 of dstat is the average since boot: a disk busy before the recording is still idle in it).
 * A series whose values cannot be found does not make a chart idle.
 */
export function idleChartKeys(
  charts: readonly ResolvedChart[],
  valuesOf: (source: SeriesSource) => ArrayLike<number> | null,
  firstRow = 0,
): Set<string> {
  const idle = new Set<string>();
  for (const chart of charts) {
    if (!chart.collapseIdle || chart.series.length === 0) continue;
    let all = true;
    for (const s of chart.series) {
      const values = valuesOf(s.source);
      if (!values || !isIdleSeries(values, firstRow)) {
        all = false;
        break;
      }
    }
    if (all) idle.add(chart.key);
  }
  return idle;
}
