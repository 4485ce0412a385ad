/**
 * The offline page's packed code (server/export/offline-html.ts): the build's gzip beside the script is
 * embedded when it unpacks to that script, and ignored (the script gzipped here instead) when it is stale or
 * missing — either way the page carries exactly the script. Its first-screen images come with their watcher
 * (web/src/offline-first-screen.ts) or not at all.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  escapeHtml,
  FIRST_SCREEN_SCRIPT,
  loadOfflineAssets,
  OfflineBuildMissingError,
  offlineCsp,
  offlineHtml,
  PACKED_CODE_ELEMENT_ID,
} from '../../../server/export/offline-html.js';

const root = mkdtempSync(join(tmpdir(), 'dstatview-offline-html-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

/** A web directory holding an offline build with `gz` as its `offline.js.gz` (none for null). */
function webDir(name: string, gz: Buffer | null): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'offline'), { recursive: true });
  writeFileSync(join(dir, 'offline', 'offline.js'), SCRIPT);
  writeFileSync(join(dir, 'offline', 'offline.css'), 'body{}');
  if (gz) writeFileSync(join(dir, 'offline', 'offline.js.gz'), gz);
  return dir;
}

/** The packed code of a page, as the loader reads it (base64 of a gzip). */
function packedCode(html: string): Buffer {
  const m = new RegExp(`<script type="application/octet-stream" id="${PACKED_CODE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return Buffer.from(m![1]!, 'base64');
}

/** Every `'sha256-…'` the page's policy allows. */
const allowedHashes = (html: string): string[] => [...(/script-src ([^;]*)/.exec(html)?.[1] ?? '').matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]!);
const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const page = { embedded: { elementId: 'x', data: {} }, title: 't', noscript: 'n' };

describe('offline page code', () => {
  it("embeds the build's gzip when it unpacks to the script", async () => {
    // Level 1: not what this module would make itself (level 9), so it is seen to be the file's.
    const built = gzipSync(SCRIPT, { level: 1 });
    const assets = await loadOfflineAssets(webDir('current', built));
    expect(assets.scriptGz?.equals(built)).toBe(true);
    expect(packedCode(offlineHtml(assets, page)).equals(built)).toBe(true);
  });

  it('gzips the script itself when the file is stale or missing', async () => {
    for (const [name, gz] of [['stale', gzipSync('console.log("older build");')], ['missing', null]] as const) {
      const assets = await loadOfflineAssets(webDir(name, gz));
      expect(assets.scriptGz, name).toBeUndefined();
      expect(gunzipSync(packedCode(offlineHtml(assets, page))).toString('utf8'), name).toBe(SCRIPT);
      // At gzip's best (level 9): it is a third of a big report's file.
      expect(packedCode(offlineHtml(assets, page)).equals(gzipSync(SCRIPT, { level: 9 })), name).toBe(true);
    }
  });
});

describe('offline first screen', () => {
  const firstScreen = '<div id="first-screen"><img src="data:image/webp;base64,AAAA" alt=""></div>';
  const WATCHER = 'window.dvFirstScreen=Promise.resolve();';

  it('carries the images before the app, with their watcher right after them, allowed by its hash', async () => {
    const dir = webDir('watcher', null);
    writeFileSync(join(dir, 'offline', FIRST_SCREEN_SCRIPT), WATCHER);
    const assets = await loadOfflineAssets(dir);
    expect(assets.firstScreenScript).toBe(WATCHER);
    const html = offlineHtml(assets, { ...page, firstScreen });
    expect(html).toContain(`${firstScreen}\n<script>${WATCHER}</script>\n<div id="root"></div>`);
    expect(html.indexOf(firstScreen)).toBeLessThan(html.indexOf('id="x"'));
    expect(allowedHashes(html)).toContain(sha(WATCHER));
    expect(allowedHashes(html)).toHaveLength(3);
  });

  it('has no images without the watcher (nothing would replace them) or without any to show', async () => {
    const bare = await loadOfflineAssets(webDir('no-watcher', null));
    expect(bare.firstScreenScript).toBeUndefined();
    const dir = webDir('watcher-no-images', null);
    writeFileSync(join(dir, 'offline', FIRST_SCREEN_SCRIPT), WATCHER);
    const withWatcher = await loadOfflineAssets(dir);
    for (const html of [offlineHtml(bare, { ...page, firstScreen }), offlineHtml(withWatcher, { ...page, firstScreen: '' })]) {
      expect(html).not.toContain('first-screen');
      expect(html).not.toContain(WATCHER);
      expect(allowedHashes(html)).toHaveLength(2);
    }
  });
});

describe('untrusted text in an offline page', () => {
  it('escapes the title, the noscript text and the data element id as HTML', async () => {
    const assets = await loadOfflineAssets(webDir('escapes', null));
    const html = offlineHtml(assets, { embedded: { elementId: 'a"b<c', data: {} }, title: `<b>"host" & 'x'</b>`, noscript: '</noscript><i>' });
    expect(html).toContain('<title>&lt;b&gt;&quot;host&quot; &amp; &#39;x&#39;&lt;/b&gt;</title>');
    expect(html).toContain('<noscript>&lt;/noscript&gt;&lt;i&gt;</noscript>');
    expect(html).toContain('<script type="application/json" id="a&quot;b&lt;c">');
    expect(escapeHtml('plain text 1.csv')).toBe('plain text 1.csv');
  });

  it('keeps the stylesheet and the watcher from ending their element or opening a comment, any case', async () => {
    const dir = webDir('raw-text', null);
    writeFileSync(join(dir, 'offline', 'offline.css'), 'a::after{content:"</style><script>x</STYLE>"}/*<!--*/');
    writeFileSync(join(dir, 'offline', FIRST_SCREEN_SCRIPT), 'const s="</script><b>",t="</SCRIPT",u="<!--";');
    const assets = await loadOfflineAssets(dir);
    const html = offlineHtml(assets, { ...page, firstScreen: '<div id="first-screen"></div>' });
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).toBe('a::after{content:"<\\/style><script>x<\\/STYLE>"}/*<\\!--*/');
    const watcher = /<div id="first-screen"><\/div>\n<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(watcher).toBe('const s="<\\/script><b>",t="<\\/SCRIPT",u="<\\!--";');
    // The policy allows the watcher as it is written in the page, not as it was in the file.
    expect(allowedHashes(html)).toContain(sha(watcher));
  });
});

describe('offlineCsp', () => {
  it('allows only the given scripts by hash, inline styles, data: and blob: images, data: fonts, nothing else', () => {
    expect(offlineCsp('sha256-A', 'sha256-B')).toBe(
      "default-src 'none'; script-src 'sha256-A' 'sha256-B'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; base-uri 'none'; form-action 'none'",
    );
  });
});

describe('loadOfflineAssets', () => {
  it('reads a build once per directory', async () => {
    const dir = webDir('once', null);
    const first = await loadOfflineAssets(dir);
    writeFileSync(join(dir, 'offline', 'offline.css'), 'body{color:red}');
    expect(await loadOfflineAssets(dir)).toBe(first);
    expect(first.style).toBe('body{}');
  });

  it('says which build is missing and how to make it, and tries again next time', async () => {
    const dir = join(root, 'not-built');
    await expect(loadOfflineAssets(dir)).rejects.toThrow(OfflineBuildMissingError);
    await expect(loadOfflineAssets(dir)).rejects.toThrow(`the offline report needs the built web app (${join(dir, 'offline')}): run npm run build:web`);
    await expect(loadOfflineAssets(dir, 'offline-compare')).rejects.toThrow(
      `the offline compare page needs the built web app (${join(dir, 'offline-compare')}): run npm run build:web`,
    );
    webDir('not-built', null);
    expect((await loadOfflineAssets(dir)).script).toBe(SCRIPT);
  });

  it('reads the compare build without a first-screen watcher, and passes on errors other than a missing file', async () => {
    const dir = join(root, 'compare');
    mkdirSync(join(dir, 'offline-compare'), { recursive: true });
    writeFileSync(join(dir, 'offline-compare', 'offline-compare.js'), SCRIPT);
    writeFileSync(join(dir, 'offline-compare', 'offline-compare.css'), 'main{}');
    writeFileSync(join(dir, 'offline-compare', FIRST_SCREEN_SCRIPT), 'not read');
    const assets = await loadOfflineAssets(dir, 'offline-compare');
    expect(assets).toEqual({ script: SCRIPT, style: 'main{}' });
    const broken = join(root, 'broken');
    mkdirSync(join(broken, 'offline', 'offline.js'), { recursive: true });
    writeFileSync(join(broken, 'offline', 'offline.css'), '');
    await expect(loadOfflineAssets(broken)).rejects.toMatchObject({ code: 'EISDIR' });
  });
});

describe('the page around the app', () => {
  it('is a UTF-8 document without referrer, for any screen size and both colour schemes, with a blank icon', async () => {
    const assets = await loadOfflineAssets(webDir('skeleton', null));
    const html = offlineHtml(assets, { embedded: { elementId: 'dv-report', data: { a: 1 } }, title: 'T', noscript: 'N' });
    const head = html.slice(0, html.indexOf('<style>'));
    expect(head).toBe(
      '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n' +
        `<meta http-equiv="Content-Security-Policy" content="${offlineCsp(...allowedHashes(html))}">\n` +
        '<meta name="referrer" content="no-referrer">\n' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
        '<meta name="color-scheme" content="light dark">\n' +
        '<link rel="icon" href="data:,">\n' +
        '<title>T</title>\n',
    );
    const body = html.slice(html.indexOf('</style>'));
    expect(body.replace(/(id="dv-app-code">)[^<]*/, '$1…').replace(/(<script type="module">)[\s\S]*?(<\/script>)/, '$1…$2')).toBe(
      '</style>\n</head>\n<body>\n<div id="root"></div>\n<noscript>N</noscript>\n' +
        '<script type="application/json" id="dv-report">{"a":1}</script>\n' +
        '<script type="application/octet-stream" id="dv-app-code">…</script>\n' +
        '<script type="module">…</script>\n</body>\n</html>\n',
    );
  });

  it("names its missing-build error as such", () => {
    expect(new OfflineBuildMissingError('/w').name).toBe('OfflineBuildMissingError');
  });
});
