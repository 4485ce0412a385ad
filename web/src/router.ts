/**
 * A tiny pathname router: `/` is the upload page, `/r/:id` a report, `/compare?ids=…` runs side by side. Navigation is history.pushState; the
 * back button and reloads work because the server answers both paths with index.html.
 */
import { useSyncExternalStore, type MouseEvent } from 'react';

export type Route =
  | { page: 'upload' }
  | { page: 'report'; id: string }
  | { page: 'compare' }
  | { page: 'not-found'; path: string };

const NAVIGATE = 'dstatview:navigate';

export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '/index.html') return { page: 'upload' };
  if (pathname === '/compare' || pathname === '/compare/') return { page: 'compare' };
  const m = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (m) {
    let id = m[1]!;
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape: keep it as written; the report page will say it does not exist
    }
    return { page: 'report', id };
  }
  return { page: 'not-found', path: pathname };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE, onChange);
  };
}

const currentLocation = (): string => window.location.pathname + window.location.search;
const currentPath = (): string => window.location.pathname;

/**
 * Path of the current location; re-renders on navigation. Only the path: the report page keeps its view
 * in the query with history.replaceState, which must not re-render the app (read the query with
 * `window.location.search` where it is needed).
 */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** Path and query of the current location; re-renders on navigation and on any change of the query. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, currentLocation);
  const q = href.indexOf('?');
  return q < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, q), search: href.slice(q) };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentLocation()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  window.dispatchEvent(new Event(NAVIGATE));
}

/** onClick for an in-app `<a href>`: navigate without a reload, unless the user wants a new tab. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  const href = event.currentTarget.getAttribute('href');
  if (!href || !href.startsWith('/')) return;
  event.preventDefault();
  navigate(href);
}
