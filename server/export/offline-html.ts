/**
 * The offline report: one self-contained HTML file that is the same interactive viewer as the report page
 * (the web app's offline build, dist/web/offline/offline.js + offline.css, inlined) with the report's data
 * inside (shared/export/embedded.ts). It makes no request: its Content-Security-Policy (a meta element)
 * allows only the inlined script, by hash, and no connection of any kind; it works from file://.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EMBEDDED_REPORT_ELEMENT_ID, scriptSafeJson, type EmbeddedReport } from '../../shared/export/embedded.js';

export interface OfflineAssets {
  script: string;
  style: string;
}

/** The web app's offline build is missing (run `npm run build:web`). */
export class OfflineBuildMissingError extends Error {
  override readonly name = 'OfflineBuildMissingError';
  constructor(readonly webDir: string) {
    super(`the offline report needs the built web app (${join(webDir, 'offline')}): run npm run build:web`);
  }
}

const cache = new Map<string, Promise<OfflineAssets>>();

/** The offline build's script and stylesheet, read once per web directory. */
export function loadOfflineAssets(webDir: string): Promise<OfflineAssets> {
  let p = cache.get(webDir);
  if (!p) {
    p = Promise.all([readFile(join(webDir, 'offline', 'offline.js'), 'utf8'), readFile(join(webDir, 'offline', 'offline.css'), 'utf8')])
      .then(([script, style]) => ({ script, style }))
      .catch((err: NodeJS.ErrnoException) => {
        cache.delete(webDir);
        throw err.code === 'ENOENT' ? new OfflineBuildMissingError(webDir) : err;
      });
    cache.set(webDir, p);
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

/** The Content-Security-Policy of an offline report: this script only, no network, no plugins, no forms. */
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
  /** The embedded report (id, initial view, data). */
  report: EmbeddedReport;
  /** <title>: the app sets its own once running; this one names the file in a browser's tab before. */
  title: string;
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
    '<noscript>This dstatview report needs JavaScript to draw its graphs.</noscript>\n' +
    `<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">${scriptSafeJson(page.report)}</script>\n` +
    `<script type="module">${script}</script>\n` +
    '</body>\n</html>\n'
  );
}
