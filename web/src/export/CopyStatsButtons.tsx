/**
 * "Copy as Markdown" / "Copy as TSV" for a statistics table (shared/export/stats-table.ts): figures as the
 * page shows them (units included) in Markdown, full numbers in TSV for a spreadsheet.
 */
import { useState } from 'react';
import { statsMarkdown, statsTsv, type StatsTableRow } from '../../../shared/export/stats-table.js';
import { formatValue } from '../format.js';
import { useT } from '../i18n/i18n.js';
import { copyText } from './clipboard.js';
import { markdownHeader, tsvHeader, type CopyHeader } from './copy-header.js';
import { useExportT } from './export-messages.js';
import './export.css';

/** `header`: what the copy says before its rows (copy-header.ts): title, host, file, run, window. */
export function CopyStatsButtons({ what, rows, header }: { what: string; rows: () => StatsTableRow[]; header?: () => CopyHeader }) {
  const t = useT();
  const x = useExportT();
  const [status, setStatus] = useState('');
  const copy = async (form: 'md' | 'tsv') => {
    const data = rows();
    const headings = { label: x.series, unit: x.unit, min: t.min, avg: t.avg, p95: t.p95, max: t.max };
    const head = header?.();
    const text =
      form === 'md'
        ? (head ? markdownHeader(head, x) : '') +
          statsMarkdown(data, { columns: ['label', 'min', 'avg', 'p95', 'max'], headings, format: formatValue, missing: '–' })
        : (head ? tsvHeader(head, x) : '') + statsTsv(data, { columns: ['label', 'unit', 'min', 'avg', 'p95', 'max'], headings });
    setStatus((await copyText(text)) ? x.copied : x.copyFailed);
    setTimeout(() => setStatus(''), 2500);
  };
  return (
    <div className="copy-stats" role="group" aria-label={x.copyStatsOf(what)}>
      {/* Named after their table, as every chart button is ("Copy as Markdown (Disk I/O vda)"). */}
      <button type="button" data-copy="markdown" aria-label={`${x.copyMarkdown} (${what})`} onClick={() => void copy('md')}>
        {x.copyMarkdown}
      </button>
      <button type="button" data-copy="tsv" aria-label={`${x.copyTsv} (${what})`} onClick={() => void copy('tsv')}>
        {x.copyTsv}
      </button>
      <span className="copy-status" role="status">
        {status}
      </span>
    </div>
  );
}
