import { ErrorBoundary } from './components/ErrorBoundary.js';
import { SiteControls } from './components/SiteControls.js';
import { useT } from './i18n/i18n.js';
import { ComparePage } from './pages/ComparePage.js';
import { ReportPage } from './pages/ReportPage.js';
import { UploadPage } from './pages/UploadPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { followLink, matchRoute, usePathname } from './router.js';

export function App() {
  const pathname = usePathname();
  const route = matchRoute(pathname);
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipLink}
      </a>
      <header className="site-bar">
        <a className="brand" href="/" onClick={followLink}>
          dstatview
        </a>
        <span className="tagline">{t.tagline}</span>
        <SiteControls />
      </header>
      <ErrorBoundary key={pathname}>
        {route.page === 'upload' && <UploadPage />}
        {route.page === 'report' && <ReportPage key={route.id} id={route.id} search={window.location.search} />}
        {route.page === 'compare' && <ComparePage search={window.location.search} />}
        {route.page === 'not-found' && <NotFoundPage what="page" />}
      </ErrorBoundary>
    </>
  );
}
