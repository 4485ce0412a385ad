import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { earlyLoad } from './vite.early-load.js';

/** The server `npm run dev` proxies to: DEV_API_URL, else the dev server's port (PORT, default 8080). */
function devApiUrl(): string {
  return process.env.DEV_API_URL ?? `http://localhost:${process.env.PORT ?? '8080'}`;
}

const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

// The web app is built into dist/web and served by the Fastify server (@fastify/static); its code is asked for
// early and sent precompressed (vite.early-load.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), earlyLoad(outDir)],
  resolve: {
    // csv-parse's Node entry uses the Buffer global; its browser build carries its own.
    alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
  },
  worker: { format: 'es' },
  // `npm run dev` (scripts/dev.mjs): Vite serves the pages (/, /r/:id, /compare) with hot reload and sends the
  // server's own routes to the server from its sources (`npm run dev:server`, PORT or 8080; DEV_API_URL to
  // point elsewhere): the API, the health and metrics endpoints, and the first-screen images.
  server: {
    proxy: Object.fromEntries(
      ['/api', '/healthz', '/readyz', '/metrics', '^/(r/[^/]+|compare)/first-screen/'].map((path) => [path, devApiUrl()]),
    ),
  },
});
