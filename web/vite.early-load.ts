import type { Plugin } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The served app's build (vite.config.ts), so that the page's code reaches the browser early and cheaply:
 *
 * - index.html asks for the chunks the entry imports with `import()` once the first screen has painted — the
 *   first screen's early charts (`src/first-screen-live.ts`), then the app (`src/app-main.tsx`) — and their
 *   stylesheet at once, in that order, as `<link rel="preload" as="script" crossorigin>` and
 *   `<link rel="preload" as="style">`: downloaded while the HTML and the first-screen images load, compiled
 *   and evaluated only when the entry imports them. Not `modulepreload`, which also compiles the code at once:
 *   work on the main thread before the images' frame, which it delayed (2 cores).
 * - every script and stylesheet under assets/ gets `.br` and `.gz` siblings (brotli 9, gzip 9), which the
 *   server sends as they are (server/plugins/static.ts, preCompressed) instead of compressing ~0.5 MB of
 *   code on every request (~0.2–0.4 s of the server's CPU before the first byte on a busy 2-core machine).
 */
export function earlyLoad(outDir: string, lazyEntries: readonly string[] = ['src/first-screen-live.ts', 'src/app-main.tsx']): Plugin {
  return {
    name: 'dv-early-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        // (A module the app also imports statically may sit in a chunk that is no module's facade.)
        const lazy = lazyEntries.flatMap((entry) => chunks.filter((c) => c.moduleIds.some((m) => m.endsWith(entry))).slice(0, 1));
        if (lazy.length === 0) return [];
        // Each lazy chunk and the chunks it imports statically (shared code), each once, in that order; not the
        // entry's own chunk, which its <script> loads first.
        const files = new Set<string>();
        const add = (file: string): void => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const imported of chunk?.imports ?? []) add(imported);
        };
        for (const c of lazy) add(c.fileName);
        for (const c of chunks) if (c.isEntry && !lazy.includes(c)) files.delete(c.fileName);
        const css = [...files].flatMap((f) => [...(chunks.find((c) => c.fileName === f)?.viteMetadata?.importedCss ?? [])]);
        return [
          // crossorigin: module scripts are fetched in CORS mode; a preload in another mode is not reused.
          ...[...files].map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          ...css.map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
    writeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const path = join(assets, name);
        const bytes = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
