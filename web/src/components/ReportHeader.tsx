/**
 * The report's header: host, producer and version, time zone, start, end, duration, interval, rows, the
 * command line, the run picker of a multi-run file, and the dialect report ("How the file was read").
 * Everything from the file is React text, never HTML.
 */
import { csvUrl } from '../api/client.js';
import { embeddedReport } from '../data/embedded.js';
import { DownloadMenu } from '../export/DownloadMenu.js';
import type { ColumnarReport } from '../../../shared/report/columnar.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { formatCount, formatDateTime, formatDuration } from '../format.js';
import { useLang, useT } from '../i18n/i18n.js';
import { followLink } from '../router.js';

/**
 * The CSV and where to go next. Online: the CSV from the server, "Upload another file". In an offline
 * report (embedded.ts) nothing that needs a server: the CSV beside the page when it came with one (the
 * ZIP's entry), else a sentence that it does not carry it; "Open the live report" when it was exported
 * from a server.
 */
function ReportLinks({ id, fileName }: { id: string; fileName: string }) {
  const t = useT();
  const offline = embeddedReport();
  if (!offline) {
    return (
      <>
        <a href={csvUrl(id)} download={fileName || 'dstat.csv'}>
          {t.downloadCsv}
        </a>
        <a href="/" onClick={followLink}>
          {t.uploadAnother}
        </a>
      </>
    );
  }
  return (
    <>
      {offline.csvHref ? (
        <a href={offline.csvHref} download={fileName || 'dstat.csv'} data-offline-csv>
          {t.downloadCsv}
        </a>
      ) : (
        <span className="muted" data-offline-csv-missing>
          {t.csvNotCarried}
        </span>
      )}
      {liveHref(offline.liveUrl) && (
        <a href={liveHref(offline.liveUrl)!} rel="noopener" data-live-report>
          {t.openLive}
        </a>
      )}
    </>
  );
}

/** An http(s) address, or null: the page is a file anyone may have edited. */
function liveHref(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

interface Props {
  id: string;
  report: ColumnarReport;
  run: RunData;
  runIndex: number;
  host: string;
  onRun: (index: number) => void;
}

export function ReportHeader({ id, report, run, runIndex, host, onRun }: Props) {
  const t = useT();
  const lang = useLang();
  const d = report.dialect;
  const producer = [run.meta.producer === 'unknown' ? '' : run.meta.producer, run.meta.version].filter(Boolean).join(' ');
  const textColumns = run.text.map((c) => c.id);
  const zone = run.meta.timezone.trim();
  const count = (n: number): string => formatCount(n, lang === 'ja' ? 'ja-JP' : 'en-US');
  return (
    <header className="report-head">
      <div className="head-title">
        <p className="eyebrow">
          {t.reportEyebrow} · <span className="file-name">{report.fileName}</span>
        </p>
        <h1>{host}</h1>
        {run.meta.cmdline && (
          <p className="cmdline">
            <span className="visually-hidden">{t.commandLine}: </span>
            <code>{run.meta.cmdline}</code>
          </p>
        )}
      </div>
      <dl className="facts">
        <div>
          <dt>{t.host}</dt>
          <dd>{host}</dd>
        </div>
        {producer && (
          <div>
            <dt>{t.recordedBy}</dt>
            <dd>{producer}</dd>
          </div>
        )}
        <div>
          <dt>{t.timeZone}</dt>
          <dd>{zone || t.zoneNotRecorded}</dd>
        </div>
        <div>
          <dt>{t.start}</dt>
          <dd>{formatDateTime(run.start)}</dd>
        </div>
        <div>
          <dt>{t.end}</dt>
          <dd>{formatDateTime(run.end)}</dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{formatDuration(run.end - run.start, lang)}</dd>
        </div>
        <div>
          <dt>{t.interval}</dt>
          <dd>{run.intervalMs > 0 ? formatDuration(run.intervalMs, lang) : '–'}</dd>
        </div>
        <div>
          <dt>{t.rows}</dt>
          <dd>{count(run.rows)}</dd>
        </div>
      </dl>
      <div className="head-actions">
        <DownloadMenu id={id} />
        {report.runs.length > 1 && (
          <label className="run-picker">
            <span>{t.run}</span>
            <select value={runIndex} onChange={(e) => onRun(Number(e.target.value))}>
              {report.runs.map((r, i) => (
                <option key={r.index} value={i}>
                  {t.runOption(i + 1, report.runs.length, formatDateTime(r.start), r.rows)}
                </option>
              ))}
            </select>
          </label>
        )}
        <ReportLinks id={id} fileName={report.fileName} />
      </div>
      <details className="dialect">
        <summary>{t.howRead}</summary>
        <ul>
          {producer && <li>{t.producerLine(producer)}</li>}
          {report.runs.length > 1 && <li>{t.runsInFile(report.runs.length)}</li>}
          {run.firstRowIsSinceBoot && <li>{t.sinceBoot}</li>}
          {d.conversions.map((c, i) => (
            <li key={`c${i}`}>{c}</li>
          ))}
          {d.unknownColumns.length > 0 && (
            <li>
              {t.unknownColumns} {d.unknownColumns.join(', ')}
            </li>
          )}
          {textColumns.length > 0 && (
            <li>
              {t.textColumns} {textColumns.join(', ')}
            </li>
          )}
          {d.issues.map((issue, i) => (
            <li key={`i${i}`} className={`issue-${issue.severity}`}>
              {issue.line > 0 ? t.lineN(issue.line) : ''}
              {issue.message}
            </li>
          ))}
          {d.moreIssues > 0 && <li>{t.moreIssues(d.moreIssues)}</li>}
        </ul>
        {d.suggestedCommand && (
          <p>
            {t.suggested} <code>{d.suggestedCommand}</code>
          </p>
        )}
      </details>
    </header>
  );
}
