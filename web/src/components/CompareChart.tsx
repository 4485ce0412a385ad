/**
 * One chart of the compare page: heading, which runs lack it, the plot (ComparePanel, driven by the page's
 * coordinator like the report's charts) and its legend: each run drawn by its tag and colour (the runs are
 * named once, in the page's run list) and each series by its dash style. In the hosts layout, one run alone,
 * named above its plot (its host and file).
 */
import { memo, useMemo, useRef } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { ComparePanel, type ComparePanelProps } from '../charts/compare-panel.js';
import type { Coordinator } from '../charts/coordinator.js';
import { usePanel } from '../charts/use-panel.js';
import { RUN_COLOURS, SERIES_DASHES } from '../../../shared/compare/overlay.js';
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
  coordinator: Coordinator;
  domId: string;
  /**
   * The hosts layout (layout=hosts): the one run this panel draws, and what names it above the plot (its
   * host and file). Absent: every run overlaid.
   */
  only?: { run: number; name: string };
}

export const CompareChart = memo(function CompareChart({ chart, perRun: allRuns, runs, tags, coordinator, domId, only }: Props) {
  const lang = useLang();
  const c = useCompareText();
  const figureRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const title = chartTitle(chart, lang);
  const onlyRun = only?.run;
  const perRun = useMemo(() => (onlyRun === undefined ? allRuns : allRuns.map((c, i) => (i === onlyRun ? c : null))), [allRuns, onlyRun]);
  const props = (): ComparePanelProps => ({
    key: onlyRun === undefined ? chart.key : `${chart.key}#${onlyRun}`,
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
  const missing = onlyRun === undefined ? tags.filter((_, i) => !perRun[i]) : [];
  // Dashes by series index within the chart, as the lines are drawn (shared/chart/overlay-lines.ts).
  const dashes = chart.series.flatMap((s, i) => (s.role === 'hidden' ? [] : [{ key: s.key, label: seriesLabel(s, lang), dash: SERIES_DASHES[i % SERIES_DASHES.length]! }]));
  const unit = unitCaption(chart.unit, lang);
  return (
    <figure
      className="chart-panel compare-chart"
      id={domId}
      data-chart={chart.key}
      data-host-run={onlyRun}
      aria-labelledby={`${domId}-title`}
      ref={figureRef}
    >
      <figcaption>
        <h3 id={`${domId}-title`}>{title}</h3>
        {unit && <span className="chart-unit">{unit}</span>}
        {only && (
          <p className="chart-host" data-host="">
            <span className={`swatch swatch-${RUN_COLOURS[only.run % RUN_COLOURS.length]}`} aria-hidden="true" />
            <b>{tags[only.run]}</b> {only.name}
          </p>
        )}
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
              <b>{tag}</b>
            </li>
          ) : null,
        )}
        {dashes.length > 1 &&
          dashes.map((d) => (
            <li key={d.key} data-dash={d.dash.join(' ') || 'solid'}>
              <svg className="dash-sample" width="28" height="8" aria-hidden="true">
                <line x1="0" y1="4" x2="28" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray={d.dash.join(' ') || undefined} />
              </svg>
              {d.label}
            </li>
          ))}
      </ul>
    </figure>
  );
});
