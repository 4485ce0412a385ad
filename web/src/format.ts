/**
 * Numbers and times for people: the formatting itself is shared with the server's images and exports
 * (shared/format/); what is only the page's — Y limits as typed in the options — is here.
 */
import { trimZeros } from '../../shared/format/number.js';

export {
  formatAxisValue,
  formatBytes,
  formatNumber,
  formatValue,
  unitCaption,
} from '../../shared/format/number.js';
export {
  formatClock,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatMonthDay,
  formatTimeTick,
  zoneLabel,
} from '../../shared/format/time.js';

const counts = new Map<string, Intl.NumberFormat>();

/**
 * A count with the language's digit grouping (12,345). One formatter per locale: `toLocaleString` builds
 * a new one on every call (~2–3 ms each on a first page load).
 */
export function formatCount(n: number, locale: string): string {
  let f = counts.get(locale);
  if (!f) counts.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
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
