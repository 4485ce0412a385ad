import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebBuild, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  const webDir = await fakeWebBuild();
  // What Vite writes beside its scripts with `sourcemap: true`.
  await writeFile(join(webDir, 'assets', 'index-AbC123.js.map'), '{"version":3,"sources":["../../src/main.tsx"],"sourcesContent":["secret"]}');
  await writeFile(join(webDir, 'assets', 'index-AbC123.JS.MAP'), '{}');
  t = await makeApp({ webDir });
});

describe('source maps', () => {
  it('are not served (404 as a missing file), while the scripts are', async () => {
    expect((await t.app.inject('/assets/index-AbC123.js')).statusCode).toBe(200);
    for (const url of ['/assets/index-AbC123.js.map', '/assets/index-AbC123.JS.MAP', '/assets/index-AbC123.js.map?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sourcesContent');
    }
  });
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

/** A CSP header as directive → sources; each directive at most once. */
function directives(csp: string): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  const names = csp.split(';').map((d) => d.trim().split(/\s+/)[0]).filter(Boolean);
  expect(new Set(names).size, csp).toBe(names.length);
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  const urls = ['/', '/healthz', '/api/config', '/api/reports/AAAAAAAAAAAAAAAAAAAAAA', '/api/nope', '/assets/index-AbC123.js'];

  for (const url of urls) {
    it(`are on ${url}`, async () => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      // The directives that keep a hostile CSV inert, on every answer (an error page is a page too).
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  }

  it('allow the SPA (own scripts, workers from blob:, canvases) and nothing inline or foreign', async () => {
    const csp = directives((await t.app.inject('/')).headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toContain('data:');
    // Plain-http deployments on a LAN must keep working.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    for (const values of csp.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
