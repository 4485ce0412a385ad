import { useEffect } from 'react';
import { useT } from '../i18n/i18n.js';
import { followLink } from '../router.js';

/** "Report not found" (an unknown or malformed report id) or "Page not found" (any other path). */
export function NotFoundPage({ what }: { what: 'report' | 'page' }) {
  const t = useT();
  const title = what === 'report' ? t.notFoundReport : t.notFoundPage;
  useEffect(() => {
    document.title = `${title} · dstatview`;
  }, [title]);
  return (
    <main id="main" className="page narrow">
      <div className="notice" role="alert">
        <h1>{title}</h1>
        <p>
          {what === 'report' ? t.notFoundReportText : t.notFoundPageText}
        </p>
        <p>
          <a href="/" onClick={followLink}>
            {t.uploadLink}
          </a>
        </p>
      </div>
    </main>
  );
}
