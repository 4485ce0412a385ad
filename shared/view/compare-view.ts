/**
 * The compare page's view as a URL query (docs/ui-contract.md §18), so that a shared link opens the same
 * comparison; written by shared/api/compare-ref.ts `compareQuery`. Pure. `parseCompareView` never throws:
 * what is missing or malformed is the default.
 *
 *   ids       runs: report ids, `ID:N` for run N of a multi-run file (shared/api/compare-ref.ts)
 *   baseline  index into ids of the run the others are compared with (default 0)
 *   shift     seconds each run's start is shifted by, comma-separated in ids order (default 0 each)
 *   from, to  zoom window, aligned elapsed seconds; both or neither
 *   sort      `name`: the Δ table by series id (default: by the size of the change)
 *   idle      `1`: draw devices idle in every run (default: listed, not drawn, as on a report page)
 *   align     `clock`: runs on the absolute clock, each log's zone honoured; shift then adds clock offsets
 *   minChange the smallest change called significant, % of the baseline's mean (default 5; docs/compare.md)
 */
import { parseRunRefs, type CompareQuery } from '../api/compare-ref.js';
import { DEFAULT_MIN_CHANGE } from '../compare/significance.js';

export interface CompareView extends CompareQuery {
  /** Why `ids` was refused; null when the runs are fine. */
  error: string | null;
  shifts: number[];
  minChange: number;
  align: 'elapsed' | 'clock';
}

const num = (s: string | null): number | null => {
  if (s === null || s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

export function parseCompareView(search: string): CompareView {
  const p = new URLSearchParams(search);
  const parsed = parseRunRefs(p.get('ids') ?? '');
  const refs = parsed.ok ? parsed.refs : [];
  const baseline = num(p.get('baseline'));
  const shifts = refs.map(() => 0);
  (p.get('shift') ?? '').split(',').forEach((s, i) => {
    const n = num(s);
    if (i < shifts.length && n !== null) shifts[i] = n;
  });
  const from = num(p.get('from'));
  const to = num(p.get('to'));
  const zoom = from !== null && to !== null && from < to;
  const minChange = num(p.get('minChange'));
  return {
    refs,
    error: parsed.ok ? null : parsed.message,
    baseline: baseline !== null && Number.isInteger(baseline) && baseline >= 0 && baseline < refs.length ? baseline : 0,
    shifts,
    from: zoom ? from : null,
    to: zoom ? to : null,
    sort: p.get('sort') === 'name' ? 'name' : 'change',
    idle: p.get('idle') === '1',
    align: p.get('align') === 'clock' ? 'clock' : 'elapsed',
    minChange: minChange !== null && minChange >= 0 && minChange <= 1000 ? minChange : DEFAULT_MIN_CHANGE,
  };
}

/** The reports a view's runs come from, each once (what the page loads); none when `ids` is refused. */
export function reportIds(view: Pick<CompareView, 'refs'>): string[] {
  return [...new Set(view.refs.map((r) => r.id))];
}
