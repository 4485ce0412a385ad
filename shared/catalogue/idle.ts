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

/** Do two columns hold the same values on rows [from, end)? NaN equals NaN; a rounding's difference is equal. */
function sameValues(a: ArrayLike<number>, b: ArrayLike<number>, from: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = Math.max(0, from); i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== x || y !== y) {
      if (x === x || y === y) return false;
      continue;
    }
    if (Math.abs(x - y) > 1e-9 * Math.max(Math.abs(x), Math.abs(y)) + 1e-9) return false;
  }
  return true;
}

/**
 * Keys of the family totals that are the same picture as one of their devices: every device of the family
 * but one is idle (`idle`, idleChartKeys) and the total's every series equals that device's, row for row
 * from `firstRow` (a host with one busy disk among loop and zram devices: "Disk I/O" and "Disk I/O vda").
 * The viewer then draws the device's chart only, titled with the device, and lists the idle ones as ever.
 */
export function twinTotalKeys(
  charts: readonly ResolvedChart[],
  valuesOf: (source: SeriesSource) => ArrayLike<number> | null,
  idle: ReadonlySet<string>,
  firstRow = 0,
): Set<string> {
  const twins = new Set<string>();
  for (const total of charts) {
    if (total.device !== 'total') continue;
    const devices = charts.filter((c) => c.specId === total.specId && c.device !== null && c.device !== 'total');
    const busy = devices.filter((c) => !idle.has(c.key));
    if (devices.length < 2 || busy.length !== 1) continue;
    const device = busy[0]!;
    if (device.series.length !== total.series.length) continue;
    const same = total.series.every((t) => {
      const d = device.series.find((s) => s.label === t.label && s.role === t.role);
      const tv = valuesOf(t.source);
      const dv = d ? valuesOf(d.source) : null;
      return !!tv && !!dv && sameValues(tv, dv, firstRow);
    });
    if (same) twins.add(total.key);
  }
  return twins;
}
