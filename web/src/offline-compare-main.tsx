/**
 * Entry of the offline compare page (one self-contained HTML file, built by vite.offline-compare.config.ts
 * and inlined by server/export/offline-compare-html.ts): the compare page of the embedded runs — overlaid
 * charts, Δ table, baseline and shift controls, language and theme — and nothing that needs a server.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseCompareView, reportIds } from '../../shared/view/compare-view.js';
import { embeddedCompare } from './data/embedded.js';
import { prefetchCompareReports } from './data/load-report.js';
import { OfflineShell } from './components/OfflineShell.js';
import { ComparePage } from './pages/ComparePage.js';
import './i18n/i18n.js'; // sets <html lang> before the first render
import './theme/theme.js'; // sets <html data-theme> before the first render
import './styles.css';

const compare = embeddedCompare();
// The file's own query (a view kept with history.replaceState, then reloaded) before the one it was written with.
const search = window.location.search || compare?.search || '';
if (compare) for (const p of prefetchCompareReports(reportIds(parseCompareView(search)))) p.catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('the offline compare page has no #root element');
createRoot(root).render(
  <StrictMode>
    {compare ? (
      <OfflineShell>
        <ComparePage search={search} />
      </OfflineShell>
    ) : (
      <p role="alert">This offline compare page carries no data.</p>
    )}
  </StrictMode>,
);
