/**
 * An offline page: one self-contained HTML file that is the same interactive page as the served one (one of
 * the web app's offline builds — dist/web/offline/offline.js + offline.css for the report,
 * dist/web/offline-compare/ for the compare page — inlined) with its data inside (shared/export/embedded.ts).
 * The code is carried gzipped and unpacked by a small loader (a third of its size: what keeps the 4 MB log's
 * report under 1.5 MB). It makes no request: its Content-Security-Policy (a meta element) allows only the
 * loader and the code, by hash, and no connection of any kind; it works from file:// and as an e-mail
 * attachment. What data a page carries is its exporter's (report-files.ts: a report; offline-compare-html.ts:
 * the runs of a comparison).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Lang } from '../../shared/chart/chart-text.js';
import { scriptSafeJson } from '../../shared/export/embedded.js';

export interface OfflineAssets {
  script: string;
  style: string;
  /** The script gzipped at level 9 by the build (web/vite.offline-build.ts), when it is there and current. */
  scriptGz?: Buffer;
  /**
   * The first-screen watcher (web/src/offline-first-screen.ts, built beside the report's offline script):
   * a page carries first-screen images only with it, as it is what replaces them with the charts.
   */
  firstScreenScript?: string;
}

/** The offline report's first-screen watcher, beside its script (web/vite.offline-first-screen.config.ts). */
export const FIRST_SCREEN_SCRIPT = 'first-screen.js';

/** The build's gzip of an offline script: `<name>.js` + this (web/vite.offline-build.ts writes it). */
export const PACKED_SCRIPT_SUFFIX = '.gz';

/**
 * The build's gzip of `script` when it unpacks to exactly that script (a file left from an older build
 * does not), else undefined: the code is then gzipped on first use.
 */
