/**
 * The report page (`/r/<id>`): header with the run's facts, then the interactive viewer. The report is
 * loaded as columns (a Web Worker decodes it); the view (options, zoom) lives in the URL query.
 *
 * A big report comes first as its level of detail (shared/report/lod.ts: per bucket each series' min and
 * max, and the whole run's exact statistics). When a chart needs the raw samples — the statistics of a zoom
 * window or of an offset/duration cut, a trend line, the heatmap's figures — the full report is loaded
 * once, in the background; meanwhile the charts draw from the reduced level and those tables say their
 * figures are loading. Afterwards the reduced level is kept to draw wide windows from (drawLevel).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiFailure, isReportId } from '../api/client.js';
import { DeleteReport } from '../components/DeleteReport.js';
import { FailureMessage } from '../components/FailureMessage.js';
import { ReportHeader } from '../components/ReportHeader.js';
import { ReportViewer } from '../components/ReportViewer.js';
import type { ColumnarReport } from '../../../shared/report/columnar.js';
import { arrivedReportLod, loadReport, loadReportLod } from '../data/load-report.js';
import { storedRunFindings, toRunData } from '../../../shared/report/run-data.js';
import { CompareWith } from '../components/CompareWith.js';
import { CompareWindow } from '../components/CompareWindow.js';
import { forgetRecent, rememberRecent } from '../recent/recent-reports.js';
import { formatDateTime } from '../format.js';
import { useT } from '../i18n/i18n.js';
import { useViewOptions, ViewStore } from '../view/view-store.js';
import { NotFoundPage } from './NotFoundPage.js';
import { embeddedReport } from '../data/embedded.js';
import { useRunFindings } from '../findings/use-run-findings.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { LIVE_POLL_MS, useLiveReport, type LiveInfo } from '../live/use-live-report.js';
import { liveWithoutRows } from '../live/live-waiting.js';

type State =
  | { status: 'loading' }
  | { status: 'not-found' }
  /** A live report opened before its first row: the page asks again every LIVE_POLL_MS. */
  | { status: 'waiting' }
  | { status: 'error'; message: string; failure?: ApiFailure }
  | { status: 'ok'; report: ColumnarReport };

/** The page's first state: the report itself when its data has arrived already (main.tsx started the load). */
function firstState(id: string): State {
  if (!isReportId(id)) return { status: 'not-found' };
  const report = arrivedReportLod(id);
  if (!report) return { status: 'loading' };
  performance.mark('dv:report-loaded');
  return { status: 'ok', report };
}

export function ReportPage({ id, search }: { id: string; search: string }) {
  const [state, setState] = useState<State>(() => firstState(id));
  // Shown with its first render (firstState): the first load below has nothing to add.
  const [atOnce] = useState(() => state.status === 'ok');
  const [attempt, setAttempt] = useState(0);
  const t = useT();
  // A live report grows while it is open (web/src/live/).
  const live = useLiveReport(id, state.status === 'ok' && embeddedReport() === null ? state.report : null, (report) => setState({ status: 'ok', report }));

  useEffect(() => {
    if (!isReportId(id) || (atOnce && attempt === 0)) return;
    let live = true;
    let again: ReturnType<typeof setTimeout> | undefined;
    setState((s) => (s.status === 'loading' || s.status === 'waiting' ? s : { status: 'loading' }));
    document.title = 'dstatview';
    loadReportLod(id, attempt > 0).then(
      (report) => {
        if (!live) return;
        performance.mark('dv:report-loaded');
        setState({ status: 'ok', report });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiFailure && err.kind === 'not-found') {
          void liveWithoutRows(id).then((waiting) => {
            if (!live) return;
            setState({ status: waiting ? 'waiting' : 'not-found' });
            if (waiting) again = setTimeout(() => setAttempt((a) => a + 1), LIVE_POLL_MS);
          });
        } else if (err instanceof ApiFailure) setState({ status: 'error', message: err.message, failure: err });
        else setState({ status: 'error', message: err instanceof Error ? err.message : 'The report could not be loaded.' });
      },
    );
    return () => {
      live = false;
      clearTimeout(again);
    };
  }, [id, attempt, atOnce]);

  useEffect(() => {
    // Gone (deleted, expired): no longer offered by "Compare with…".
    if (state.status === 'not-found') forgetRecent(id);
  }, [state.status, id]);

  if (state.status === 'not-found') return <NotFoundPage what="report" id={id} />;
  if (state.status === 'waiting') {
    return (
      <main id="main" className="page" aria-busy="true">
        <LiveBadge info={{ lastSampleMs: null, rows: 0 }} />
      </main>
    );
  }
  if (state.status === 'loading') {
    return (
      <main id="main" className="page" aria-busy="true">
        <p className="loading">{t.loading}</p>
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main id="main" className="page narrow">
        <div className="notice error" role="alert">
          <p className="notice-title">{t.loadFailed}</p>
          <FailureMessage message={state.message} failure={state.failure} />
          <p>
            <button type="button" onClick={() => setAttempt((a) => a + 1)}>
              {t.tryAgain}
            </button>
          </p>
        </div>
      </main>
    );
  }
  return <Report id={id} report={state.report} search={search} live={live} />;
}

