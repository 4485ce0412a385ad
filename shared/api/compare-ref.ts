/**
 * The runs a comparison names, as written in `/compare?ids=…` and `/api/compare?ids=…`: report ids,
 * comma-separated, each optionally `ID:N` for run N (1-based) of a file with appended runs (default: the
 * last run, as the report page). The same id may appear twice (two runs of one file; a run with itself).
 */
import { MAX_COMPARE_RUNS } from '../limits.js';
import { isReportId } from './report-id.js';

export interface RunRef {
  id: string;
  /** 1-based run; null = the last run of the file. */
  run: number | null;
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
    const m = /^([^:]*)(?::(\d{1,7}))?$/.exec(item);
    const run = m?.[2] === undefined ? null : Number(m[2]);
    if (!m || !isReportId(m[1]) || run === 0) {
      return { ok: false, message: `"${item.slice(0, 80)}" is not a report id (ID or ID:RUN, RUN from 1)` };
    }
    refs.push({ id: m[1], run });
  }
  return { ok: true, refs };
}

export function formatRunRefs(refs: readonly RunRef[]): string {
  return refs.map((r) => (r.run === null ? r.id : `${r.id}:${r.run}`)).join(',');
}
