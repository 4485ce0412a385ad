/**
 * One catalogue chart (docs/ui-contract.md §1–4, 9): a figure with its heading (chart and device), a PNG
 * button, the canvas with its pointer layer, and the statistics table (min, avg, p95, max of the raw
 * samples in the shown window), which is also the legend: each drawn series can be hidden from it.
 * The drawing itself is a LinePanel driven by the coordinator.
 */
import { memo, useMemo, useRef, useState } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import type { Coordinator } from '../charts/coordinator.js';
import { LinePanel } from '../charts/line-panel.js';
import { usePanel } from '../charts/use-panel.js';
import { unitCaption } from '../format.js';
import { chartNote, chartTitle, seriesLabel, useLang, useT } from '../i18n/i18n.js';
import { downloadBlob } from './download.js';
import { PlotBox } from './PlotBox.js';
import { StatsTable } from './StatsTable.js';
import { CopyStatsButtons } from '../export/CopyStatsButtons.js';
import { chartStatsRows } from '../export/stats-rows.js';
import { copyHeader } from '../export/copy-header.js';
import { useExportT } from '../export/export-messages.js';

interface Props {
  chart: ResolvedChart;
  coordinator: Coordinator;
  /** DOM id of the figure (an anchor for the sidebar). */
  domId: string;
  hidden: ReadonlySet<string>;
  onToggleSeries: (id: string, show: boolean) => void;
}

export const ChartPanel = memo(function ChartPanel({ chart, coordinator, domId, hidden, onToggleSeries }: Props) {
  const t = useT();
  const x = useExportT();
  const lang = useLang();
  const figureRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const [stats, setStats] = useState<(SeriesStats | null)[] | 'pending' | null>(null);
  const figures = stats === 'pending' ? null : stats;
  const title = chartTitle(chart, lang);
  const labels = useMemo(() => chart.series.map((s) => seriesLabel(s, lang)), [chart, lang]);
  const headingId = `${domId}-title`;

  const panelRef = usePanel(
    coordinator,
    () =>
      new LinePanel(
        figureRef.current!,
        boxRef.current!,
        canvasRef.current!,
        pointerRef.current!,
        coordinator,
        { chart, labels, title, trendLabel: t.trendLabel },
        setStats,
      ),
    (panel) => panel.setProps({ chart, labels, title, trendLabel: t.trendLabel }),
    [chart, labels, title, t],
  );

  const unit = unitCaption(chart.unit, lang);
  const note = chartNote(chart, lang);
  const download = (): void => {
    const panel = panelRef.current;
    if (!panel) return;
    void panel.png(coordinator.ctx).then((blob) => {
      if (blob) downloadBlob(blob, `${chart.key}.png`);
    });
  };

  return (
    <figure className="chart-panel" id={domId} data-chart={chart.key} aria-labelledby={headingId} ref={figureRef}>
      <figcaption>
        <h3 id={headingId}>{title}</h3>
        {unit && <span className="chart-unit">{unit}</span>}
        <button type="button" className="png-button" onClick={download} aria-label={t.downloadPngOf(title)}>
          {t.downloadPng}
        </button>
        {note && <p className="chart-note">{note}</p>}
      </figcaption>
      <PlotBox title={title} boxRef={boxRef} canvasRef={canvasRef} pointerRef={pointerRef} />
      <StatsTable
        caption={t.statsCaption(title)}
        chartTitle={title}
        rows={chart.series.map((s, i) => ({
          id: s.key,
          label: labels[i] ?? s.label,
          colour: s.colour,
          unit: s.unit,
          drawn: s.role !== 'hidden',
          shown: !hidden.has(s.key),
          stats: figures?.[i] ?? null,
        }))}
        onToggle={onToggleSeries}
        pending={stats === 'pending'}
      />
      <CopyStatsButtons
        what={title}
        rows={() => chartStatsRows(chart, labels, figures)}
        header={() => copyHeader(coordinator.ctx.run, coordinator.ctx.window, title, x, lang)}
      />
    </figure>
  );
});
