/**
 * The interactive viewer of one run: sidebar (groups, devices, idle devices, show/hide), toolbar (zoom, pan,
 * options) and the charts by section. React lays out the page; drawing, zoom and hover go through the
 * coordinator (charts/coordinator.ts) without re-rendering React.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { trendMsOf, viewLimits } from '../../../shared/view/line-view.js';
import { Coordinator } from '../charts/coordinator.js';
import { readThemeColours } from '../charts/theme-colours.js';
import { useLayoutAfterMount } from '../charts/use-panel.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { formatDuration } from '../format.js';
import { chartTitle, sectionTitle, useLang, useT } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import {
  chartMinWidthRem,
  cutExtent,
  DISK_HEATMAP_KEY,
  displaySections,
  HEATMAP_KEY,
  viewFromWindow,
  windowFromView,
  type DisplayItem,
} from '../view/layout.js';
import { normaliseHide } from '../../../shared/view/view-state.js';
import { useViewOptions, type ViewStore } from '../view/view-store.js';
import { BUSIEST_DEVICES, busiestFirst, chartLoad, isDeviceChart, SHOW_MORE_DEVICES } from '../view/busiest.js';
import { ChartPanel } from './ChartPanel.js';
import { HeatmapFigure } from './HeatmapFigure.js';
import { LazyChart, LazyContext, LazyTracker } from './LazyChart.js';
import { EAGER_CHARTS, useProgressive } from './use-progressive.js';
import { Sidebar } from './Sidebar.js';
import { Toolbar } from './Toolbar.js';
import { StatsSummary } from '../export/StatsSummary.js';
import type { RunFindings } from '../../../shared/findings/finding.js';
import { withFindingZoom } from '../../../shared/view/finding-view.js';
import { FindingsPanel } from '../findings/FindingsPanel.js';

/** Height of a chart's caption, padding and statistics header, and of one statistics row (CSS px, estimates). */
const CHART_CHROME_PX = 80;
const STATS_ROW_PX = 22;

const chartOfItem = (item: DisplayItem): ResolvedChart | null => (item.kind === 'chart' ? item.chart : null);

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/** DOM ids from keys (untrusted group names): safe characters, unique. */
export function domIds(keys: readonly string[], prefix: string): Map<string, string> {
  const seen = new Set<string>();
  const out = new Map<string, string>();
  for (const k of keys) {
    let id = `${prefix}-${slug(k)}`;
    for (let i = 2; seen.has(id); i++) id = `${prefix}-${slug(k)}-${i}`;
    seen.add(id);
    out.set(k, id);
  }
  return out;
}

export interface ReportViewerProps {
  run: RunData;
  store: ViewStore;
  needExact?: () => void;
  /** The run's findings (the Findings block, shaded windows); null: stored without them; undefined: no block. */
  findings?: RunFindings | null;
  /** A line under the findings (the link speeds they were made with). */
  findingsNote?: string | null;
}

