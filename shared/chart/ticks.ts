/**
 * Axis ticks: round steps for value axes (1-2-2.5-5 decimal, whole for counts, powers of two times a power
 * of 1024 for bytes) and round clock steps for time axes, with at least MIN_TIME_TICKS labelled ticks at
 * any width and zoom. Pure.
 */
import { binaryPower, binaryUnit, trimZeros } from '../format/number.js';

export type TickKind = 'decimal' | 'binary' | 'integer';

const NICE = [1, 2, 2.5, 5, 10];
/** Multiples of a power of 1024 that are powers of two: 1, 2, 4 … 512 (then the next power of 1024). */
const BINARY_NICE = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

function niceUp(x: number, choices: readonly number[]): number {
  return choices.find((c) => c >= x - 1e-9) ?? choices[choices.length - 1]!;
}

/** The tick step for a raw step: `binary` steps are 2^n bytes (1 B … 512 B, 1 KiB, 2 KiB … 512 KiB, 1 MiB …). */
export function tickStep(raw: number, kind: TickKind): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  if (kind === 'binary') {
    const base = 1024 ** binaryPower(raw);
    return base * niceUp(raw / base, BINARY_NICE);
  }
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = pow * niceUp(raw / pow, kind === 'integer' ? [1, 2, 5, 10] : NICE);
  return kind === 'integer' ? Math.max(1, step) : step;
}

/**
 * Round axis ticks covering [min, max], at most about `maxCount` intervals. `binary`: every tick is a
 * multiple of a power-of-two number of bytes (see tickStep), for byte quantities; `integer`: whole steps.
 */
export function niceTicks(min: number, max: number, maxCount: number, kind: TickKind = 'decimal'): number[] {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (hi - lo <= 0) hi = lo + (kind === 'binary' ? 1024 : 1);
  const step = tickStep((hi - lo) / Math.max(1, maxCount), kind);
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; lo + i * step <= hi + step * 1e-9 && i < 100; i++) ticks.push(lo + i * step);
  return ticks;
}

/**
 * Labels of a byte axis, all in one IEC unit (KiB, MiB …) so that a column reads alike: the unit of the
 * largest tick, or the next smaller one when a step would need more than two decimals there.
 * [0, 262144, 524288, 786432, 1048576] → `0`, `256 KiB`, `512 KiB`, `768 KiB`, `1024 KiB`.
 */
export function byteAxisLabels(ticks: readonly number[]): string[] {
  const top = Math.max(0, ...ticks.map((t) => Math.abs(t)));
  let k = binaryPower(top);
  const fine = (p: number) => ticks.every((t) => Math.abs(t / 1024 ** p - Number((t / 1024 ** p).toFixed(2))) < 1e-9);
  while (k > 0 && !fine(k)) k--;
  return ticks.map((t) => (t === 0 ? '0' : `${trimZeros((t / 1024 ** k).toFixed(2))} ${binaryUnit(k)}`));
}

/** At least this many labelled ticks on every time axis (the floor: a 31 s window at 3 columns). */
export const MIN_TIME_TICKS = 4;

/** Round steps of time axes, ms: 100 ms … 1 week. */
export const TIME_STEPS = [
  100, 200, 500, 1e3, 2e3, 5e3, 10e3, 15e3, 30e3, 60e3, 120e3, 300e3, 600e3, 900e3, 1800e3, 3600e3, 7200e3,
  10800e3, 21600e3, 43200e3, 86400e3, 172800e3, 604800e3,
];

function ticksAt(t0: number, t1: number, step: number): number[] {
  const ticks: number[] = [];
  for (let t = Math.ceil(t0 / step) * step; t <= t1 && ticks.length < 1000; t += step) ticks.push(t);
  return ticks;
}

/**
 * Ticks at round clock times (every 10 s, 5 min, 1 h …): the finest round step that gives at most about
 * `maxCount` ticks, or a finer one when that leaves fewer than MIN_TIME_TICKS ticks in [t0, t1] (a narrow
 * chart, a window that is not a whole number of steps).
 */
export function timeTicks(t0: number, t1: number, maxCount: number): { step: number; ticks: number[] } {
  const span = Math.max(t1 - t0, 1);
  const most = Math.max(MIN_TIME_TICKS, maxCount);
  const steps = [...TIME_STEPS];
  // Past a week: doubling whole days.
  for (let d = 14; d * 86400e3 < span / 2; d *= 2) steps.push(d * 86400e3);
  let i = steps.findIndex((s) => span / s <= most);
  if (i < 0) i = steps.length - 1;
  let ticks = ticksAt(t0, t1, steps[i]!);
  while (ticks.length < MIN_TIME_TICKS && i > 0) ticks = ticksAt(t0, t1, steps[--i]!);
  return { step: steps[i]!, ticks };
}
