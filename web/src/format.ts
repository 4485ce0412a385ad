/**
 * Numbers and times for people. Byte quantities use 1024-based units as dstat prints them (KiB, MiB …);
 * times are the recording host's wall clock exactly as recorded: the values are "floating" ms written as if
 * UTC, so they are read with UTC getters and never shifted to the viewer's zone (the zone is shown beside).
 */

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
const AXIS_BINARY = ['', 'K', 'M', 'G', 'T', 'P', 'E'];
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Up to 3 significant digits, whole numbers from 1000 on grouped rather than in exponent form: 0.009, 1.23,
 * 12.3, 123, 7,109; below 0.001 in exponent form (5.0e-4).
 */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a === 0) return '0';
  // 999.5 rounds to 1000: grouped, as 1000 itself is.
  if (a >= 999.5) return grouped.format(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return trimZeros(v.toFixed(1));
  if (a >= 1) return trimZeros(v.toFixed(2));
  if (a >= 0.001) return trimZeros(v.toFixed(3));
  return v.toExponential(1);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

function binaryPower(a: number): number {
  if (a < 1024) return 0;
  return Math.min(BINARY_UNITS.length - 1, Math.floor(Math.log(a) / Math.log(1024)));
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

/** Short axis labels: `400M` (1024-based, as dstat), `7.5k`, `100`. The unit is in the chart's caption. */
export function formatAxisValue(v: number, unit: string): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (unit === 'bytes' || unit === 'bytes/s') {
    const k = binaryPower(a);
    return `${trimZeros((v / 1024 ** k).toFixed(2))}${AXIS_BINARY[k]}`;
  }
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

const LIMIT_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/**
 * A Y limit as typed: `0`, `104857600`, `100M`, `1.5G`, `512k`, `100MiB/s` (1024-based suffixes, as dstat).
 * Empty is 0 (automatic); null when not understood.
 */
export function parseLimit(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '').replace(/(i?b)?(\/s)?$/i, '');
  if (t === '') return 0;
  const m = /^(\d+(?:\.\d*)?|\.\d+)([kmgt]?)$/i.exec(t);
  if (!m) return null;
  const v = Number(m[1]) * LIMIT_UNITS[m[2]!.toLowerCase()]!;
  return Number.isFinite(v) && v <= Number.MAX_SAFE_INTEGER ? Math.round(v) : null;
}

/** A limit for its input box: `0` → '', 104857600 → `100M`, 1000 → `1000`. */
export function limitText(v: number): string {
  if (!(v > 0)) return '';
  for (const [suffix, k] of [['T', 1024 ** 4], ['G', 1024 ** 3], ['M', 1024 ** 2], ['k', 1024]] as const) {
    if (v >= k && Number.isInteger((v / k) * 1000)) return `${trimZeros((v / k).toFixed(3))}${suffix}`;
  }
  return String(v);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `2026-11-29 20:45:49`, as recorded. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${formatClock(ms, true)}`;
}

/** `20:45:49` (or `20:45`), as recorded. */
export function formatClock(ms: number, seconds = true): string {
  const d = new Date(ms);
  const hm = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
  return seconds ? `${hm}:${pad2(d.getUTCSeconds())}` : hm;
}

/** `11-29`, as recorded. */
export function formatMonthDay(ms: number): string {
  const d = new Date(ms);
  return `${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** `98 s`, `1 min 38 s`, `2 h 05 min`, `3 d 4 h` (Japanese: `98 秒`, `1 分 38 秒`, `2 時間 05 分`, `3 日 4 時間`). */
export function formatDuration(ms: number, lang: 'en' | 'ja' = 'en'): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  const [sec, min, hour, day] = lang === 'ja' ? ['秒', '分', '時間', '日'] : ['s', 'min', 'h', 'd'];
  const s = Math.round(ms / 1000);
  if (s < 60) return ms < 10_000 && ms % 1000 !== 0 ? `${(ms / 1000).toFixed(1)} ${sec}` : `${s} ${sec}`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} ${min} ${pad2(s % 60)} ${sec}`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} ${hour} ${pad2(m % 60)} ${min}`;
  return `${Math.floor(h / 24)} ${day} ${h % 24} ${hour}`;
}

/** Elapsed time as a clock, dstat2graphs style: `00:01:30`; `1d 02:00:00` past a day; `-` before the origin. */
export function formatElapsed(ms: number, seconds = true): string {
  if (!Number.isFinite(ms)) return '–';
  const sign = ms < 0 ? '-' : '';
  const total = Math.round(Math.abs(ms) / 1000);
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = seconds ? `${pad2(h)}:${pad2(m)}:${pad2(s)}` : `${pad2(h)}:${pad2(m)}`;
  return d > 0 ? `${sign}${d}d ${clock}` : `${sign}${clock}`;
}

/** Zone as recorded, for display beside a time: `UTC`, `JST`, `-03`, or a plain note when unknown. */
export function zoneLabel(timezone: string): string {
  return timezone.trim() === '' ? '(zone not recorded)' : timezone;
}

const TIME_STEPS = [
  1e3, 2e3, 5e3, 10e3, 15e3, 30e3, 60e3, 120e3, 300e3, 600e3, 900e3, 1800e3, 3600e3, 7200e3, 10800e3, 21600e3,
  43200e3, 86400e3, 172800e3, 604800e3,
];

/** Ticks at round clock times (every 10 s, 5 min, 1 h …), at most about `maxCount` of them. */
export function timeTicks(t0: number, t1: number, maxCount: number): { step: number; ticks: number[] } {
  const span = Math.max(t1 - t0, 1);
  const step =
    TIME_STEPS.find((s) => span / s <= maxCount) ?? Math.ceil(span / maxCount / 86400e3) * 86400e3;
  const ticks: number[] = [];
  for (let t = Math.ceil(t0 / step) * step; t <= t1 && ticks.length < 1000; t += step) ticks.push(t);
  return { step, ticks };
}

/** Label of a time tick; the date is added where the day changes when the window spans days. */
export function formatTimeTick(ms: number, step: number, previous: number | undefined, span: number): string | string[] {
  if (step >= 86400e3) return formatMonthDay(ms);
  const clock = formatClock(ms, step < 60e3);
  if (span < 86400e3) return clock;
  const day = Math.floor(ms / 86400e3);
  if (previous === undefined || Math.floor(previous / 86400e3) !== day) return [clock, formatMonthDay(ms)];
  return clock;
}

const NICE = [1, 2, 2.5, 5, 10];

function niceUp(x: number, choices: readonly number[]): number {
  return choices.find((c) => c >= x - 1e-9) ?? choices[choices.length - 1]!;
}

/**
 * Round axis ticks covering [min, max], at most about `maxCount` intervals. `binary`: steps that are round
 * in 1024-based units (100 MiB, 256 KiB), for byte quantities; `integer`: whole steps, for counts.
 */
export function niceTicks(
  min: number,
  max: number,
  maxCount: number,
  kind: 'decimal' | 'binary' | 'integer' = 'decimal',
): number[] {
  const binary = kind === 'binary';
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (hi - lo <= 0) hi = lo + (binary ? 1024 : 1);
  const raw = (hi - lo) / Math.max(1, maxCount);
  let step: number;
  if (binary && raw >= 1024) {
    const base = 1024 ** binaryPower(raw);
    const m = raw / base;
    step = m > 1000 ? base * 1024 : base * niceUp(m, [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]);
  } else {
    const pow = 10 ** Math.floor(Math.log10(raw));
    step = pow * niceUp(raw / pow, kind === 'integer' ? [1, 2, 5, 10] : NICE);
    if (kind === 'integer') step = Math.max(1, step);
  }
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; lo + i * step <= hi + step * 1e-9 && i < 100; i++) ticks.push(lo + i * step);
  return ticks;
}