async function readPackedScript(path: string, script: Buffer): Promise<Buffer | undefined> {
  try {
    const gz = await readFile(path);
    return gunzipSync(gz).equals(script) ? gz : undefined;
  } catch {
    return undefined;
  }
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
    const scriptPath = join(key, `${build}.js`);
    p = Promise.all([readFile(scriptPath), readFile(join(key, `${build}.css`), 'utf8')])
      .then(async ([script, style]): Promise<OfflineAssets> => {
        const scriptGz = await readPackedScript(scriptPath + PACKED_SCRIPT_SUFFIX, script);
        // The compare page has none; a report build without it gets pages without first-screen images.
        const firstScreenScript = build === 'offline' ? await readFile(join(key, FIRST_SCREEN_SCRIPT), 'utf8').catch(() => undefined) : undefined;
        return { script: script.toString('utf8'), style, ...(scriptGz ? { scriptGz } : {}), ...(firstScreenScript ? { firstScreenScript } : {}) };
      })
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

/**
 * The Content-Security-Policy of an offline page: the loader and the app's code it unpacks (each by its
 * hash: an inline script, even one the loader inserts, runs only when its text hashes to one of these), no
 * network, no plugins, no forms.
 */
export function offlineCsp(...scriptHashes: string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.map((h) => `'${h}'`).join(' ')}`,
    // React style props and Chart.js set styles through the CSSOM; the stylesheet is inline.
    "style-src 'unsafe-inline'",
    // The favicon placeholder and chart images (PNG downloads) are data:/blob: URLs.
    'img-src data: blob:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** `<script type="application/octet-stream" id=…>`: the app's code, gzipped, base64 (never run as is). */
export const PACKED_CODE_ELEMENT_ID = 'dv-app-code';

/**
 * The one script the page runs as written: unpacks the app's code (base64 by the browser's own decoder,
 * Uint8Array.fromBase64, where it has one — else atob and a loop over the ~0.2 MB; then the browser's gzip
 * DecompressionStream, which the app needs for its data anyway) and runs it as an inline module script —
 * once the first-screen images are painted (`window.dvFirstScreen`, web/src/offline-first-screen.ts), as
 * the served page's entry does: evaluating the app (hundreds of ms) would otherwise hold that frame back.
 */
const LOADER =
  `const e=document.getElementById('${PACKED_CODE_ELEMENT_ID}'),t=e.textContent.trim(),U=Uint8Array;let u;` +
  'if(U.fromBase64)u=U.fromBase64(t);else{const b=atob(t);u=new U(b.length);for(let i=0;i<b.length;i++)u[i]=b.charCodeAt(i)}' +
  "const s=document.createElement('script');s.type='module';" +
  "s.textContent=await new Response(new Blob([u]).stream().pipeThrough(new DecompressionStream('gzip'))).text();" +
  'e.remove();await window.dvFirstScreen;document.body.append(s);';

interface PackedCode {
  base64: string;
  hashes: [string, string];
}

const sha256 = (text: string): string => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const packed = new WeakMap<OfflineAssets, PackedCode>();

/**
 * The app's code gzipped (level 9) as base64: 0.5 MB of minified JS is 0.2 MB so, a third of the 4 MB log's
 * offline file. Gzipped by the build; else here, once per process (~50 ms: a twentieth of the CLI's whole
 * `report -o OUT.html`). Base64 rather than base85: the loader decodes it with atob, no decoder of its own.
 */
function packCode(assets: OfflineAssets): PackedCode {
  let p = packed.get(assets);
  if (!p) {
    const gz = assets.scriptGz ?? gzipSync(assets.script, { level: 9 });
    p = { base64: gz.toString('base64'), hashes: [sha256(LOADER), sha256(assets.script)] };
    packed.set(assets, p);
  }
  return p;
}

export interface OfflinePage {
  /** Where the page's data goes (`<script type="application/json" id=…>`) and what it is (JSON). */
  embedded: { elementId: string; data: unknown };
  /** <title>: the app sets its own once running; this one names the file in a browser's tab before. */
  title: string;
  /** What the page says without JavaScript. */
  noscript: string;
  /**
   * The page's language (`<html lang data-lang>`): the app opens in it unless its reader picked one
   * (web/src/i18n/i18n.ts). Absent: `lang="en"` and the reader's browser decides.
   */
  lang?: Lang;
  /**
   * The first screen's markup with its images inline (server/render/offline-first-screen-task.ts), shown
   * before the app has started; used only with the assets' first-screen watcher.
   */
  firstScreen?: string;
}

/** The whole HTML file. */
export function offlineHtml(assets: OfflineAssets, page: OfflinePage): string {
  const code = packCode(assets);
  const watcher = page.firstScreen && assets.firstScreenScript ? rawText(assets.firstScreenScript, 'script') : null;
  const hashes = watcher === null ? code.hashes : [...code.hashes, sha256(watcher)];
  return (
    (page.lang ? `<!doctype html>\n<html lang="${page.lang}" data-lang="${page.lang}">\n<head>\n` : '<!doctype html>\n<html lang="en">\n<head>\n') +
    `<meta charset="UTF-8">\n` +
    // The policy holds no `"`, `&` or `<` (quotes are single): written as is, readable in the file.
    `<meta http-equiv="Content-Security-Policy" content="${offlineCsp(...hashes)}">\n` +
    '<meta name="referrer" content="no-referrer">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    '<link rel="icon" href="data:,">\n' +
    `<title>${escapeHtml(page.title)}</title>\n` +
    `<style>${rawText(assets.style, 'style')}</style>\n` +
    '</head>\n<body>\n' +
    // The images first, and their watcher right after them: they paint while the rest is still parsed.
    (watcher === null ? '' : `${page.firstScreen}\n<script>${watcher}</script>\n`) +
    '<div id="root"></div>\n' +
    `<noscript>${escapeHtml(page.noscript)}</noscript>\n` +
    `<script type="application/json" id="${escapeHtml(page.embedded.elementId)}">${scriptSafeJson(page.embedded.data)}</script>\n` +
    `<script type="application/octet-stream" id="${PACKED_CODE_ELEMENT_ID}">${code.base64}</script>\n` +
    `<script type="module">${LOADER}</script>\n` +
    '</body>\n</html>\n'
  );
}
