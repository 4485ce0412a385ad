/**
 * The one component that draws every catalogue chart: a figure with its heading (chart and device), the
 * canvas, and a table of statistics per series (min, avg, p95, max of the raw samples in the window). The
 * table is also the legend. The Chart.js instance exists only while the panel is near the viewport.
 */
import { memo, useMemo, useRef } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { seriesStats, type SeriesStats } from '../../../shared/series/stats.js';
import { rowsInWindow, type TimeWindow } from '../../../shared/series/window.js';
import type { RunData } from '../data/run-data.js';
import { formatValue, unitCaption } from '../format.js';
import { chartConfig, prepareChart, readTheme } from './chart-config.js';
import { useChart } from './useChart.js';
import { useNearViewport, useWidth } from './useNearViewport.js';

interface Props {
  run: RunData;
  chart: ResolvedChart;
  window: TimeWindow;
  /** DOM id of the figure (an anchor for the table of contents). */
  domId: string;
}

export const ChartPanel = memo(function ChartPanel({ run, chart, window, domId }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(boxRef);
  const width = useWidth(boxRef, near);
  const headingId = `${domId}-title`;

  // Values and stacks: once per chart, on first approach.
  const seenRef = useRef(false);
  if (near) seenRef.current = true;
  const seen = seenRef.current;
  const prepared = useMemo(() => (seen ? prepareChart(run, chart) : null), [seen, run, chart]);

  const config = useMemo(() => {
    if (!near || !prepared || width <= 0 || !boxRef.current) return null;
    const t0 = performance.now();
    const c = chartConfig({ run, chart, prepared, window, width, theme: readTheme(boxRef.current) });
    performance.measure(`dv:reduce ${chart.key}`, { start: t0, end: performance.now() });
    return c;
  }, [near, prepared, width, run, chart, window]);
  useChart(canvasRef, config, chart.key);

  const stats = useMemo((): (SeriesStats | null)[] | null => {
    if (!seen) return null;
    const { from, to } = rowsInWindow(run.time, window, run.firstRow);
    return chart.series.map((s) => {
      const values = run.values(s.source);
      return values ? seriesStats(values, from, to) : null;
    });
  }, [seen, run, chart, window]);

  const unit = unitCaption(chart.unit);
  return (
    <figure className="chart-panel" id={domId} aria-labelledby={headingId}>
      <figcaption>
        <h3 id={headingId}>{chart.heading}</h3>
        {unit && <span className="chart-unit">{unit}</span>}
        {chart.note && <p className="chart-note">{chart.note}</p>}
      </figcaption>
      <div className="chart-box" ref={boxRef}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${chart.heading}: graph over time. The statistics table below gives the values.`}
        />
        {!near && <span className="chart-placeholder" aria-hidden="true" />}
      </div>
      <table className="stats">
        <caption className="visually-hidden">Statistics of {chart.heading}</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">min</th>
            <th scope="col">avg</th>
            <th scope="col">p95</th>
            <th scope="col">max</th>
          </tr>
        </thead>
        <tbody>
          {chart.series.map((s, i) => {
            const st = stats?.[i] ?? null;
            return (
              <tr key={s.key} className={s.role === 'hidden' ? 'not-drawn' : undefined}>
                <th scope="row">
                  <span className={`swatch swatch-${s.colour}${s.role === 'hidden' ? ' swatch-hidden' : ''}`} aria-hidden="true" />
                  {s.label}
                  {s.role === 'hidden' && <span className="visually-hidden"> (not drawn)</span>}
                </th>
                <td>{st ? formatValue(st.min, s.unit) : '–'}</td>
                <td>{st ? formatValue(st.avg, s.unit) : '–'}</td>
                <td>{st ? formatValue(st.p95, s.unit) : '–'}</td>
                <td>{st ? formatValue(st.max, s.unit) : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
});
