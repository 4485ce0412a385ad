/**
 * `/compare?ids=ID1,ID2[,…]`: runs side by side (docs/ui-contract.md §13). Every report is loaded through the
 * report page's data path; each run is put on the aligned elapsed axis (its shift from the URL); one chart
 * per catalogue graph with every run overlaid (CompareChart), zoom/pan/crosshair synced by one coordinator;
 * the Δ table (shared/compare on each run's raw rows of the window) below. The view lives in the query.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import {
  commonWindow,
  compareRuns,
  effectiveShifts,
  runName,
  runTag,
  seriesNames,
  ownWindow,
  steadyWindowText,
  ownWindowsText,
  type Comparison,
  type OffsetEstimate as Estimate,
  type RunLabel,
} from '../../../shared/compare/index.js';
import { floatingIso } from '../../../shared/dstat/time.js';
import type { TimeWindow } from '../../../shared/series/window.js';
import { ApiFailure } from '../api/client.js';
import { Coordinator } from '../charts/coordinator.js';
import { alignedRun, drawnMatched, idleMatched, matchCharts, overlayExtent, RUN_COLOURS } from '../../../shared/compare/overlay.js';
import { axisRun, compareInput } from '../compare/compare-data.js';
import { useCompareText } from '../compare/compare-text.js';
import { compareQuery } from '../../../shared/api/compare-ref.js';
import { parseCompareView, reportIds, type CompareView } from '../../../shared/view/compare-view.js';
import { CompareChart } from '../components/CompareChart.js';
import { DeltaTable } from '../components/DeltaTable.js';
import { OffsetEstimate } from '../compare/OffsetEstimate.js';
import { CompareFindings } from '../findings/CompareFindings.js';
import { LazyChart, LazyContext, LazyTracker } from '../components/LazyChart.js';
import { EAGER_CHARTS } from '../components/use-progressive.js';
import { domIds } from '../components/ReportViewer.js';
import { readThemeColours } from '../charts/theme-colours.js';
import type { ColumnarReport, ColumnarRun } from '../../../shared/report/columnar.js';
import { storedRunFindings } from '../../../shared/report/run-data.js';
import { prefetchCompareReports } from '../data/load-report.js';
import { CHARTS_PAINTED_EVENT } from '../first-screen.js';
import { formatElapsed } from '../format.js';
import { chartTitle, seriesLabel, useLang, useT } from '../i18n/i18n.js';
import { chartMinWidthRem } from '../view/layout.js';
import { useTheme } from '../theme/theme.js';
import '../compare/compare.css';

/** Height of a compare chart's plot (CSS px). */
const CHART_HEIGHT_PX = 200;
/** A compare chart's heading, legend and padding around the plot (CSS px): a placeholder's height. */
const COMPARE_CHROME_PX = 70;


interface Picked {
  run: ColumnarRun;
  label: RunLabel;
  /** What names the run's panels in the hosts layout: `db1 · before.csv`. */
  host: string;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; picked: Picked[] };

