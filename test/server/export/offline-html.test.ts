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
import { FIRST_SCREEN_SCRIPT, loadOfflineAssets, offlineHtml, PACKED_CODE_ELEMENT_ID } from '../../../server/export/offline-html.js';

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
    }
  });
});

describe('offline first screen', () => {
  const firstScreen = '<div id="first-screen"><img src="data:image/webp;base64,AAAA" alt=""></div>';
  const WATCHER = 'window.dvFirstScreen=Promise.resolve();';

  /** Every `'sha256-…'` the page's policy allows. */
  const allowedHashes = (html: string): string[] => [...(/script-src ([^;]*)/.exec(html)?.[1] ?? '').matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]!);
  const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

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
