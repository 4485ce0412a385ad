/**
 * Numbers for people, the same in the page, the server-drawn images and the exports. Byte quantities use
 * 1024-based IEC units (KiB, MiB …: "K" is never 1000 here); other large numbers use decimal `k`/`M`/`G`.
 */

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
/** Made on first use: an Intl.NumberFormat costs ~20 ms to make, paid by every command that loads this. */
let grouped: Intl.NumberFormat | undefined;

/**
 * Up to 3 significant digits, whole numbers from 1000 on grouped rather than in exponent form: 0.009, 1.23,
 * 12.3, 123, 7,109; below 0.001 in exponent form (5.0e-4).
 */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a === 0) return '0';
  // 999.5 rounds to 1000: grouped, as 1000 itself is.
  if (a >= 999.5) return (grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return trimZeros(v.toFixed(1));
  if (a >= 1) return trimZeros(v.toFixed(2));
  if (a >= 0.001) return trimZeros(v.toFixed(3));
  return v.toExponential(1);
}

export function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** The power of 1024 whose unit suits a magnitude: 0 (B) below 1024, 1 (KiB) below 1 MiB … */
export function binaryPower(a: number): number {
  if (!(a >= 1024)) return 0;
  return Math.min(BINARY_UNITS.length - 1, Math.floor(Math.log(a) / Math.log(1024)));
}

/** `B`, `KiB`, `MiB` … for a power of 1024. */
export function binaryUnit(power: number): string {
  return BINARY_UNITS[Math.max(0, Math.min(BINARY_UNITS.length - 1, power))]!;
}

/** 1536 → `1.5 KiB`; 491266048 (468.5 MiB) → `469 MiB`; 1048575 → `1 MiB`, not `1024 KiB`. */
export function formatBytes(v: number): string {
  if (!Number.isFinite(v)) return '–';
  let k = binaryPower(Math.abs(v));
  // What rounds to 1024 of a unit is shown as 1 of the next one.
  if (k < BINARY_UNITS.length - 1 && Math.abs(v) / 1024 ** k >= 1023.5) k++;
  if (k === 0) return `${formatNumber(v)} B`;
  const scaled = v / 1024 ** k;
  const a = Math.abs(scaled);
  const text = a >= 100 ? scaled.toFixed(0) : a >= 10 ? trimZeros(scaled.toFixed(1)) : trimZeros(scaled.toFixed(2));
  return `${text} ${BINARY_UNITS[k]}`;
}

/** A value with its unit, for tables and tooltips: `12.3 MiB/s`, `45.2 %`, `7,109 /s`, `3`. */
export function formatValue(v: number, unit: string): string {
  if (!Number.isFinite(v)) return '–';
  switch (unit) {
    case 'bytes':
      return formatBytes(v);
    case 'bytes/s':
      return `${formatBytes(v)}/s`;
    case '%':
      return `${v.toFixed(1)} %`;
    case '/s':
      return `${formatNumber(v)} /s`;
    case 'seconds':
      return `${formatNumber(v)} s`;
    default:
      return formatNumber(v);
  }
}

export function isByteUnit(unit: string): boolean {
  return unit === 'bytes' || unit === 'bytes/s';
}

/**
 * Short labels of a decimal axis: `7.5k`, `1.2M` (1000-based, lower-case `k`), `100`, `0.25`. Byte axes are
 * labelled by `byteAxisLabels` (shared/chart/ticks.ts) in one IEC unit per axis.
 */
export function formatAxisValue(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e9) return `${trimZeros((v / 1e9).toFixed(2))}G`;
  if (a >= 1e6) return `${trimZeros((v / 1e6).toFixed(2))}M`;
  if (a >= 1e4) return `${trimZeros((v / 1e3).toFixed(1))}k`;
  return trimZeros(v.toFixed(a >= 100 ? 0 : a >= 1 ? 2 : 3));
}

/** The unit in words for a chart's caption. */
export function unitCaption(unit: string, lang: 'en' | 'ja' = 'en'): string {
  const ja = lang === 'ja';
  switch (unit) {
    case 'bytes/s':
      return ja ? 'バイト/秒' : 'bytes per second';
    case '/s':
      return ja ? '/秒' : 'per second';
    case '%':
      return ja ? '%' : 'percent';
    case 'count':
      return ja ? '個数' : 'count';
    case 'bytes':
      return ja ? 'バイト' : 'bytes';
    case 'seconds':
      return ja ? '秒' : 'seconds';
    default:
      return unit;
  }
}
