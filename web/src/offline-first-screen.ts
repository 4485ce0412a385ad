/**
 * The offline report's first-screen watcher (server/export/offline-html.ts puts it, as a classic script,
 * right after the first-screen images it inlines): the served page's own watcher (first-screen.ts) — marks
 * `dv:first-screen` once the images on screen are painted and removes them when the app's charts have
 * painted — started while the rest of the file is still being parsed. The page's loader starts the app only
 * after `window.dvFirstScreen` has resolved, as the served page's entry does (main.tsx).
 */
import { showFirstScreen } from './first-screen.js';

declare global {
  interface Window {
    /** Resolves once the first-screen images on screen are painted (at once without images). */
    dvFirstScreen?: Promise<void>;
  }
}

window.dvFirstScreen = showFirstScreen();
