/**
 * The page's entry, kept small: on a report page it starts the Web Worker that downloads and parses the
 * report (once the server's images on screen have painted, if it has some), on a compare page one per run's
 * report, and loads the app (React, Chart.js), so the two overlap instead of running one after the other. The app picks up the same pending loads
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
  shown = showFirstScreen();
  // With the server's images on screen the data waits until they have painted (at once without them): its
  // request, the server's answer and the worker would take CPU from those images (2 cores).
  void shown.then(() => prefetchReport(id)).catch(() => undefined);
} else if (/^\/compare\/?$/.test(window.location.pathname)) {
  for (const p of prefetchCompareReports(reportIds(parseCompareView(window.location.search)))) p.catch(() => undefined);
  shown = showFirstScreen();
}

// After the first-screen images are painted (at once when there are none); the data is loading meanwhile.
void shown.then(() => import('./app-main.js'));
