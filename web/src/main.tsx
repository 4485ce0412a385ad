/**
 * The page's entry, kept small: on a report page it takes the report's data (which the page's `<head>`
 * started downloading, server/routes/pages.ts) once the server's images on screen have painted, if it has
 * some, and then makes those images interactive charts (first-screen-live.ts: its own chunk, Chart.js and
 * the chart code without React); on a compare page it starts a Web Worker per run's report; then it runs the
 * app (React, the rest; its code downloaded meanwhile, `<link rel="preload">`, web/vite.early-load.ts), so
 * the loads overlap instead of running one after the other. The app picks up the same pending loads
 * (data/load-report.ts). The server's first-screen images, if the page has them (a report's or a compare
 * page's), are watched from here (first-screen.ts).
 */
import { isReportId } from '../../shared/api/report-id.js';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { prefetchReport, prefetchCompareReports } from './data/load-report.js';
import { showFirstScreen } from './first-screen.js';

const id = /^\/r\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
let ready = Promise.resolve();
if (isReportId(id)) {
  const images = document.getElementById('first-screen') !== null;
  // With the server's images on screen the data is decoded once they have painted (at once without them):
  // nothing but the images runs on the main thread before their frame. Then, with images, the early charts.
  ready = showFirstScreen().then(() => {
    const report = prefetchReport(id);
    report.catch(() => undefined);
    if (!images) return;
    return import('./first-screen-live.js').then((m) => m.liveFirstScreen(report)).catch(() => undefined);
  });
} else if (/^\/compare\/?$/.test(window.location.pathname)) {
  for (const p of prefetchCompareReports(reportIds(parseCompareView(window.location.search)))) p.catch(() => undefined);
  ready = showFirstScreen();
}

// After the first screen (at once when there is none); the data is loading meanwhile.
void ready.then(() => import('./app-main.js'));
