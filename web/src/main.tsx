/**
 * The page's entry, kept small. On a report page with the server's images, once the images on screen have
 * painted (first-screen.ts), it makes them interactive charts (first-screen-live.ts: its own chunk, Chart.js and
 * the chart code without React) from the small data the first screen names (`data-columns`, preloaded by the
 * page's `<head>`: the view's run reduced, shared/report/first-screen-columns.ts), or from the report's data
 * when the view has none; and it starts loading the report's data in a Web Worker (data/load-report.ts), off
 * the main thread. Nothing but the images runs before their frame. On a compare page it starts a Web Worker
 * per run's report. Then it runs the app (React, the rest; its code downloaded meanwhile, `<link
 * rel="preload">`, web/vite.early-load.ts), which picks up the same pending loads.
 */
import { isReportId } from '../../shared/api/report-id.js';
import type { ColumnarReport } from '../../shared/report/columnar.js';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { loadFirstScreenColumns, prefetchReport, prefetchCompareReports } from './data/load-report.js';
import { showFirstScreen } from './first-screen.js';

const id = /^\/r\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
let ready = Promise.resolve();
if (isReportId(id)) {
  const screen = document.getElementById('first-screen');
  const columns = screen?.dataset['columns'];
  ready = showFirstScreen().then(() => {
    // The report's data for the app: after the early charts when they have data of their own (its download
    // and decoding would take the second core from them), else at once.
    const report = (): Promise<ColumnarReport> => {
      const p = prefetchReport(id);
      p.catch(() => undefined);
      return p;
    };
    if (!screen) return void report();
    const early = columns ? loadFirstScreenColumns(columns).then((data) => ({ data, oneRun: true })) : report().then((data) => ({ data, oneRun: false }));
    early.catch(() => undefined);
    return import('./first-screen-live.js')
      .then((m) => m.liveFirstScreen(early))
      .catch(() => undefined)
      .then(() => void report());
  });
} else if (/^\/compare\/?$/.test(window.location.pathname)) {
  for (const p of prefetchCompareReports(reportIds(parseCompareView(window.location.search)))) p.catch(() => undefined);
  ready = showFirstScreen();
}

// After the first screen (at once when there is none); the data is loading meanwhile.
void ready.then(() => import('./app-main.js'));
