import { useEffect } from 'react';
import { followLink } from '../router.js';

/** "Report not found" (an unknown or malformed report id) or "Page not found" (any other path). */
export function NotFoundPage({ what }: { what: 'report' | 'page' }) {
  const title = what === 'report' ? 'Report not found' : 'Page not found';
  useEffect(() => {
    document.title = `${title} · dstatview`;
  }, [title]);
  return (
    <main id="main" className="page narrow">
      <div className="notice" role="alert">
        <h1>{title}</h1>
        <p>
          {what === 'report'
            ? 'There is no report at this address. Check that the link is complete: report links end in a 22-character code.'
            : 'There is nothing at this address.'}
        </p>
        <p>
          <a href="/" onClick={followLink}>
            Upload a dstat CSV file
          </a>
        </p>
      </div>
    </main>
  );
}
