/**
 * The runs a comparison names, as written in `/compare?ids=…` and `/api/compare?ids=…`: report ids,
 * comma-separated, each optionally `ID:N` for run N (1-based) of a file with appended runs (default: the
 * last run, as the report page), and optionally `@FROM-TO`, a window of that run in seconds from its row 0
 * (two windows of one run: `ID@0-300,ID@600-900`). The same id may appear twice (two runs of one file; two
 * windows of one run; a run with itself).
 */
import { MAX_COMPARE_RUNS } from '../limits.js';
import { isReportId } from './report-id.js';
import { roundMs, type CompareOptions } from '../view/compare-options.js';
import { compareOptionsUrlParts } from '../view/compare-url.js';

export interface RunRef {
  id: string;
  /** 1-based run; null = the last run of the file. */
  run: number | null;
  /** A window of the run, seconds from its row 0 (from < to); absent: the whole run. */
  window?: { from: number; to: number };
}

/** `@FROM-TO` after a run reference: seconds, from below to. Null when malformed. */
export function parseRefWindow(text: string): { from: number; to: number } | null {
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return from < to ? { from, to } : null;
}

export type RunRefsResult = { ok: true; refs: RunRef[] } | { ok: false; message: string };

export function parseRunRefs(ids: string): RunRefsResult {
  const items = ids.split(',').filter((s) => s !== '');
  if (items.length < 1) return { ok: false, message: 'ids is empty: name the reports to compare, e.g. ids=ID1,ID2' };
  if (items.length > MAX_COMPARE_RUNS) {
    return { ok: false, message: `${items.length} runs named; at most ${MAX_COMPARE_RUNS} can be compared at once` };
  }
  const refs: RunRef[] = [];
  for (const item of items) {
    const m = /^([^:@]*)(?::(\d{1,7}))?(?:@(.*))?$/.exec(item);
    const run = m?.[2] === undefined ? null : Number(m[2]);
    if (!m || !isReportId(m[1]) || run === 0) {
      return { ok: false, message: `"${item.slice(0, 80)}" is not a report id (ID, ID:RUN, RUN from 1, or either @FROM-TO)` };
    }
    if (m[3] === undefined) {
      refs.push({ id: m[1], run });
      continue;
    }
    const window = parseRefWindow(m[3]);
    if (!window) return { ok: false, message: `"${item.slice(0, 80)}": @FROM-TO takes two numbers of seconds, FROM below TO` };
    refs.push({ id: m[1], run, window });
  }
  return { ok: true, refs };
}

export function formatRunRefs(refs: readonly RunRef[]): string {
  return refs
    .map((r) => (r.run === null ? r.id : `${r.id}:${r.run}`) + (r.window ? `@${roundMs(r.window.from)}-${roundMs(r.window.to)}` : ''))
    .join(',');
}

/** A compare page's view as its URL query says it (docs/ui-contract.md §18): the runs and the options. */
export type CompareQuery = { refs: readonly RunRef[] } & CompareOptions;

/**
 * The compare page's query, `?ids=…` and only the options that differ from the default (absent ones are),
 * in the option table's order (shared/view/compare-options.ts): the same view always gives the same URL
 * (the page keeps it current; the offline compare page opens with it).
 */
export function compareQuery(v: { refs: readonly RunRef[] } & Partial<CompareOptions>): string {
  return '?' + [`ids=${formatRunRefs(v.refs)}`, ...compareOptionsUrlParts(v)].join('&');
}
