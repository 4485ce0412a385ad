/**
 * A heatmap figure (docs/ui-contract.md §8): `figure[data-chart="cpu-heatmap"]` (busy % of each CPU) or
 * `figure[data-chart="disk-heatmap"]` (read + write bytes/s of each disk, busiest first), a colour scale, the
 * canvas with its pointer layer, and the statistics of each row.
 */
import { memo, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { SeriesStats } from '../../../shared/series/stats.js';
import type { Coordinator } from '../charts/coordinator.js';
import { usePanel } from '../charts/use-panel.js';
import {
  CPU_SCALE,
  cpuBusy,
  diskThroughput,
  HeatmapPanel,
  paletteGradient,
  peakOf,
  SCALE_TICKS,
  type HeatmapCpu,
  type HeatmapScale,
} from '../charts/heatmap-panel.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { useT } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import { formatValue } from '../format.js';
import { DISK_HEATMAP_KEY, HEATMAP_KEY } from '../view/layout.js';
import { downloadBlob } from './download.js';
import { PlotBox } from './PlotBox.js';
import { StatsTable } from './StatsTable.js';

interface Props {
  run: RunData;
  /** `cpu`: busy % of each CPU, in the file's order; `disk`: read + write bytes/s of each disk, busiest first. */
  kind?: 'cpu' | 'disk';
  /** The devices' charts (per-CPU or per-disk), one row each. */
  devices: readonly ResolvedChart[];
  /** A chart's load (busiest first: shared/view/page-order.ts chartLoad): the disk rows' order. */
  load?: (chart: ResolvedChart) => number;
  coordinator: Coordinator;
  domId: string;
  /** The graph height option: the heatmap is at least this tall, and taller for many devices. */
  height: number;
}

export const HeatmapFigure = memo(function HeatmapFigure({ run, kind = 'cpu', devices, load, coordinator, domId, height }: Props) {
  const t = useT();
  const { theme } = useTheme();
  const figureRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const [stats, setStats] = useState<(SeriesStats | null)[] | 'pending' | null>(null);
  const figures = stats === 'pending' ? null : stats;
  const disk = kind === 'disk';
  const figureKey = disk ? DISK_HEATMAP_KEY : HEATMAP_KEY;
  const rows = useMemo((): HeatmapCpu[] => {
    if (!disk) return devices.map((c) => ({ key: c.key, name: c.device ?? c.key, busy: cpuBusy(run, c) }));
    const loads = new Map(devices.map((c) => [c.key, load ? load(c) : 0]));
    const ranked = devices.map((c, i) => ({ c, i })).sort((a, b) => loads.get(b.c.key)! - loads.get(a.c.key)! || a.i - b.i);
    return ranked.map(({ c }) => ({ key: c.key, name: c.device ?? c.key, busy: diskThroughput(run, c) }));
  }, [run, devices, disk, load]);
  const unit = disk ? (devices[0]?.unit ?? 'bytes/s') : '%';
  const scale = useMemo(
    (): HeatmapScale => (disk ? { key: DISK_HEATMAP_KEY, max: peakOf(rows, run.firstRow), unit } : CPU_SCALE),
    [disk, rows, run, unit],
  );
  const title = disk ? `${t.diskHeatmapTitle} (${t.heatmapDisks(devices.length)})` : `${t.heatmapTitle} (${t.heatmapCpus(devices.length)})`;
  const labels = useMemo(() => ({ mean: t.heatmapMean, busiest: t.heatmapBusiest, here: t.heatmapHere }), [t]);
  const headingId = `${domId}-title`;

  const panelRef = usePanel(
    coordinator,
    () => {
      const panel = new HeatmapPanel(figureRef.current!, boxRef.current!, canvasRef.current!, pointerRef.current!, coordinator, rows, setStats, scale);
      panel.setProps(rows, title, labels, scale);
      return panel;
    },
    (panel) => panel.setProps(rows, title, labels, scale),
    [rows, title, labels, scale],
  );

  const boxHeight = Math.max(height, Math.min(640, devices.length * 4 + 28));
  const download = (): void => {
    void panelRef.current?.png(coordinator.ctx).then((blob) => {
      if (blob) downloadBlob(blob, `${figureKey}.png`);
    });
  };

  return (
    <figure
      className="chart-panel heatmap-panel"
      id={domId}
      data-chart={figureKey}
      aria-labelledby={headingId}
      ref={figureRef}
    >
      <figcaption>
        <h3 id={headingId}>{title}</h3>
        <span className="heatmap-scale" aria-hidden="true">
          <span className="heatmap-gradient" style={{ background: paletteGradient(theme === 'dark') }}>
            {/* Busy %: its ticks; throughput: 0 here and the top of the scale after the gradient. */}
            {(disk ? [0] : SCALE_TICKS).map((v) => (
              <span key={v} className="heatmap-tick" style={{ left: `${(Math.sqrt(v / 100) * 100).toFixed(1)}%` }}>
                {v}
              </span>
            ))}
          </span>
          <span>{disk ? formatValue(scale.max, unit) : '%'}</span>
        </span>
        <button type="button" className="png-button" onClick={download} aria-label={t.downloadPngOf(title)}>
          {t.downloadPng}
        </button>
        <p className="chart-note">{disk ? t.diskHeatmapCaption : t.heatmapCaption}</p>
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
            unit,
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