export function ComparePage({ search }: { search: string }) {
  const c = useCompareText();
  const [view, setView] = useState<CompareView>(() => parseCompareView(search));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // The clock-offset estimates asked for, by run: kept here, as the viewer is drawn anew with the offset.
  const [estimates, setEstimates] = useState<ReadonlyMap<number, Estimate>>(new Map());
  const idsKey = compareQuery({ refs: view.refs });

  // The URL follows the view (replaceState: the view is not a navigation).
  useEffect(() => {
    const next = window.location.pathname + compareQuery(view);
    if (next !== window.location.pathname + window.location.search) window.history.replaceState(null, '', next);
  }, [view]);

  useEffect(() => {
    document.title = `${c.title} · dstatview`;
    if (view.error) {
      setLoaded({ state: 'failed', message: view.error });
      return;
    }
    let live = true;
    setEstimates(new Map());
    const ids = reportIds(view);
    // Side by side, each in its own worker; the entry (main.tsx) started them before the app loaded.
    Promise.all(prefetchCompareReports(ids).map((p, i) => p.then((report) => [ids[i]!, report] as const))).then(
      (pairs) => {
        if (!live) return;
        const reports = new Map<string, ColumnarReport>(pairs);
        const picked: Picked[] = [];
        for (const [i, ref] of view.refs.entries()) {
          const report = reports.get(ref.id)!;
          const n = ref.run ?? report.runs.length;
          const run = report.runs[n - 1];
          if (!run) {
            setLoaded({ state: 'failed', message: `report ${ref.id} has ${report.runs.length} runs: there is no run ${n}` });
            return;
          }
          const name = runName({ fileName: report.fileName, run: n, runs: report.runs.length, host: run.meta.host, start: floatingIso(run.start), window: ref.window });
          picked.push({ run, label: { tag: runTag(i), name }, host: [run.meta.host, report.fileName].filter((x) => x !== '').join(' · ') });
        }
        setLoaded({ state: 'ready', picked });
      },
      (err: unknown) => {
        if (!live) return;
        setLoaded({ state: 'failed', message: err instanceof ApiFailure || err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
    // Reload only when the runs change, not on baseline, shift or zoom.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey]);

  // The server's first-screen images (§21) go when the charts have painted; when the runs cannot be
  // compared, at once, so that they do not hide the message.
  useEffect(() => {
    if (loaded.state === 'failed') window.dispatchEvent(new Event(CHARTS_PAINTED_EVENT));
  }, [loaded.state]);

  return (
    <main id="main" className="page compare-page">
      <h1>{c.title}</h1>
      {loaded.state === 'loading' && <p className="loading">{c.loading}</p>}
      {loaded.state === 'failed' && (
        <div className="notice error" role="alert">
          <p className="notice-title">{c.failed}</p>
          <p className="notice-message">{loaded.message}</p>
        </div>
      )}
      {loaded.state === 'ready' && (
        // A new shift puts every run on a new axis: a new viewer (and coordinator).
        <CompareViewer
          key={`${view.align}:${view.window}:${view.shifts.join(',')}`}
          picked={loaded.picked}
          view={view}
          setView={setView}
          estimates={estimates}
          setEstimates={setEstimates}
        />
      )}
    </main>
  );
}

interface ViewerProps {
  picked: Picked[];
  view: CompareView;
  setView: (f: (v: CompareView) => CompareView) => void;
  estimates: ReadonlyMap<number, Estimate>;
  setEstimates: (e: ReadonlyMap<number, Estimate>) => void;
}

function CompareViewer({ picked, view, setView, estimates, setEstimates }: ViewerProps) {
  const c = useCompareText();
  const t = useT();
  const lang = useLang();
  const { theme } = useTheme();
  // Elapsed time from each run's start, or the absolute clock (align=clock) with the shifts as clock offsets.
  // A run compared by a window of its own (`ID@FROM-TO`) starts at that window's start.
  // window=steady: a run without a window of its own is cut to its steady state (shared/compare/steady.ts;
  // undefined: it has none, compared whole).
  const ownWindows = useMemo(
    () => view.refs.map((r, i) => ownWindow(r, { ...picked[i]!.run, findings: storedRunFindings(picked[i]!.run) }, view.window)),
    [view.refs, view.window, picked],
  );
  const steady = useMemo(() => view.refs.map((r, i) => (r.window ? undefined : (ownWindows[i] ?? undefined))), [view.refs, ownWindows]);
  const shifts = useMemo(
    () =>
      effectiveShifts(picked.map((p) => ({ time: p.run.time, timezone: p.run.meta.timezone })), view.align, view.shifts).map(
        (s, i) => s + (ownWindows[i]?.from ?? 0),
      ),
    [picked, view.align, view.shifts, ownWindows],
  );
  const runWindows = useMemo(() => ownWindows.map((w) => (w ? { from: 0, to: w.to - w.from } : null)), [ownWindows]);
  // Whole runs for the Δ table (its rows of each window, compare.ts), each window's rows alone for the charts.
  const wholeRuns = useMemo(() => picked.map((p, i) => alignedRun(p.run, shifts[i] ?? 0)), [picked, shifts]);
  const runs = useMemo(
    () => picked.map((p, i) => (ownWindows[i] ? alignedRun(p.run, shifts[i] ?? 0, '', ownWindows[i]) : wholeRuns[i]!)),
    [picked, shifts, ownWindows, wholeRuns],
  );
  const axis = useMemo(() => axisRun(runs, picked[0]!.run), [runs, picked]);
  const labels = useMemo(() => picked.map((p) => p.label), [picked]);
  const tags = useMemo(() => labels.map((l) => l.tag), [labels]);
  const matched = useMemo(() => matchCharts(runs, view.baseline), [runs, view.baseline]);
  // As on a report page (§7): devices idle in every run are listed, not drawn, unless `idle=1`.
  const idle = useMemo(() => idleMatched(matched, runs), [matched, runs]);
  const charts = useMemo(() => drawnMatched(matched, runs, view.idle), [matched, runs, view.idle]);
  const chartIds = useMemo(() => domIds(charts.map((m) => m.key), 'chart'), [charts]);
  const extent: TimeWindow = useMemo(() => overlayExtent(runs), [runs]);
  const colours = useMemo(() => readThemeColours(theme), [theme]);
  const hosts = view.layout === 'hosts';
  const [lazy] = useState(() => new LazyTracker());
  useEffect(() => () => lazy.disconnect(), [lazy]);
  // The report page's layout rule: the longest run decides how wide a chart must be to be read.
  const gridStyle = useMemo(
    () =>
      ({
        '--chart-height': `${CHART_HEIGHT_PX}px`,
        '--chart-min-width': `${chartMinWidthRem(Math.max(...runs.map((r) => r.rows - r.firstRow)))}rem`,
      }) as CSSProperties,
    [runs],
  );

  const [coordinator] = useState(
    () =>
      new Coordinator({
        run: axis,
        window: view.from !== null && view.to !== null ? { t0: view.from * 1000, t1: view.to * 1000 } : extent,
        extent,
        xMode: 'elapsed',
        origin: 0,
        height: CHART_HEIGHT_PX,
        trend: false,
        smooth: 1,
        trendMs: 60_000,
        limits: { diskBytes: 0, diskIops: 0, netBytes: 0 },
        hidden: new Set(),
        theme: colours,
        lang,
      }),
  );
  const [zoom, setZoom] = useState<TimeWindow | null>(() => (coordinator.isWhole() ? null : coordinator.window));

  useEffect(() => {
    coordinator.onWindow = (w) => {
      const whole = coordinator.isWhole();
      setZoom(whole ? null : w);
      setView((v) => ({ ...v, from: whole ? null : w.t0 / 1000, to: whole ? null : w.t1 / 1000 }));
    };
    coordinator.resume();
    return () => {
      coordinator.onWindow = null;
      coordinator.pause();
    };
  }, [coordinator, setView]);
  useEffect(() => coordinator.update({ theme: colours, lang }), [coordinator, colours, lang]);
  useLayoutEffect(() => coordinator.start(), [coordinator]);

  const inputs = useMemo(() => wholeRuns.map(compareInput), [wholeRuns]);
  // window=common: the stretch every run covers, unless a zoom says otherwise.
  const common = useMemo(() => (view.window === 'common' ? commonWindow(inputs, shifts) : null), [view.window, inputs, shifts]);
  // The table is computed after the charts' first frame: every series of every run from its raw rows
  // takes longer than drawing the first screen, which should not wait for it.
  const [comparison, setComparison] = useState<Comparison | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setComparison(
          compareRuns(inputs, {
            baseline: view.baseline,
            shifts,
            runWindows,
            window: zoom ? { from: zoom.t0 / 1000, to: zoom.t1 / 1000 } : common,
            minChange: view.minChange,
          }),
        );
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [inputs, view.baseline, shifts, runWindows, view.minChange, common, zoom]);
  // The table names series as the charts do, in the page's language.
  const seriesTitles = useMemo(
    () => seriesNames(inputs, view.baseline, (chart) => chartTitle(chart, lang), (s) => seriesLabel(s, lang)),
    [inputs, view.baseline, lang],
  );
  const windowText = zoom
    ? c.window(formatElapsed(zoom.t0), formatElapsed(zoom.t1))
    : common
      ? c.window(formatElapsed(common.from * 1000), formatElapsed(common.to * 1000))
      : view.window === 'steady'
        ? steadyWindowText(
            view.refs.map((r, i) => (r.window ? undefined : steady[i] !== undefined)),
            labels,
            lang,
          )
        : (ownWindowsText(
            view.refs.map((r) => r.window),
            labels,
            lang,
          ) ?? c.whole);

  return (
    <LazyContext.Provider value={lazy}>
      <section className="compare-runs" aria-label={c.legendTitle}>
        <ul className="compare-legend run-list" data-legend="page">
          {labels.map((l, i) => (
            <li key={l.tag} data-run={i} data-baseline={i === view.baseline ? 'true' : undefined}>
              <span className={`swatch swatch-${RUN_COLOURS[i % RUN_COLOURS.length]}`} aria-hidden="true" />
              <b>{l.tag}</b> {l.name}
              {i === view.baseline && <em> · {c.baseline}</em>}
              {view.window === 'steady' && !view.refs[i]?.window && (
                <span className="steady-note" data-steady={steady[i] ? `${steady[i].from}-${steady[i].to}` : 'none'}>
                  {' · '}
                  {steady[i] ? c.steadyRun(formatElapsed(steady[i].from * 1000), formatElapsed(steady[i].to * 1000)) : c.noSteadyRun}
                </span>
              )}
              <label className="shift">
                {view.align === 'clock' ? c.offsetLabel(l.tag) : c.shiftLabel(l.tag)}{' '}
                <input
                  type="number"
                  step="any"
                  defaultValue={view.shifts[i] ?? 0}
                  // Enter applies the shift as leaving the field does.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                  }}
                  onBlur={(e) => {
                    const n = Number(e.currentTarget.value);
                    if (Number.isFinite(n) && n !== (view.shifts[i] ?? 0)) {
                      setView((v) => ({ ...v, shifts: v.shifts.map((s, k) => (k === i ? n : s)), from: null, to: null }));
                    }
                  }}
                />
              </label>
              {view.align === 'clock' && i !== view.baseline && (
                <OffsetEstimate
                  index={i}
                  tag={l.tag}
                  baseline={view.baseline}
                  inputs={inputs}
                  shifts={shifts}
                  given={view.shifts[i] ?? 0}
                  estimate={estimates.get(i)}
                  onEstimate={(k, e) => {
                    setEstimates(new Map(estimates).set(k, e));
                    if (e.offsetS !== null && e.offsetS !== (view.shifts[k] ?? 0)) {
                      const offset = e.offsetS;
                      setView((v) => ({ ...v, shifts: v.shifts.map((s, j) => (j === k ? offset : s)), from: null, to: null }));
                    }
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <div className="compare-tools">
          <label>
            {c.baselineLabel}{' '}
            <select
              value={view.baseline}
              onChange={(e) => {
                const baseline = Number(e.currentTarget.value);
                setEstimates(new Map());
                setView((v) => ({ ...v, baseline }));
              }}
            >
              {labels.map((l, i) => (
                <option key={l.tag} value={i}>
                  {l.tag}
                </option>
              ))}
            </select>
          </label>
          <label>
            {c.alignLabel}{' '}
            <select
              value={view.align}
              onChange={(e) => {
                const align = e.currentTarget.value === 'clock' ? 'clock' : 'elapsed';
                setEstimates(new Map());
                setView((v) => ({ ...v, align, shifts: v.shifts.map(() => 0), from: null, to: null }));
              }}
            >
              <option value="elapsed">{c.alignElapsed}</option>
              <option value="clock">{c.alignClock}</option>
            </select>
          </label>
          <label>
            {c.windowLabel}{' '}
            <select
              value={view.window}
              data-window-select=""
              onChange={(e) => {
                const w = e.currentTarget.value;
                const window = w === 'common' || w === 'steady' ? w : 'whole';
                setView((v) => ({ ...v, window, from: null, to: null }));
              }}
            >
              <option value="whole">{c.windowWhole}</option>
              <option value="common">{c.windowCommon}</option>
              <option value="steady">{c.windowSteady}</option>
            </select>
          </label>
          <label>
            {c.layoutLabel}{' '}
            <select
              value={view.layout}
              data-layout-select=""
              onChange={(e) => {
                const layout = e.currentTarget.value === 'hosts' ? 'hosts' : 'overlay';
                setView((v) => ({ ...v, layout }));
              }}
            >
              <option value="overlay">{c.layoutOverlay}</option>
              <option value="hosts">{c.layoutHosts}</option>
            </select>
          </label>
          <button type="button" onClick={() => coordinator.reset()} disabled={zoom === null}>
            {c.resetZoom}
          </button>
          <span className="hint" data-window="">
            {windowText}
          </span>
        </div>
        {idle.length > 0 && (
          <details className="idle-devices" data-idle-devices="">
            <summary>{t.idleDevices(idle.length)}</summary>
            <p className="idle-explain">{c.idleExplain}</p>
            <label className="idle-toggle">
              <input type="checkbox" checked={view.idle} onChange={(e) => setView((v) => ({ ...v, idle: e.currentTarget.checked }))} />
              {t.drawIdle}
            </label>
            <ul>
              {idle.map((m) => (
                <li key={m.key}>{chartTitle(m.chart, lang)}</li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <div className="charts" style={gridStyle}>
        <div className="chart-grid">
          {charts.map((m, index) => {
            const domId = chartIds.get(m.key)!;
            // layout=hosts: the chart once per run that has it, stacked, on the one axis and crosshair.
            const hostRuns = hosts ? m.perRun.flatMap((c, i) => (c ? [i] : [])) : [];
            const chart = () =>
              hosts ? (
                <div key={m.key} className="compare-host-stack" data-chart-stack={m.key}>
                  {hostRuns.map((i) => (
                    <CompareChart
                      key={i}
                      chart={m.chart}
                      perRun={m.perRun}
                      runs={runs}
                      tags={tags}
                      coordinator={coordinator}
                      domId={`${domId}-run${i}`}
                      only={{ run: i, name: picked[i]!.host }}
                    />
                  ))}
                </div>
              ) : (
                <CompareChart key={m.key} chart={m.chart} perRun={m.perRun} runs={runs} tags={tags} coordinator={coordinator} domId={domId} />
              );
            // As on the report page: the first charts mounted at once, the rest (a host with hundreds of
            // devices) when they come near the viewport, so that they cost nothing up front.
            if (index < EAGER_CHARTS) return chart();
            const estimate = (CHART_HEIGHT_PX + COMPARE_CHROME_PX) * Math.max(1, hostRuns.length);
            return (
              <LazyChart key={m.key} domId={domId} chartKey={m.key} title={chartTitle(m.chart, lang)} estimate={estimate}>
                {chart}
              </LazyChart>
            );
          })}
        </div>
      </div>
      <CompareFindings runs={picked} baseline={view.baseline} />
      {comparison && (
        <DeltaTable
          series={comparison.series}
          labels={labels}
          baseline={view.baseline}
          sort={view.sort}
          onSort={(sort) => setView((v) => ({ ...v, sort }))}
          names={seriesTitles}
          windowText={windowText}
          minChange={view.minChange}
          layout={view.layout}
        />
      )}
    </LazyContext.Provider>
  );
}
