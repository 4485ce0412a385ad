/**
 * The page's entry, kept small: on a report page it first starts the Web Worker that downloads and parses
 * the report, on a compare page one per run's report, then loads the app (React, Chart.js), so the two
 * overlap instead of running one after the other. The app picks up the same pending loads
 * (data/load-report.ts). The server's first-screen images, if the page has them (a report's or a compare
 * page's), are watched from here (first-screen.ts).
 */
import { isReportId } from '../../shared/api/report-id.js';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { prefetchReport, prefetchCompareReports } from './data/load-report.js';
import { showFirstScreen } from './first-screen.js';

const id = /^\/r\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
let shown = Promise.resolve();
if (isReportId(id)) {
  prefetchReport(id).catch(() => undefined);
  shown = showFirstScreen();
} else if (/^\/compare\/?$/.test(window.location.pathname)) {
  for (const p of prefetchCompareReports(reportIds(parseCompareView(window.location.search)))) p.catch(() => undefined);
  shown = showFirstScreen();
}

// After the first-screen images are painted (at once when there are none); the data is loading meanwhile.
void shown.then(() => import('./app-main.js'));
