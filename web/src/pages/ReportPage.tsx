/**
 * The report page (`/r/<id>`): header with the run's facts, then the interactive viewer. The report is
 * loaded as columns (a Web Worker parses it); the view (options, zoom) lives in the URL query.
 */
import { useEffect, useMemo, useState } from 'react';
import { ApiFailure, isReportId } from '../api/client.js';
import { ReportHeader } from '../components/ReportHeader.js';
import { ReportViewer } from '../components/ReportViewer.js';
import type { ColumnarReport } from '../../../shared/report/columnar.js';
import { loadReport } from '../data/load-report.js';
import { toRunData } from '../../../shared/report/run-data.js';
import { formatDateTime } from '../format.js';
import { useT } from '../i18n/i18n.js';
import { useViewOptions, ViewStore } from '../view/view-store.js';
import { NotFoundPage } from './NotFoundPage.js';

type State =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ok'; report: ColumnarReport };

export function ReportPage({ id, search }: { id: string; search: string }) {
  const [state, setState] = useState<State>(() => (isReportId(id) ? { status: 'loading' } : { status: 'not-found' }));
  const [attempt, setAttempt] = useState(0);
  const t = useT();

  useEffect(() => {
    if (!isReportId(id)) return;
    let live = true;
    setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
    document.title = 'dstatview';
    loadReport(id, attempt > 0).then(
      (report) => {
        if (!live) return;
        performance.mark('dv:report-loaded');
        setState({ status: 'ok', report });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiFailure && err.kind === 'not-found') setState({ status: 'not-found' });
        else setState({ status: 'error', message: err instanceof Error ? err.message : 'The report could not be loaded.' });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (state.status === 'not-found') return <NotFoundPage what="report" />;
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
          <p className="notice-message">{state.message}</p>
          <p>
            <button type="button" onClick={() => setAttempt((a) => a + 1)}>
              {t.tryAgain}
            </button>
          </p>
        </div>
      </main>
    );
  }
  return <Report id={id} report={state.report} search={search} />;
}

function Report({ id, report, search }: { id: string; report: ColumnarReport; search: string }) {
  // The URL at load is the view; from then on the store keeps the URL.
  const [store] = useState(() => new ViewStore(search));
  const options = useViewOptions(store);
  const t = useT();
  const runCount = report.runs.length;
  const runIndex = options.run !== null && options.run <= runCount ? options.run - 1 : runCount - 1;
  const runJson = report.runs[runIndex];
  const run = useMemo(() => (runJson ? toRunData(runJson, report.fileName) : null), [runJson, report.fileName]);
  const host = run?.meta.host || t.hostUnknown;

  useEffect(() => {
    document.title = run ? `${host} · ${formatDateTime(run.start)} · dstatview` : 'Report · dstatview';
  }, [run, host]);
  useEffect(() => () => store.flush(), [store]);

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
      <ReportViewer key={runIndex} run={run} store={store} />
    </main>
  );
}
