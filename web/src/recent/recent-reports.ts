/**
 * The reports this browser uploaded or opened, newest first, in localStorage (`dstatview:recent`, a JSON
 * array): "Compare with…" on a report page lists them. Deduplicated by id, at most RECENT_REPORTS_MAX.
 * Storage may be absent (private mode, quota) or hold anything: then the list is empty and nothing is kept.
 */
export const RECENT_REPORTS_KEY = 'dstatview:recent';
export const RECENT_REPORTS_MAX = 20;

export interface RecentReport {
  id: string;
  /** As the log says; '' when it names none. Untrusted text (from the CSV). */
  host: string;
  /** The uploaded file's name. Untrusted text. */
  fileName: string;
  /** The shown run's first row (floating wall-clock ms). */
  start: number;
  /** The shown run's duration (s). */
  duration: number;
  /** When this browser last opened it (epoch ms). */
  seenAt: number;
}

/** The part of Storage used (declared here: the module is also compiled without the DOM's types, for tests). */
interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function defaultStore(): Store | null {
  try {
    return (globalThis as { localStorage?: Store }).localStorage ?? null;
  } catch {
    return null;
  }
}

function isEntry(v: unknown): v is RecentReport {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    e.id !== '' &&
    typeof e.host === 'string' &&
    typeof e.fileName === 'string' &&
    Number.isFinite(e.start) &&
    Number.isFinite(e.duration) &&
    Number.isFinite(e.seenAt)
  );
}

/** The kept reports, newest first; entries that are not well-formed are skipped. */
export function recentReports(store: Store | null = defaultStore()): RecentReport[] {
  if (!store) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(RECENT_REPORTS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const out: RecentReport[] = [];
  for (const v of parsed) {
    if (!isEntry(v) || seen.has(v.id)) continue;
    seen.add(v.id);
    out.push({ id: v.id, host: v.host, fileName: v.fileName, start: v.start, duration: v.duration, seenAt: v.seenAt });
  }
  return out.sort((a, b) => b.seenAt - a.seenAt).slice(0, RECENT_REPORTS_MAX);
}

function save(list: readonly RecentReport[], store: Store): void {
  try {
    store.setItem(RECENT_REPORTS_KEY, JSON.stringify(list.slice(0, RECENT_REPORTS_MAX)));
  } catch {
    // No room or no storage: the list is not kept.
  }
}

/** Puts the report first (replacing an older entry of the same id). */
export function rememberRecent(entry: RecentReport, store: Store | null = defaultStore()): void {
  if (!store || !isEntry(entry)) return;
  save([entry, ...recentReports(store).filter((e) => e.id !== entry.id)], store);
}

/** Drops the report (deleted, or no longer found). */
export function forgetRecent(id: string, store: Store | null = defaultStore()): void {
  if (!store) return;
  const list = recentReports(store);
  if (list.some((e) => e.id === id)) save(list.filter((e) => e.id !== id), store);
}
