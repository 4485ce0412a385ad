/** The whole report's statistics, to copy as Markdown or TSV (one row per series of every chart). */
import type { TimeWindow } from '../../../shared/series/window.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { useLang } from '../i18n/i18n.js';
import { CopyStatsButtons } from './CopyStatsButtons.js';
import { useExportT } from './export-messages.js';
import { runSummaryRows, summaryCharts } from './stats-rows.js';
import { copyHeader } from './copy-header.js';

export function StatsSummary({ run, extent }: { run: RunData; extent: TimeWindow | null }) {
  const x = useExportT();
  const lang = useLang();
  return (
    <div className="stats-summary" data-stats-summary>
      <span className="stats-summary-title" title={x.summaryNote}>
        {x.summary}
      </span>
      <CopyStatsButtons
        what={x.summary}
        rows={() => runSummaryRows(run, extent, lang)}
        header={() => copyHeader(run, extent, x.summary, x, lang, summaryCharts(run).leftOut)}
      />
    </div>
  );
}
