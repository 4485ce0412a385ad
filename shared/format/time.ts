/**
 * Times for people. Times are the recording host's wall clock exactly as recorded: "floating" ms written as
 * if UTC, so they are read with UTC getters and never shifted to the viewer's zone (the zone is shown
 * beside).
 */

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

/**
 * Elapsed time as a clock, dstat2graphs style: `00:01:30`; `1d 02:00:00` past a day; `-` before the origin;
 * tenths of a second (`00:00:01.5`) when `tenths`.
 */
export function formatElapsed(ms: number, seconds = true, tenths = false): string {
  if (!Number.isFinite(ms)) return '–';
  const sign = ms < 0 ? '-' : '';
  const tenthsTotal = Math.round(Math.abs(ms) / 100);
  const total = tenths ? Math.floor(tenthsTotal / 10) : Math.round(Math.abs(ms) / 1000);
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  let clock = seconds ? `${pad2(h)}:${pad2(m)}:${pad2(s)}` : `${pad2(h)}:${pad2(m)}`;
  if (tenths) clock += `.${tenthsTotal % 10}`;
  return d > 0 ? `${sign}${d}d ${clock}` : `${sign}${clock}`;
}

/** Zone as recorded, for display beside a time: `UTC`, `JST`, `-03`, or a plain note when unknown. */
export function zoneLabel(timezone: string): string {
  return timezone.trim() === '' ? '(zone not recorded)' : timezone;
}

/**
 * Label of a time tick; the date is added where the day changes when the window spans days; tenths of a
 * second when the step is below a second.
 */
export function formatTimeTick(ms: number, step: number, previous: number | undefined, span: number): string | string[] {
  if (step >= 86400e3) return formatMonthDay(ms);
  let clock = formatClock(ms, step < 60e3);
  if (step < 1000) clock += `.${Math.floor((((ms % 1000) + 1000) % 1000) / 100)}`;
  if (span < 86400e3) return clock;
  const day = Math.floor(ms / 86400e3);
  if (previous === undefined || Math.floor(previous / 86400e3) !== day) return [clock, formatMonthDay(ms)];
  return clock;
}
