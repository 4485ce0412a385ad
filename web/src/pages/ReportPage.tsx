import { useEffect, useMemo, useState } from 'react';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { chartSections, type ResolvedChart } from '../../../shared/catalogue/index.js';
import { ApiFailure, csvUrl, getReport, isReportId, reportPath } from '../api/client.js';
import { ChartPanel } from '../components/ChartPanel.js';
import { toRunData, type RunData } from '../data/run-data.js';
import { formatDateTime, formatDuration, zoneLabel } from '../format.js';
import { followLink } from '../router.js';
import { NotFoundPage } from './NotFoundPage.js';

type State =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ok'; report: ReportJson };

/** `?run=N` (1-based) picks a run of a file with several; anything else is the first run. */
function runIndexOf(search: string, runs: number): number {
  const n = Number(new URLSearchParams(search).get('run'));
  return Number.isInteger(n) && n >= 1 && n <= runs ? n - 1 : 0;
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/** DOM ids for charts and sections from their keys (untrusted group names): safe characters, unique. */
function domIds(keys: readonly string[], prefix: string): string[] {
  const seen = new Set<string>();
  return keys.map((k) => {
    let id = `${prefix}-${slug(k)}`;
    for (let i = 2; seen.has(id); i++) id = `${prefix}-${slug(k)}-${i}`;
    seen.add(id);
    return id;
  });
}

export function ReportPage({ id, search }: { id: string; search: string }) {
  const [state, setState] = useState<State>(() => (isReportId(id) ? { status: 'loading' } : { status: 'not-found' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isReportId(id)) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    document.title = 'Loading report · dstatview';
    getReport(id, controller.signal).then(
      (report) => {
        performance.mark('dv:report-loaded');
        setState({ status: 'ok', report });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiFailure && err.kind === 'not-found') setState({ status: 'not-found' });
        else setState({ status: 'error', message: err instanceof Error ? err.message : 'The report could not be loaded.' });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  if (state.status === 'not-found') return <NotFoundPage what="report" />;
  if (state.status === 'loading') {
    return (
      <main id="main" className="page" aria-busy="true">
        <p className="loading">Loading the report…</p>
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main id="main" className="page narrow">
        <div className="notice error" role="alert">
          <p className="notice-title">Could not load this report</p>
          <p className="notice-message">{state.message}</p>
          <p>
            <button type="button" onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </button>
          </p>
        </div>
      </main>
    );
  }
  return <Report id={id} report={state.report} runIndex={runIndexOf(search, state.report.runs.length)} />;
}

function Report({ id, report, runIndex }: { id: string; report: ReportJson; runIndex: number }) {
  const runJson = report.runs[runIndex];
  const run = useMemo(() => (runJson ? toRunData(runJson) : null), [runJson]);
  const host = run?.meta.host || 'unknown host';

  useEffect(() => {
    document.title = run ? `${host} · ${formatDateTime(run.start)} · dstatview` : 'Report · dstatview';
    performance.mark('dv:report-rendered');
  }, [run, host]);

  if (!run) {
    return (
      <main id="main" className="page narrow">
        <div className="notice" role="alert">
          <p className="notice-title">This file has no runs to draw.</p>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="page report-page">
      <ReportHeader id={id} report={report} run={run} runIndex={runIndex} host={host} />
      <Charts key={run.index} run={run} />
    </main>
  );
}

function ReportHeader({
  id,
  report,
  run,
  runIndex,
  host,
}: {
  id: string;
  report: ReportJson;
  run: RunData;
  runIndex: number;
  host: string;
}) {
  const samples = run.rows - run.firstRow;
  const d = report.dialect;
  const producer = [run.meta.producer === 'unknown' ? '' : run.meta.producer, run.meta.version].filter(Boolean).join(' ');
  const textColumns = run.text.map((t) => t.id);
  return (
    <header className="report-head">
      <p className="eyebrow">
        dstat report · <span className="file-name">{report.fileName}</span>
      </p>
      <h1>{host}</h1>
      <dl className="facts">
        <div>
          <dt>Host</dt>
          <dd>{host}</dd>
        </div>
        <div>
          <dt>Start</dt>
          <dd>
            {formatDateTime(run.start)} <span className="zone">{zoneLabel(run.meta.timezone)}</span>
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(run.end - run.start)}</dd>
        </div>
        <div>
          <dt>Interval</dt>
          <dd>{run.intervalMs > 0 ? formatDuration(run.intervalMs) : '–'}</dd>
        </div>
        <div>
          <dt>Samples</dt>
          <dd>{samples.toLocaleString('en-US')}</dd>
        </div>
        {producer && (
          <div>
            <dt>Recorded by</dt>
            <dd>{producer}</dd>
          </div>
        )}
      </dl>
      {run.meta.cmdline && (
        <p className="cmdline">
          <span className="visually-hidden">Command line: </span>
          <code>{run.meta.cmdline}</code>
        </p>
      )}
      {report.runs.length > 1 && (
        <nav className="runs" aria-label="Runs in this file">
          <span className="runs-label">This file holds {report.runs.length} runs:</span>
          <ul>
            {report.runs.map((r, i) => {
              const href = `${reportPath(id)}?run=${i + 1}`;
              return (
                <li key={r.index}>
                  <a href={href} onClick={followLink} aria-current={i === runIndex ? 'page' : undefined}>
                    Run {i + 1} · {formatDateTime(r.start)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <p className="report-actions">
        <a href={csvUrl(id)} download={report.fileName || 'dstat.csv'}>
          Download the CSV
        </a>
        <a href="/" onClick={followLink}>
          Upload another file
        </a>
      </p>
      {(run.firstRowIsSinceBoot ||
        d.conversions.length > 0 ||
        d.issues.length > 0 ||
        d.unknownColumns.length > 0 ||
        textColumns.length > 0 ||
        d.suggestedCommand) && (
        <details className="dialect">
          <summary>How the file was read</summary>
          <ul>
            {run.firstRowIsSinceBoot && (
              <li>The first row is dstat’s average since boot: it is left out of the graphs and the statistics.</li>
            )}
            {d.conversions.map((c, i) => (
              <li key={`c${i}`}>{c}</li>
            ))}
            {d.unknownColumns.length > 0 && <li>Columns not understood and left out: {d.unknownColumns.join(', ')}</li>}
            {textColumns.length > 0 && <li>Text columns, not graphed: {textColumns.join(', ')}</li>}
            {d.issues.map((issue, i) => (
              <li key={`i${i}`} className={`issue-${issue.severity}`}>
                {issue.line > 0 ? `line ${issue.line}: ` : ''}
                {issue.message}
              </li>
            ))}
            {d.moreIssues > 0 && <li>… and {d.moreIssues} more.</li>}
          </ul>
          {d.suggestedCommand && (
            <p>
              To record everything dstatview draws: <code>{d.suggestedCommand}</code>
            </p>
          )}
        </details>
      )}
    </header>
  );
}

/**
 * Charts shown per section before a "show all" button: a file with 1 699 disks or 192 CPUs opens quickly,
 * and the rest is one click away (each chart is still drawn only when scrolled near).
 */
const SECTION_LIMIT = 24;

function Charts({ run }: { run: RunData }) {
  const sections = useMemo(() => chartSections(run.charts), [run]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const chartIds = useMemo(() => {
    const ids = domIds(
      run.charts.map((c) => c.key),
      'chart',
    );
    return new Map<ResolvedChart, string>(run.charts.map((c, i) => [c, ids[i]!]));
  }, [run]);
  const sectionIds = useMemo(
    () =>
      domIds(
        sections.map((s) => s.section),
        'section',
      ),
    [sections],
  );

  if (!run.window || run.rows - run.firstRow < 1) {
    return (
      <div className="notice" role="alert">
        <p className="notice-title">This run has no samples to draw.</p>
      </div>
    );
  }
  if (run.charts.length === 0) {
    return (
      <div className="notice" role="alert">
        <p className="notice-title">This run has no numeric columns to draw.</p>
      </div>
    );
  }
  const window = run.window;
  return (
    <div className="report-body">
      <nav className="toc" aria-label="Graphs">
        <p className="toc-title">Graphs</p>
        <ul>
          {sections.map((s, i) => (
            <li key={sectionIds[i]}>
              <a href={`#${sectionIds[i]}`}>{s.section}</a>
              {s.charts.length > 1 && <span className="toc-count"> {s.charts.length}</span>}
            </li>
          ))}
        </ul>
      </nav>
      <div className="charts">
        {sections.map((s, i) => {
          const all = expanded.has(s.section) || s.charts.length <= SECTION_LIMIT;
          const shown = all ? s.charts : s.charts.slice(0, SECTION_LIMIT);
          return (
            <section key={sectionIds[i]} id={sectionIds[i]} aria-labelledby={`${sectionIds[i]}-h`} className="chart-section">
              <h2 id={`${sectionIds[i]}-h`}>
                {s.section}
                {s.charts.length > 1 && <span className="section-count"> · {s.charts.length} charts</span>}
              </h2>
              <div className="chart-grid">
                {shown.map((c) => (
                  <ChartPanel key={c.key} run={run} chart={c} window={window} domId={chartIds.get(c)!} />
                ))}
              </div>
              {!all && (
                <p className="show-more">
                  <button type="button" onClick={() => setExpanded((e) => new Set(e).add(s.section))}>
                    Show all {s.charts.length} {s.section} charts ({s.charts.length - shown.length} more)
                  </button>
                </p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
