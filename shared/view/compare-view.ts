/**
 * The compare page's view as a URL query (docs/ui-contract.md §18), so that a shared link opens the same
 * comparison; written by shared/api/compare-ref.ts `compareQuery`. Pure. `parseCompareView` never throws:
 * what is missing or malformed is the default.
 *
 *   ids       runs: report ids, `ID:N` for run N of a multi-run file, `ID@FROM-TO` a window of it
 *             (shared/api/compare-ref.ts)
 *   the rest  the compare options, declared in compare-options.ts (names, defaults, bounds, URL order)
 *
 * Then the rules between them and the runs: a baseline that is no run is 0; shifts are one per run (missing
 * ones 0, extra ones dropped); the zoom window needs both ends, `from` before `to`.
 */
import { parseRunRefs, type CompareQuery } from '../api/compare-ref.js';
import { compareOptionsFromUrl } from './compare-url.js';
import { rawParams } from './url-codec.js';

export interface CompareView extends CompareQuery {
  /** Why `ids` was refused; null when the runs are fine. */
  error: string | null;
}

export function parseCompareView(search: string): CompareView {
  const p = new URLSearchParams(search);
  const parsed = parseRunRefs(p.get('ids') ?? '');
  const refs = parsed.ok ? parsed.refs : [];
  const o = compareOptionsFromUrl(rawParams(search));
  const zoom = o.from !== null && o.to !== null && o.from < o.to;
  return {
    refs,
    error: parsed.ok ? null : parsed.message,
    ...o,
    baseline: o.baseline < refs.length ? o.baseline : 0,
    shifts: refs.map((_, i) => o.shifts[i] ?? 0),
    from: zoom ? o.from : null,
    to: zoom ? o.to : null,
  };
}

/** The reports a view's runs come from, each once (what the page loads); none when `ids` is refused. */
export function reportIds(view: Pick<CompareView, 'refs'>): string[] {
  return [...new Set(view.refs.map((r) => r.id))];
}
