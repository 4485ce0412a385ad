import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The offline report's code: the same app as vite.config.ts, from its own entry (offline-main.tsx), as ONE
 * script and ONE stylesheet with fixed names (dist/web/offline/offline.js, offline.css), which
 * server/export/offline-html.ts inlines into a self-contained HTML file. Run after the main build (which
 * empties dist/web).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: {
    alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web/offline', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: {
      input: fileURLToPath(new URL('./src/offline-main.tsx', import.meta.url)),
      output: {
        codeSplitting: false,
        entryFileNames: 'offline.js',
        assetFileNames: 'offline[extname]',
      },
    },
  },
  worker: { format: 'es' },
});
