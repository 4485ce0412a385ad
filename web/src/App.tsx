import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ReportPage } from './pages/ReportPage.js';
import { UploadPage } from './pages/UploadPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { followLink, matchRoute, useLocation } from './router.js';

export function App() {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-bar">
        <a className="brand" href="/" onClick={followLink}>
          dstatview
        </a>
        <span className="tagline">dstat CSV logs as interactive graphs</span>
      </header>
      <ErrorBoundary key={pathname}>
        {route.page === 'upload' && <UploadPage />}
        {route.page === 'report' && <ReportPage key={route.id} id={route.id} search={search} />}
        {route.page === 'not-found' && <NotFoundPage what="page" />}
      </ErrorBoundary>
    </>
  );
}
