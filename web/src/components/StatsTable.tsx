/**
 * The statistics under a chart (docs/ui-contract.md §4): `table.chart-stats`, one `tr[data-series]` per
 * series, `td[data-stat=min|avg|p95|max]` with the raw number in `data-value`. A drawn series' name is a
 * toggle button that hides or shows it.
 */
import { useState } from 'react';
import type { SeriesStats } from '../../../shared/series/stats.js';
import { formatValue } from '../format.js';
import { useT } from '../i18n/i18n.js';

export interface StatsRow {
  id: string;
  label: string;
  colour: string;
  unit: string;
  /** Drawn on the chart (false: statistics only, e.g. CPU idle, free memory). */
  drawn: boolean;
  /** Not hidden by the user. */
  shown: boolean;
  stats: SeriesStats | null;
}

const STATS = ['min', 'avg', 'p95', 'max'] as const;
type SortKey = 'series' | (typeof STATS)[number];
interface Sort {
  key: SortKey;
  descending: boolean;
}

/** Rows in the order of a column: names in natural order, numbers with missing ones last; ties as given. */
export function sortRows(rows: readonly StatsRow[], sort: Sort | null): readonly StatsRow[] {
  if (!sort) return rows;
  const collator = new Intl.Collator(undefined, { numeric: true });
  const sign = sort.descending ? -1 : 1;
  const key = sort.key;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      if (key === 'series') return sign * collator.compare(a.r.label, b.r.label) || a.i - b.i;
      const va = a.r.stats?.[key];
      const vb = b.r.stats?.[key];
      if (va === undefined || vb === undefined) return (va === undefined ? 1 : 0) - (vb === undefined ? 1 : 0) || a.i - b.i;
      return sign * (va - vb) || a.i - b.i;
    })
    .map((x) => x.r);
}

export function StatsTable({
  caption,
  chartTitle,
  rows,
  onToggle,
  className = '',
  sortable = false,
  pending = false,
}: {
  caption: string;
  /** The chart's title: in the names of the table's buttons, which many charts repeat ("user"). */
  chartTitle: string;
  rows: readonly StatsRow[];
  onToggle?: (id: string, show: boolean) => void;
  className?: string;
  /** Column headers sort the rows (the per-CPU table of the heatmap: 192 rows). */
  sortable?: boolean;
  /** The figures of this window wait for the report's raw samples (a big report's reduced level): `…`. */
  pending?: boolean;
}) {
  const t = useT();
  const [sort, setSort] = useState<Sort | null>(null);
  const names: Record<SortKey, string> = { series: t.series, min: t.min, avg: t.avg, p95: t.p95, max: t.max };
  const header = (key: SortKey) => {
    const text = key === 'p95' ? <abbr title={t.p95Full}>{names[key]}</abbr> : names[key];
    if (!sortable) {
      return (
        <th key={key} scope="col">
          {text}
        </th>
      );
    }
    const active = sort?.key === key;
    // Numbers sort largest first on the first click (the busiest CPUs on top), names A→Z.
    const next: Sort = active ? { key, descending: !sort.descending } : { key, descending: key !== 'series' };
    return (
      <th key={key} scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => setSort(next)} aria-label={t.sortBy(names[key], chartTitle)}>
          {text}
          <span aria-hidden="true" className="sort-mark">
            {active ? (sort.descending ? ' ▼' : ' ▲') : ''}
          </span>
        </button>
      </th>
    );
  };
  return (
    <table
      className={`chart-stats ${className}`.trim()}
      data-stats-pending={pending ? 'true' : undefined}
      aria-busy={pending ? true : undefined}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>{(['series', ...STATS] as const).map(header)}</tr>
      </thead>
      <tbody>
        {sortRows(rows, sort).map((r) => (
          <tr key={r.id} data-series={r.id} className={!r.drawn ? 'not-drawn' : r.shown ? undefined : 'series-off'}>
            <th scope="row">
              {r.drawn && onToggle ? (
                <button
                  type="button"
                  className="series-toggle"
                  aria-pressed={r.shown}
                  aria-label={t.seriesIn(r.label, chartTitle)}
                  title={t.toggleSeries(r.label)}
                  onClick={() => onToggle(r.id, !r.shown)}
                >
                  <span className={`swatch swatch-${r.colour}`} aria-hidden="true" />
                  {r.label}
                </button>
              ) : (
                <>
                  <span className={`swatch swatch-${r.colour}${r.drawn ? '' : ' swatch-hidden'}`} aria-hidden="true" />
                  {r.label}
                  {!r.drawn && <span className="visually-hidden"> {t.notDrawn}</span>}
                </>
              )}
            </th>
            {STATS.map((k) => {
              const v = r.stats?.[k];
              return (
                <td key={k} data-stat={k} data-value={v === undefined ? undefined : String(v)}>
                  {pending ? <span title={t.statsPending}>…</span> : v === undefined ? '–' : formatValue(v, r.unit)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
