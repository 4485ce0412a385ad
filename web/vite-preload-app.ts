/**
 * A Vite build plugin: index.html asks for the app's chunk (`app-main`, imported by the small entry only
 * once the first screen has painted) and its CSS as soon as the HTML is parsed, with
 * `<link rel="modulepreload">` and `<link rel="preload" as="style">`. Fetching and compiling them then
 * overlaps the first-screen images instead of starting after them; evaluating still waits for the entry's
 * `import()`, so the first screen's frame is not delayed by it.
 */
import type { Plugin } from 'vite';

export function preloadApp(entry = 'app-main'): Plugin {
  return {
    name: 'dstatview-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isDynamicEntry && c.name === entry,
        );
        if (!chunk || chunk.type !== 'chunk') return [];
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` }, injectTo: 'head' },
          ...css.map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${href}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
