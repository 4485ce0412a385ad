/**
 * The Δ table of the compare page (docs/ui-contract.md §13): each run's avg, p95 and max over the window,
 * each other run's change against the baseline; sorted by the size of the change or by series; rows whose
 * changes are all within the baseline's noise marked; copied as Markdown or TSV (shared/compare/table.ts,
 * the same text `dstatview compare` prints).
 */
import { useState } from 'react';
import { deltaTable, deltaTableMarkdown, deltaTableTsv, NOISE_RULE, type ComparedSeries, type RunLabel } from '../../../shared/compare/index.js';
import { copyText } from '../export/clipboard.js';
import { useCompareText } from '../compare/compare-text.js';

interface Props {
  series: readonly ComparedSeries[];
  labels: readonly RunLabel[];
  baseline: number;
  sort: 'change' | 'name';
  onSort: (sort: 'change' | 'name') => void;
}

export function DeltaTable({ series, labels, baseline, sort, onSort }: Props) {
  const c = useCompareText();
  const [copied, setCopied] = useState<'md' | 'tsv' | null>(null);
  const table = deltaTable(series, labels, baseline, sort);
  const copy = (kind: 'md' | 'tsv') => {
    const text = kind === 'md' ? deltaTableMarkdown(table, labels, baseline) : deltaTableTsv(table);
    void copyText(text).then((ok) => setCopied(ok ? kind : null));
  };
  return (
    <section className="delta-section" aria-labelledby="delta-title">
      <h2 id="delta-title">{c.deltaTitle}</h2>
      <p className="hint">{c.deltaLead(NOISE_RULE)}</p>
      <div className="delta-tools">
        <label>
          {c.sortBy}{' '}
          <select value={sort} onChange={(e) => onSort(e.currentTarget.value === 'name' ? 'name' : 'change')}>
            <option value="change">{c.sortChange}</option>
            <option value="name">{c.sortName}</option>
          </select>
        </label>
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
              return (
                <tr key={meta.id} data-series={meta.id} data-noise={meta.noise ? 'true' : 'false'} className={meta.noise ? 'within-noise' : undefined}>
                  {row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i} data-col={table.head[i]}>{cell}</td>))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
