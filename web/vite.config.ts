import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The web app is built into dist/web and served by the Fastify server (@fastify/static).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // csv-parse's Node entry uses the Buffer global; its browser build carries its own.
    alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
