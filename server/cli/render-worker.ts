/**
 * The CLI's render threads (render-pool.ts): only the export's chart drawing, not the server's parse worker
 * (parse-worker.ts) with the parser, level-of-detail and compare modules a thread would load for nothing.
 */
export { chartPngsTask } from '../render/chart-pngs-task.js';
export { offlineFirstScreenTask } from '../render/offline-first-screen-task.js';

/** Run once per thread when the pool starts: the thread loads Chart.js and the canvas binary then. */
export function probe(): 'ok' {
  return 'ok';
}
