/**
 * An offline page: one self-contained HTML file that is the same interactive page as the served one (one of
 * the web app's offline builds — dist/web/offline/offline.js + offline.css for the report,
 * dist/web/offline-compare/ for the compare page — inlined) with its data inside (shared/export/embedded.ts).
 * It makes no request: its Content-Security-Policy (a meta element) allows only the inlined script, by hash,
 * and no connection of any kind; it works from file:// and as an e-mail attachment. What data a page carries
 * is its exporter's (report-files.ts: a report; offline-compare-html.ts: the runs of a comparison).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scriptSafeJson } from '../../shared/export/embedded.js';

export interface OfflineAssets {
  script: string;
  style: string;
}

/** The web app's offline builds (web/vite.offline*.config.ts): a directory of dist/web and its files' name. */
export type OfflineBuild = 'offline' | 'offline-compare';

/** The web app's offline build is missing (run `npm run build:web`). */
export class OfflineBuildMissingError extends Error {
  override readonly name = 'OfflineBuildMissingError';
  constructor(
    readonly webDir: string,
    build: OfflineBuild = 'offline',
  ) {
    super(`the offline ${build === 'offline' ? 'report' : 'compare page'} needs the built web app (${join(webDir, build)}): run npm run build:web`);
  }
}

const cache = new Map<string, Promise<OfflineAssets>>();

/** An offline build's script and stylesheet, read once per web directory. */
export function loadOfflineAssets(webDir: string, build: OfflineBuild = 'offline'): Promise<OfflineAssets> {
  const key = join(webDir, build);
  let p = cache.get(key);
  if (!p) {
    p = Promise.all([readFile(join(key, `${build}.js`), 'utf8'), readFile(join(key, `${build}.css`), 'utf8')])
      .then(([script, style]) => ({ script, style }))
      .catch((err: NodeJS.ErrnoException) => {
        cache.delete(key);
        throw err.code === 'ENOENT' ? new OfflineBuildMissingError(webDir, build) : err;
      });
    cache.set(key, p);
  }
  return p;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Raw text for inside a <script> or <style> element: `</script` / `</style` cannot end it early and `<!--`
 * cannot open the script-data escape state (`<\/` and `<\!` mean the same in JS strings and regexps, and
 * in CSS).
 */
function rawText(text: string, element: 'script' | 'style'): string {
  const close = new RegExp(`</(${element})`, 'gi');
  return text.replace(close, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** The Content-Security-Policy of an offline page: this script only, no network, no plugins, no forms. */
export function offlineCsp(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}'`,
    // React style props and Chart.js set styles through the CSSOM; the stylesheet is inline.
    "style-src 'unsafe-inline'",
    // The favicon placeholder and chart images (PNG downloads) are data:/blob: URLs.
    'img-src data: blob:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export interface OfflinePage {
  /** Where the page's data goes (`<script type="application/json" id=…>`) and what it is (JSON). */
  embedded: { elementId: string; data: unknown };
  /** <title>: the app sets its own once running; this one names the file in a browser's tab before. */
  title: string;
  /** What the page says without JavaScript. */
  noscript: string;
}

/** The whole HTML file. */
export function offlineHtml(assets: OfflineAssets, page: OfflinePage): string {
  const script = rawText(assets.script, 'script');
  const hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n' +
    `<meta charset="UTF-8">\n` +
    // The policy holds no `"`, `&` or `<` (quotes are single): written as is, readable in the file.
    `<meta http-equiv="Content-Security-Policy" content="${offlineCsp(hash)}">\n` +
    '<meta name="referrer" content="no-referrer">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    '<link rel="icon" href="data:,">\n' +
    `<title>${escapeHtml(page.title)}</title>\n` +
    `<style>${rawText(assets.style, 'style')}</style>\n` +
    '</head>\n<body>\n<div id="root"></div>\n' +
    `<noscript>${escapeHtml(page.noscript)}</noscript>\n` +
    `<script type="application/json" id="${escapeHtml(page.embedded.elementId)}">${scriptSafeJson(page.embedded.data)}</script>\n` +
    `<script type="module">${script}</script>\n` +
    '</body>\n</html>\n'
  );
}
