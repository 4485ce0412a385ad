/**
 * The Δ table of the compare page (docs/ui-contract.md §18): each run's avg, p95 and max over the window,
 * each other run's change against the baseline with its 95 % interval and verdict (docs/compare.md); rows
 * named as the charts name them, in the page's units, grouped by chart (significant changes first) or in
 * page order; series zero in every run left out and counted below; copied as Markdown or TSV with a header
 * (shared/compare/table.ts, the same text `dstatview compare` prints). With layout=hosts, each run's figures
 * side by side instead, no change (hostsTable).
 */
import { useState } from 'react';
import {
  deltaTable,
  deltaTableMarkdown,
  deltaTableTsv,
  hostsTable,
  TABLE_TEXT,
  type ComparedSeries,
  type RunLabel,
  type SeriesNames,
} from '../../../shared/compare/index.js';
import type { CompareLayout } from '../../../shared/view/compare-options.js';
import { copyText } from '../export/clipboard.js';
import { useCompareText } from '../compare/compare-text.js';
import { useLang } from '../i18n/i18n.js';

interface Props {
  series: readonly ComparedSeries[];
  labels: readonly RunLabel[];
  baseline: number;
  sort: 'change' | 'name';
  onSort: (sort: 'change' | 'name') => void;
  /** Chart titles and series labels in the page's language. */
  names: SeriesNames;
  /** The window as the page says it, for the copies' header. */
  windowText: string;
  /** Practical threshold of a significant change, % of the baseline's mean. */
  minChange: number;
  /** `hosts`: each run's figures side by side, no change (shared/compare/table.ts hostsTable). */
  layout?: CompareLayout;
}

export function DeltaTable({ series, labels, baseline, sort, onSort, names, windowText, minChange, layout = 'overlay' }: Props) {
  const c = useCompareText();
  const lang = useLang();
  const [copied, setCopied] = useState<'md' | 'tsv' | null>(null);
  const hosts = layout === 'hosts';
  const table = hosts ? hostsTable(series, labels, { names, lang }) : deltaTable(series, labels, baseline, { order: sort, names, lang });
  const header = { window: windowText, minChange, lang, layout };
  const copy = (kind: 'md' | 'tsv') => {
    const text = kind === 'md' ? deltaTableMarkdown(table, labels, baseline, header) : deltaTableTsv(table, labels, baseline, header);
    void copyText(text).then((ok) => setCopied(ok ? kind : null));
  };
  return (
    <section className="delta-section" aria-labelledby="delta-title" data-layout={layout}>
      <h2 id="delta-title">{hosts ? c.hostsTitle : c.deltaTitle}</h2>
      <p className="hint">{hosts ? c.hostsLead : c.deltaLead(minChange)}</p>
      <div className="delta-tools">
        {!hosts && (
          <label>
            {c.sortBy}{' '}
            <select value={sort} onChange={(e) => onSort(e.currentTarget.value === 'name' ? 'name' : 'change')}>
              <option value="change">{c.sortChange}</option>
              <option value="name">{c.sortName}</option>
            </select>
          </label>
        )}
        <button type="button" onClick={() => copy('md')}>
          {c.copyMarkdown}
        </button>
        <button type="button" onClick={() => copy('tsv')}>
          {c.copyTsv}
        </button>
        <span role="status" className="hint">
          {copied ? c.copied : ''}
        </span>
      </div>
      <div className="delta-scroll">
        <table className="delta-table">
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => {
              const meta = table.meta[r]!;
              const first = r === 0 || table.meta[r - 1]!.chart !== meta.chart;
              return (
                <tr
                  key={meta.id}
                  data-series={meta.id}
                  data-noise={meta.noise ? 'true' : 'false'}
                  data-verdict={meta.verdict ?? undefined}
                  className={[meta.noise ? 'within-noise' : '', meta.verdict === 'significant' ? 'significant' : '', first ? 'chart-first' : ''].filter(Boolean).join(' ') || undefined}
                >
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className={first ? undefined : 'repeat'}>
                        {cell}
                      </th>
                    ) : (
                      <td key={i} data-col={table.head[i]}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {table.idle > 0 && (
        <p className="hint" data-idle-series={table.idle}>
          {TABLE_TEXT[lang].idleCount(table.idle)}
        </p>
      )}
      {table.twins > 0 && (
        <p className="hint" data-twin-series={table.twins}>
          {TABLE_TEXT[lang].twinCount(table.twins)}
        </p>
      )}
    </section>
  );
}
