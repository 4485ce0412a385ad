import { offlineConfig } from './vite.offline-build.js';

/** The offline compare page (server/export/offline-compare-html.ts): dist/web/offline-compare/offline-compare.js + .css. */
export default offlineConfig('offline-compare-main.tsx', 'offline-compare');
