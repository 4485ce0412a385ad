import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `<name>.js.gz` beside the script: gzip level 9, which server/export/offline-html.ts embeds (when it unpacks
 * to the script) instead of gzipping 0.5 MB of code on every CLI run (~50 ms of its ~1 s).
 */
function packedScript(outDir: string, name: string): Plugin {
  return {
    name: 'dv-packed-script',
    apply: 'build',
    writeBundle() {
      const script = join(outDir, `${name}.js`);
      writeFileSync(`${script}.gz`, gzipSync(readFileSync(script), { level: 9 }));
    },
  };
}

/**
 * An offline page's code: the same app as vite.config.ts, from its own entry (src/<entry>), as ONE script
 * and ONE stylesheet with fixed names (dist/web/<name>/<name>.js, <name>.css), which
 * server/export/offline-html.ts inlines into a self-contained HTML file. Run after the main build (which
 * empties dist/web). One config per offline page: vite.offline.config.ts (the report),
 * vite.offline-compare.config.ts (the compare page).
 */
export function offlineConfig(entry: string, name: string): UserConfig {
  const outDir = fileURLToPath(new URL(`../dist/web/${name}`, import.meta.url));
  return defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: './',
    plugins: [react(), packedScript(outDir, name)],
    resolve: {
      alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
    },
    build: {
      outDir,
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
