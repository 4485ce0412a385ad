import { offlineConfig } from './vite.offline-build.js';

/** The offline report (server/export/report-files.ts): dist/web/offline/offline.js + offline.css. */
export default offlineConfig('offline-main.tsx', 'offline');
