/**
 * The offline page's packed code (server/export/offline-html.ts): the build's gzip beside the script is
 * embedded when it unpacks to that script, and ignored (the script gzipped here instead) when it is stale or
 * missing — either way the page carries exactly the script.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOfflineAssets, offlineHtml, PACKED_CODE_ELEMENT_ID } from '../../../server/export/offline-html.js';

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
