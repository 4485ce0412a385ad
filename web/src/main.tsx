/**
 * The page's entry, kept small: on a report page it takes the report's data (which the page's `<head>`
 * started downloading, server/routes/pages.ts) once the server's images on screen have painted, if it has
 * some; on a compare page it starts a Web Worker per run's report; and it runs the app (React, Chart.js; its
 * code downloaded meanwhile, `<link rel="preload">`, web/vite.early-load.ts), so the loads overlap
 * instead of running one after the other. The app picks up the same pending loads (data/load-report.ts). The
 * server's first-screen images, if the page has them (a report's or a compare page's), are watched from here
 * (first-screen.ts).
 */
import { isReportId } from '../../shared/api/report-id.js';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { prefetchReport, prefetchCompareReports } from './data/load-report.js';
import { showFirstScreen } from './first-screen.js';

const id = /^\/r\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
let shown = Promise.resolve();
if (isReportId(id)) {
  shown = showFirstScreen();
  // With the server's images on screen the data is decoded once they have painted (at once without them):
  // nothing but the images runs on the main thread before their frame.
  void shown.then(() => prefetchReport(id)).catch(() => undefined);
} else if (/^\/compare\/?$/.test(window.location.pathname)) {
  for (const p of prefetchCompareReports(reportIds(parseCompareView(window.location.search)))) p.catch(() => undefined);
  shown = showFirstScreen();
}

// After the first-screen images are painted (at once when there are none); the data is loading meanwhile.
void shown.then(() => import('./app-main.js'));
