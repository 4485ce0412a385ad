/**
 * The frame of an offline page (one self-contained HTML file: the offline report, the offline compare
 * page): the skip link and the site bar with the language and theme controls, and nothing that needs a
 * server (no link home, no upload).
 */
import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.js';
import { SiteControls } from './SiteControls.js';
import { useT } from '../i18n/i18n.js';

export function OfflineShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipLink}
      </a>
      <header className="site-bar">
        <span className="brand">dstatview</span>
        <span className="tagline">{t.tagline}</span>
        <SiteControls />
      </header>
      <ErrorBoundary>{children}</ErrorBoundary>
    </>
  );
}
