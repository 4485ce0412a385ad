/**
 * The report page's live view: while the report is live (its writer, `dstatview live`, still sends rows),
 * ask the server every half second for the rows since those the page has and add them (append-rows.ts), so
 * the charts grow where they are (the zoom, in the URL, stays). Polled rather than pushed (Server-Sent
 * Events): two small requests a second per viewer cost the server a map lookup and a slice of the rows
 * (docs/benchmarks.md), any replica can answer them, and a tab in the background simply polls less. When the
 * report is finished (or the rows no longer follow: a new run, the log started over) the report is loaded
 * again whole; a report that was never live asks once (404) and never again.
 */
import { useEffect, useRef, useState } from 'react';
import type { LiveStatusJson } from '../../../shared/api/live-json.js';
import type { ColumnarReport } from '../../../shared/report/columnar.js';
import { loadReportLod } from '../data/load-report.js';
import { appendRows } from './append-rows.js';

/** How often the page asks for new rows, ms. */
export const LIVE_POLL_MS = 500;

export interface LiveInfo {
  /** Time of the last sample (floating ms), null before the first row. */
  lastSampleMs: number | null;
  /** Rows the page has. */
  rows: number;
}

export function useLiveReport(id: string, report: ColumnarReport | null, onReport: (r: ColumnarReport) => void): LiveInfo | null {
  const [info, setInfo] = useState<LiveInfo | null>(null);
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  }, [report]);
  const hasReport = report !== null;

  useEffect(() => {
    if (!hasReport) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = async (): Promise<void> => {
      const whole = await loadReportLod(id, true);
      if (!stopped) onReport(whole);
    };
    const poll = async (): Promise<void> => {
      const current = latest.current;
      if (!current) return;
      const run = current.runs.length;
      const from = current.runs[run - 1]?.time.length ?? 0;
      const res = await fetch(`/api/live/${encodeURIComponent(id)}?run=${Math.max(1, run)}&from=${from}`, { cache: 'no-store' });
      if (res.status === 404) {
        stopped = true;
        return;
      }
      if (!res.ok) return;
      const state = (await res.json()) as LiveStatusJson;
      if (stopped) return;
      if (state.state === 'finished') {
        stopped = true;
        setInfo(null);
        await reload();
        return;
      }
      const next = state.rowsSince && state.runs === run ? appendRows(current, state.rowsSince) : null;
      if (next) {
        if (next !== current) {
          performance.mark('dv:live-rows', { detail: { rows: state.rows, lastSampleMs: state.lastSampleMs } });
          onReport(next);
        }
      } else {
        await reload();
      }
      setInfo({ lastSampleMs: state.lastSampleMs, rows: state.rows });
    };
    const loop = (): void => {
      poll()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) timer = setTimeout(loop, LIVE_POLL_MS);
        });
    };
    loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // onReport is the page's state setter: the same function for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, hasReport]);

  return info;
}
