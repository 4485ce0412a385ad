/**
 * One chart of the compare page: heading, which runs lack it, a legend of the runs drawn, and the plot
 * (ComparePanel, driven by the page's coordinator like the report's charts).
 */
import { memo, useRef } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { ComparePanel, type ComparePanelProps } from '../charts/compare-panel.js';
import type { Coordinator } from '../charts/coordinator.js';
import { usePanel } from '../charts/use-panel.js';
import { RUN_COLOURS } from '../../../shared/compare/overlay.js';
import { useCompareText } from '../compare/compare-text.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { unitCaption } from '../format.js';
import { chartTitle, seriesLabel, useLang } from '../i18n/i18n.js';
import { PlotBox } from './PlotBox.js';

interface Props {
  chart: ResolvedChart;
  perRun: readonly (ResolvedChart | null)[];
  runs: readonly RunData[];
  tags: readonly string[];
  names: readonly string[];
  coordinator: Coordinator;
  domId: string;
}

export const CompareChart = memo(function CompareChart({ chart, perRun, runs, tags, names, coordinator, domId }: Props) {
  const lang = useLang();
  const c = useCompareText();
  const figureRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const title = chartTitle(chart, lang);
  const props = (): ComparePanelProps => ({
    key: chart.key,
    chart,
    perRun,
    runs,
    tags,
    label: (ch, i) => seriesLabel(ch.series[i]!, lang),
  });
  usePanel(
    coordinator,
    () => new ComparePanel(figureRef.current!, boxRef.current!, canvasRef.current!, pointerRef.current!, coordinator, props()),
    (panel) => panel.setProps(props()),
    [chart, perRun, runs, tags, lang],
  );
  const missing = tags.filter((_, i) => !perRun[i]);
  const unit = unitCaption(chart.unit, lang);
  return (
    <figure className="chart-panel compare-chart" id={domId} data-chart={chart.key} aria-labelledby={`${domId}-title`} ref={figureRef}>
      <figcaption>
        <h3 id={`${domId}-title`}>{title}</h3>
        {unit && <span className="chart-unit">{unit}</span>}
        {missing.length > 0 && (
          <p className="chart-note" data-missing={missing.join(',')}>
            {c.missingIn(missing.join(', '))}
          </p>
        )}
      </figcaption>
      <PlotBox title={title} boxRef={boxRef} canvasRef={canvasRef} pointerRef={pointerRef} />
      <ul className="compare-legend" data-legend="">
        {tags.map((tag, i) =>
          perRun[i] ? (
            <li key={tag} data-run={i}>
              <span className={`swatch swatch-${RUN_COLOURS[i % RUN_COLOURS.length]}`} aria-hidden="true" />
              <b>{tag}</b> {names[i]}
            </li>
          ) : null,
        )}
      </ul>
    </figure>
  );
});
