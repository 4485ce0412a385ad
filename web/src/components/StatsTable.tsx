/**
 * The statistics under a chart (docs/ui-contract.md §4): `table.chart-stats`, one `tr[data-series]` per
 * series, `td[data-stat=min|avg|p95|max]` with the raw number in `data-value`. A drawn series' name is a
 * toggle button that hides or shows it.
 */
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

export function StatsTable({
  caption,
  rows,
  onToggle,
  className = '',
}: {
  caption: string;
  rows: readonly StatsRow[];
  onToggle?: (id: string, show: boolean) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <table className={`chart-stats ${className}`.trim()}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.series}</th>
          <th scope="col">{t.min}</th>
          <th scope="col">{t.avg}</th>
          <th scope="col">{t.p95}</th>
          <th scope="col">{t.max}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-series={r.id} className={!r.drawn ? 'not-drawn' : r.shown ? undefined : 'series-off'}>
            <th scope="row">
              {r.drawn && onToggle ? (
                <button
                  type="button"
                  className="series-toggle"
                  aria-pressed={r.shown}
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
                  {v === undefined ? '–' : formatValue(v, r.unit)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