function Report({ id, report, search, live }: { id: string; report: ColumnarReport; search: string; live: LiveInfo | null }) {
  // The URL at load is the view; from then on the store keeps the URL.
  const [store] = useState(() => new ViewStore(search));
  const options = useViewOptions(store);
  const t = useT();
  const runCount = report.runs.length;
  const runIndex = options.run !== null && options.run <= runCount ? options.run - 1 : runCount - 1;
  // The full report, once a chart has asked for the raw samples (a reduced run's only).
  const [full, setFull] = useState<ColumnarReport | null>(null);
  const loading = useRef(false);
  const needExact = useCallback((): void => {
    if (loading.current || full) return;
    loading.current = true;
    loadReport(id).then(
      (r) => {
        performance.mark('dv:full-loaded');
        setFull(r);
      },
      // Asked again by the next chart that needs it; the tables keep saying their figures are loading.
      () => {
        loading.current = false;
      },
    );
  }, [id, full]);
  const reduced = report.runs[runIndex];
  const runJson = full?.runs[runIndex] ?? reduced;
  const reducedRun = useMemo(() => (reduced ? toRunData(reduced, report.fileName) : null), [reduced, report.fileName]);
  const run = useMemo(() => {
    if (!runJson || runJson === reduced) return reducedRun;
    // The same charts (objects) as the reduced run's: they keep their Chart.js instances.
    const data = toRunData(runJson, report.fileName, reducedRun?.charts);
    if (reduced?.lod) data.coarse = reducedRun;
    return data;
  }, [runJson, reduced, reducedRun, report.fileName]);
  const host = run?.meta.host || t.hostUnknown;
  const offline = embeddedReport() !== null;
  const findings = useRunFindings(id, runIndex, storedRunFindings(reduced), options.link, offline);

  useEffect(() => {
    document.title = run ? `${host} · ${formatDateTime(run.start)} · dstatview` : 'Report · dstatview';
  }, [run, host]);
  useEffect(() => () => store.flush(), [store]);
  // This browser's recent reports ("Compare with…" on the other report pages), with the shown run's times.
  const recentHost = run?.meta.host ?? '';
  const recentStart = run?.start;
  const recentEnd = run?.end;
  const recentFile = run?.fileName ?? '';
  // Once per report and run: a live report's growing end does not rewrite the list on each poll.
  const recentOnce = useRef('');
  useEffect(() => {
    if (offline || recentStart === undefined || recentEnd === undefined || recentOnce.current === `${id}:${runIndex}`) return;
    recentOnce.current = `${id}:${runIndex}`;
    rememberRecent({ id, host: recentHost, fileName: recentFile, start: recentStart, duration: (recentEnd - recentStart) / 1000, seenAt: Date.now() });
  }, [id, runIndex, offline, recentHost, recentFile, recentStart, recentEnd]);

  if (!run) {
    return (
      <main id="main" className="page narrow">
        <div className="notice" role="alert">
          <p className="notice-title">{t.noRuns}</p>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page report-page">
      {live && <LiveBadge info={live} />}
      <ReportHeader
        id={id}
        report={report}
        run={run}
        runIndex={runIndex}
        host={host}
        onRun={(i) => {
          // Another run has its own times: the zoom and the cut do not carry over.
          store.setZoom(null, null);
          store.setOptions({ run: i + 1, offset: 0, duration: 0 });
        }}
      />
      {/* Comparing and deleting need the server: an offline report has neither. */}
      {!offline && <CompareWith id={id} run={runIndex + 1} runCount={runCount} />}
      {!offline && <CompareWindow store={store} self={runCount > 1 ? `${id}:${runIndex + 1}` : id} durationS={(run.end - run.start) / 1000} />}
      <ReportViewer key={runIndex} run={run} store={store} needExact={needExact} findings={findings.findings} findingsNote={findings.note} />
      {!offline && <DeleteReport id={id} />}
    </main>
  );
}
