import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * The offline report's first-screen watcher (src/offline-first-screen.ts) as one small classic script,
 * dist/web/offline/first-screen.js, beside the offline report's code (vite.offline.config.ts, which runs
 * first and empties the directory): server/export/offline-html.ts inlines it after the first-screen images.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist/web/offline', import.meta.url)),
    emptyOutDir: false,
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: fileURLToPath(new URL('./src/offline-first-screen.ts', import.meta.url)),
      output: { format: 'iife', entryFileNames: 'first-screen.js' },
    },
  },
});
