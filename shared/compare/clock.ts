/**
 * Runs lined up on the absolute clock (align=clock): for logs of several hosts recorded over the same
 * minutes. A run's times are its host's floating wall clock (shared/dstat/time.ts) in the zone of its
 * `Date:` line; made absolute by that zone's offset, each run gets the shift that puts its row 0 at
 * (its absolute start − the earliest absolute start) on the aligned axis. A run whose zone is not known
 * is taken as UTC and listed, so the page can say so; the per-run shift the user sets is added on top
 * (a clock offset between hosts).
 */
import { numericZoneOffset } from '../dstat/time.js';

/** Offsets of zone abbreviations dstat writes that mean one offset only (ms east of UTC). */
const NAMED_ZONES: Readonly<Record<string, number>> = {
  JST: 9, KST: 9, HKT: 8, SGT: 8, AWST: 8, AEST: 10, AEDT: 11, NZST: 12, NZDT: 13,
  WET: 0, WEST: 1, CET: 1, CEST: 2, EET: 2, EEST: 3, MSK: 3,
  EST: -5, EDT: -4, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7, AKST: -9, AKDT: -8, HST: -10,
};

/** The offset of a log's zone, ms east of UTC; null when unknown (empty, or an ambiguous name such as IST). */
export function zoneOffsetMs(zone: string): number | null {
  const numeric = numericZoneOffset(zone.trim());
  if (numeric !== null) return numeric;
  const hours = NAMED_ZONES[zone.trim().toUpperCase()];
  return hours === undefined ? null : hours * 3_600_000;
}

export interface ClockRun {
  /** Floating wall-clock ms per row (the host's own clock). */
  time: ArrayLike<number>;
  /** The zone of the log's `Date:` line; '' when unknown. */
  timezone: string;
}

/**
 * Per run, the shift (seconds, as CompareOptions.shifts) that lines the runs up on the absolute clock, and
 * the runs whose zone was not known (taken as UTC).
 */
export function clockShifts(runs: readonly ClockRun[]): { shifts: number[]; unknownZone: number[] } {
  const unknownZone: number[] = [];
  const starts = runs.map((r, i) => {
    const offset = zoneOffsetMs(r.timezone);
    if (offset === null) unknownZone.push(i);
    return r.time.length > 0 ? r.time[0]! - (offset ?? 0) : NaN;
  });
  const known = starts.filter((s) => Number.isFinite(s));
  const first = known.length > 0 ? Math.min(...known) : 0;
  return { shifts: starts.map((s) => (Number.isFinite(s) ? (first - s) / 1000 : 0)), unknownZone };
}

/** Shifts of a comparison: the clock's (align=clock) plus the user's per-run offsets, or the user's alone. */
export function effectiveShifts(runs: readonly ClockRun[], align: 'elapsed' | 'clock', user: readonly number[]): number[] {
  const base = align === 'clock' ? clockShifts(runs).shifts : runs.map(() => 0);
  return base.map((s, i) => s + (user[i] ?? 0));
}
