/**
 * Entry of the offline report (one self-contained HTML file, built by vite.offline.config.ts and inlined
 * by server/export/report-files.ts): the report page of the embedded report, with the same viewer,
 * language and theme controls, and nothing that needs a server.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { embeddedReport } from './data/embedded.js';
import { prefetchReport } from './data/load-report.js';
import { OfflineShell } from './components/OfflineShell.js';
import { ReportPage } from './pages/ReportPage.js';
import './i18n/i18n.js'; // sets <html lang> before the first render
import './theme/theme.js'; // sets <html data-theme> before the first render
import './styles.css';

const report = embeddedReport();
if (report) prefetchReport(report.id).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('the offline report has no #root element');
createRoot(root).render(
  <StrictMode>
    {report ? (
      <OfflineShell>
        <ReportPage id={report.id} search={window.location.search || report.search} />
      </OfflineShell>
    ) : (
      <p role="alert">This offline report carries no data.</p>
    )}
  </StrictMode>,
);
