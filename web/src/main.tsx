/**
 * The page's entry, kept small: on a report page it first starts the Web Worker that downloads and parses
 * the report, then loads the app (React, Chart.js), so the two overlap instead of running one after the
 * other. The app picks up the same pending load (data/load-report.ts).
 */
import { prefetchReport } from './data/load-report.js';

const m = /^\/r\/([A-Za-z0-9_-]{22})\/?$/.exec(window.location.pathname);
if (m) prefetchReport(m[1]!).catch(() => undefined);

void import('./app-main.js');
