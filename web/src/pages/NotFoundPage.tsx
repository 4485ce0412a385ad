import { useEffect } from 'react';
import { wasDeleted } from '../api/delete-tokens.js';
import { useT } from '../i18n/i18n.js';
import { followLink } from '../router.js';

/**
 * "Report not found" (an unknown or malformed report id) or "Page not found" (any other path); "Report
 * deleted" for a report `id` this browser deleted.
 */
export function NotFoundPage({ what, id }: { what: 'report' | 'page'; id?: string }) {
  const t = useT();
  const deleted = what === 'report' && !!id && wasDeleted(id);
  const title = deleted ? t.reportDeleted : what === 'report' ? t.notFoundReport : t.notFoundPage;
  useEffect(() => {
    document.title = `${title} · dstatview`;
  }, [title]);
  return (
    <main id="main" className="page narrow">
      <div className="notice" role="alert">
        <h1>{title}</h1>
        <p>
          {deleted ? t.reportDeletedText : what === 'report' ? t.notFoundReportText : t.notFoundPageText}
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
