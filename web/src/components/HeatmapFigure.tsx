/**
 * The per-CPU heatmap figure (docs/ui-contract.md §8): `figure[data-chart="cpu-heatmap"]`, a colour scale,
 * the canvas with its pointer layer, and the busy % statistics of each CPU.
 */
import { memo, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import type { Coordinator } from '../charts/coordinator.js';
import { usePanel } from '../charts/use-panel.js';
import { cpuBusy, HeatmapPanel, paletteGradient, SCALE_TICKS, type HeatmapCpu } from '../charts/heatmap-panel.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { useT } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import { HEATMAP_KEY } from '../view/layout.js';
import { downloadBlob } from './download.js';
import { PlotBox } from './PlotBox.js';
import { StatsTable } from './StatsTable.js';

interface Props {
  run: RunData;
  cpus: readonly ResolvedChart[];
  coordinator: Coordinator;
  domId: string;
  /** The graph height option: the heatmap is at least this tall, and taller for many CPUs. */
  height: number;
}

export const HeatmapFigure = memo(function HeatmapFigure({ run, cpus, coordinator, domId, height }: Props) {
  const t = useT();
  const { theme } = useTheme();
  const figureRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const [stats, setStats] = useState<(SeriesStats | null)[] | 'pending' | null>(null);
  const figures = stats === 'pending' ? null : stats;
  const rows = useMemo(
    (): HeatmapCpu[] => cpus.map((c) => ({ key: c.key, name: c.device ?? c.key, busy: cpuBusy(run, c) })),
    [run, cpus],
  );
  const title = `${t.heatmapTitle} (${t.heatmapCpus(cpus.length)})`;
  const labels = useMemo(() => ({ mean: t.heatmapMean, busiest: t.heatmapBusiest, here: t.heatmapHere }), [t]);
  const headingId = `${domId}-title`;

  const panelRef = usePanel(
    coordinator,
    () => {
      const panel = new HeatmapPanel(figureRef.current!, boxRef.current!, canvasRef.current!, pointerRef.current!, coordinator, rows, setStats);
      panel.setProps(rows, title, labels);
      return panel;
    },
    (panel) => panel.setProps(rows, title, labels),
    [rows, title, labels],
  );

  const boxHeight = Math.max(height, Math.min(640, cpus.length * 4 + 28));
  const download = (): void => {
    void panelRef.current?.png(coordinator.ctx).then((blob) => {
      if (blob) downloadBlob(blob, `${HEATMAP_KEY}.png`);
    });
  };

  return (
    <figure
      className="chart-panel heatmap-panel"
      id={domId}
      data-chart={HEATMAP_KEY}
      aria-labelledby={headingId}
      ref={figureRef}
    >
      <figcaption>
        <h3 id={headingId}>{title}</h3>
        <span className="heatmap-scale" aria-hidden="true">
          <span className="heatmap-gradient" style={{ background: paletteGradient(theme === 'dark') }}>
            {SCALE_TICKS.map((v) => (
              <span key={v} className="heatmap-tick" style={{ left: `${(Math.sqrt(v / 100) * 100).toFixed(1)}%` }}>
                {v}
              </span>
            ))}
          </span>
          <span>%</span>
        </span>
        <button type="button" className="png-button" onClick={download} aria-label={t.downloadPngOf(title)}>
          {t.downloadPng}
        </button>
        <p className="chart-note">{t.heatmapCaption}</p>
      </figcaption>
      <PlotBox
        title={title}
        boxRef={boxRef}
        canvasRef={canvasRef}
        pointerRef={pointerRef}
        style={{ '--box-height': `${boxHeight}px` } as CSSProperties}
      />
      <div className="stats-scroll">
        <StatsTable
          sortable
          caption={t.statsCaption(title)}
          chartTitle={title}
          rows={rows.map((r, i) => ({
            id: r.key,
            label: r.name,
            colour: 'red',
            unit: '%',
            drawn: true,
            shown: true,
            stats: figures?.[i] ?? null,
          }))}
          pending={stats === 'pending'}
        />
      </div>
    </figure>
  );
});
