import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * An offline page's code: the same app as vite.config.ts, from its own entry (src/<entry>), as ONE script
 * and ONE stylesheet with fixed names (dist/web/<name>/<name>.js, <name>.css), which
 * server/export/offline-html.ts inlines into a self-contained HTML file. Run after the main build (which
 * empties dist/web). One config per offline page: vite.offline.config.ts (the report),
 * vite.offline-compare.config.ts (the compare page).
 */
export function offlineConfig(entry: string, name: string): UserConfig {
  return defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: './',
    plugins: [react()],
    resolve: {
      alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
    },
    build: {
      outDir: fileURLToPath(new URL(`../dist/web/${name}`, import.meta.url)),
      emptyOutDir: true,
      sourcemap: false,
      modulePreload: false,
      cssCodeSplit: false,
      rollupOptions: {
        input: fileURLToPath(new URL(`./src/${entry}`, import.meta.url)),
        output: {
          codeSplitting: false,
          entryFileNames: `${name}.js`,
          assetFileNames: `${name}[extname]`,
        },
      },
    },
    worker: { format: 'es' },
  });
}