export function ReportViewer({ run, store, needExact, findings, findingsNote }: ReportViewerProps) {
  const options = useViewOptions(store);
  const t = useT();
  const lang = useLang();
  const { theme } = useTheme();

  const runTimes = useMemo(() => ({ start: run.start, window: run.window, intervalMs: run.intervalMs }), [run]);
  const cut = useMemo(() => cutExtent(runTimes, options.offset, options.duration), [runTimes, options.offset, options.duration]);
  const extent = cut ?? run.window;
  // An offset past the run's end shows nothing: the whole run is shown, the page says so, and the offset
  // (with its duration) leaves the URL, so that the link shared next is not a broken one.
  const [ignoredOffset, setIgnoredOffset] = useState<number | null>(null);
  useEffect(() => {
    if (cut !== null || options.offset <= 0) return;
    setIgnoredOffset(options.offset);
    store.setOptions({ offset: 0, duration: 0 });
  }, [cut, options.offset, store]);
  const hidden = useMemo(() => new Set(options.hide), [options.hide]);
  const { diskMax, iopsMax, netMax } = options;
  const limits = useMemo(() => viewLimits({ diskMax, iopsMax, netMax }), [diskMax, iopsMax, netMax]);
  const colours = useMemo(() => readThemeColours(theme), [theme]);
  const trendMs = useMemo(() => trendMsOf(run, extent), [run, extent]);

  const [coordinator] = useState(() => {
    const ext = extent ?? { t0: run.start, t1: run.end };
    // A finding in the URL without a zoom of its own opens at its window.
    const zoom = withFindingZoom({ ...runTimes, findings }, { finding: store.options.finding, ...store.zoomWindow });
    return new Coordinator({
      run,
      window: windowFromView(runTimes, ext, zoom.from, zoom.to),
      extent: ext,
      xMode: options.x,
      origin: run.start,
      height: options.height,
      trend: options.trend,
      trendMs,
      smooth: options.smooth,
      limits,
      hidden,
      theme: colours,
      lang,
      ...(needExact ? { needExact } : {}),
    });
  });
  // The full report replaced the reduced one (ReportPage): same view, exact data.
  useEffect(() => {
    coordinator.update({ run, ...(needExact ? { needExact } : {}) });
  }, [coordinator, run, needExact]);

  // The view store (URL) follows the window.
  useEffect(() => {
    coordinator.onWindow = (w, gradual) => {
      const z = viewFromWindow(runTimes, coordinator.ctx.extent, w);
      store.setZoom(z.from, z.to, gradual);
    };
    // A window from the URL outside the run was clamped: the URL says what is shown.
    coordinator.onWindow(coordinator.window, false);
    coordinator.resume();
    return () => {
      coordinator.onWindow = null;
      coordinator.pause();
    };
  }, [coordinator, store, runTimes]);

  // Options, theme, language: redraw (a no-op when nothing changed).
  useEffect(() => {
    if (!extent) return;
    coordinator.update({
      extent,
      xMode: options.x,
      height: options.height,
      trend: options.trend,
      trendMs,
      smooth: options.smooth,
      limits,
      hidden,
      theme: colours,
      lang,
    });
  }, [coordinator, extent, options.x, options.height, options.trend, trendMs, options.smooth, limits, hidden, colours, lang]);

  const idle = useMemo(() => run.idle(), [run]);
  const display = useMemo(
    () => displaySections(run.charts, { idle, twins: run.twins(), showIdle: options.idle, hidden, heatmap: options.heatmap }),
    [run, idle, options.idle, hidden, options.heatmap],
  );
  const chartIds = useMemo(() => domIds([...run.charts.map((c) => c.key), HEATMAP_KEY, DISK_HEATMAP_KEY], 'chart'), [run]);
  const sectionIds = useMemo(() => domIds(display.sections.map((s) => s.section), 'section'), [display]);
  // Device charts drawn per section of many devices: BUSIEST_DEVICES, then SHOW_MORE_DEVICES more per
  // "show more" (or as far as a chart the sidebar asks for), so the page never lays out every device at once.
  const [expanded, setExpanded] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [lazy] = useState(() => new LazyTracker());
  useEffect(() => () => lazy.disconnect(), [lazy]);
  const load = useMemo(() => {
    const cache = new Map<string, number>();
    return (c: ResolvedChart): number => {
      let v = cache.get(c.key);
      if (v === undefined) cache.set(c.key, (v = chartLoad(c, (id) => run.columns.get(id)?.stats)));
      return v;
    };
  }, [run]);
  const drawn = useMemo(
    () =>
      new Map(
        display.sections.map((s) => [s.section, busiestFirst(s.items, chartOfItem, load, expanded.get(s.section) ?? BUSIEST_DEVICES)] as const),
      ),
    [display, load, expanded],
  );
  const drawnKeys = useMemo(() => {
    const keys = new Set<string>();
    for (const { shown } of drawn.values()) {
      for (const i of shown) keys.add(i.kind === 'chart' ? i.chart.key : i.kind === 'heatmap' ? HEATMAP_KEY : DISK_HEATMAP_KEY);
    }
    return keys;
  }, [drawn]);
  const { growing, grown } = useProgressive(drawn);
  const shownDevices = (section: string): number => expanded.get(section) ?? BUSIEST_DEVICES;
  // A chart the sidebar asks for that is not drawn yet (past the busiest): draw its section down to it, then go.
  const [reveal, setReveal] = useState<string | null>(null);
  const onReveal = useCallback(
    (key: string): void => {
      const section = display.sections.find((s) => s.items.some((i) => i.kind === 'chart' && i.chart.key === key));
      if (section) {
        // Its rank among the section's devices, busiest first: the "show more" pages down to it.
        const rank = busiestFirst(section.items, chartOfItem, load, 0, true)
          .shown.filter((i) => i.kind === 'chart' && isDeviceChart(i.chart))
          .findIndex((i) => i.kind === 'chart' && i.chart.key === key);
        const need = BUSIEST_DEVICES + Math.max(0, Math.ceil((rank + 1 - BUSIEST_DEVICES) / SHOW_MORE_DEVICES)) * SHOW_MORE_DEVICES;
        setExpanded((e) => (need > (e.get(section.section) ?? BUSIEST_DEVICES) ? new Map(e).set(section.section, need) : e));
      }
      setReveal(chartIds.get(key) ?? null);
    },
    [display, chartIds, load],
  );
  useEffect(() => {
    if (!reveal) return;
    const el = document.getElementById(reveal);
    if (!el) return; // not rendered yet: the section is still growing
    el.scrollIntoView({ block: 'start' });
    setReveal(null);
  }, [reveal, drawn, grown]);

  const toggle = useCallback(
    (key: string, show: boolean): void => {
      const next = new Set(store.options.hide);
      if (show) next.delete(key);
      else next.add(key);
      store.setOptions({ hide: normaliseHide([...next]) });
    },
    [store],
  );

  // Draw what is on screen as soon as the page is laid out.
  const chartsRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    coordinator.start();
  }, [coordinator]);
  // New sizes (window resized, sidebar, columns): redraw at the new sizes.
  useEffect(() => {
    const el = chartsRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth !== width) {
        width = el.clientWidth;
        coordinator.invalidate();
      }
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [coordinator]);
  useLayoutAfterMount(() => coordinator.invalidate(), [coordinator, options.cols, options.height]);

  if (!run.window || run.rows - run.firstRow < 1 || !extent) {
    return (
      <div className="notice" role="alert">
        <p className="notice-title">{t.noSamples}</p>
      </div>
    );
  }
  if (run.charts.length === 0) {
    return (
      <div className="notice" role="alert">
        <p className="notice-title">{t.noCharts}</p>
      </div>
    );
  }

  const gridStyle = {
    '--chart-height': `${options.height}px`,
    '--chart-min-width': `${chartMinWidthRem(run.rows - run.firstRow)}rem`,
    ...(options.cols !== null ? { '--cols': String(options.cols) } : {}),
  } as CSSProperties;

  return (
    <LazyContext.Provider value={lazy}>
      {findings !== undefined && <FindingsPanel run={run} findings={findings} store={store} coordinator={coordinator} note={findingsNote ?? null} />}
      <div className="report-body">
        <Sidebar
          display={display}
          hidden={hidden}
          chartIds={chartIds}
          sectionIds={sectionIds}
          showIdle={options.idle}
          onToggle={toggle}
          onShowIdle={(v) => store.setOptions({ idle: v })}
          onShowAll={() => store.setOptions({ hide: [] })}
          drawnKeys={drawnKeys}
          load={load}
          onReveal={onReveal}
        />
        <div className="charts-column" id="graphs" tabIndex={-1}>
          <Toolbar coordinator={coordinator} store={store} trendMs={trendMs} cpuCount={display.cpus.length} />
          <StatsSummary run={run} extent={extent} />
          {run.rows - run.firstRow === 1 && (
            // One sample (a log cut short, or stopped at once): no line to draw, only the tables' values.
            <div className="notice" role="alert" data-one-sample="">
              <p className="notice-title">{t.oneSample}</p>
              <p>{t.oneSampleHint}</p>
            </div>
          )}
          {ignoredOffset !== null && (
            <p className="notice" role="status" data-offset-ignored="">
              {t.cutEmpty(formatDuration(ignoredOffset * 1000, lang))}
            </p>
          )}
          <div
            ref={chartsRef}
            className={`charts${options.cols !== null ? ' fixed-cols' : ' sections-flow'}`}
            style={gridStyle}
            data-cols={options.cols ?? 'auto'}
          >
            {display.sections.map((s) => {
              if (s.items.length === 0) return null;
              const { shown, more } = drawn.get(s.section) ?? { shown: s.items, more: 0 };
              const id = sectionIds.get(s.section)!;
              const title = sectionTitle(s.section, lang);
              return (
                <section
                  key={id}
                  id={id}
                  aria-labelledby={`${id}-h`}
                  // A section of one chart takes one column beside the next such section (styles.css).
                  className={`chart-section${shown.length === 1 && shown[0]!.kind === 'chart' && more === 0 ? ' single' : ''}`}
                  data-section-charts={shown.length}
                >
                  <h2 id={`${id}-h`}>
                    {title}
                    {s.items.length > 1 && <span className="section-count"> · {t.chartsCount(s.items.length)}</span>}
                  </h2>
                  {more > 0 && <p className="section-note">{t.busiestShown(shownDevices(s.section), more + shownDevices(s.section))}</p>}
                  <div className="chart-grid">
                    {shown.slice(0, growing(s.section, shown.length)).map((item, index) => {
                      if (item.kind === 'heatmap') {
                        return (
                          <HeatmapFigure
                            key={HEATMAP_KEY}
                            run={run}
                            devices={item.cpus}
                            coordinator={coordinator}
                            domId={chartIds.get(HEATMAP_KEY)!}
                            height={options.height}
                          />
                        );
                      }
                      if (item.kind === 'disk-heatmap') {
                        return (
                          <HeatmapFigure
                            key={DISK_HEATMAP_KEY}
                            run={run}
                            kind="disk"
                            devices={item.disks}
                            load={load}
                            coordinator={coordinator}
                            domId={chartIds.get(DISK_HEATMAP_KEY)!}
                            height={options.height}
                          />
                        );
                      }
                      const domId = chartIds.get(item.chart.key)!;
                      const panel = () => (
                        <ChartPanel
                          key={item.chart.key}
                          chart={item.chart}
                          coordinator={coordinator}
                          domId={domId}
                          hidden={hidden}
                          onToggleSeries={toggle}
                        />
                      );
                      if (index < EAGER_CHARTS) return panel();
                      return (
                        <LazyChart
                          key={item.chart.key}
                          domId={domId}
                          chartKey={item.chart.key}
                          title={chartTitle(item.chart, lang)}
                          estimate={options.height + CHART_CHROME_PX + STATS_ROW_PX * item.chart.series.length}
                        >
                          {panel}
                        </LazyChart>
                      );
                    })}
                  </div>
                  {more > 0 && (
                    <p className="show-more">
                      <button
                        type="button"
                        onClick={() => setExpanded((e) => new Map(e).set(s.section, shownDevices(s.section) + SHOW_MORE_DEVICES))}
                      >
                        {t.showMore(Math.min(SHOW_MORE_DEVICES, more), title, more)}
                      </button>
                    </p>
                  )}
                </section>
              );
            })}
          </div>
        </div>
      </div>
    </LazyContext.Provider>
  );
}

