/**
 * The app on a real socket: what app.inject() cannot show (raw, un-normalised paths; a browser-like
 * multipart upload through fetch/FormData).
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, makeApp, removeTempDirs, type TestApp } from '../helpers/app.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await makeApp({ maxUploadBytes: 64 * 1024 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

/** GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('over HTTP', () => {
  it('answers 404 REPORT_NOT_FOUND to un-normalised traversal paths', async () => {
    for (const path of ['/api/reports/../../etc/passwd', '/api/reports/..%2F..%2Fetc%2Fpasswd', '/api/reports/../../../../etc/passwd/csv']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body).code, path).toBe('REPORT_NOT_FOUND');
      expect(res.body).not.toContain('root:');
    }
  });

  it('takes a browser-like upload (fetch + FormData) and serves it back', async () => {
    const csv = await readFile(new URL('../fixtures/d072_tfvnrl.csv', import.meta.url));
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'd072_tfvnrl.csv');
    const created = await fetch(`${base}/api/reports`, { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const { id, url } = (await created.json()) as { id: string; url: string };
    expect(created.headers.get('location')).toBe(url);

    // fetch asks for gzip/br and decodes: the stored gzip arrives as the JSON.
    const report = await fetch(`${base}/api/reports/${id}`);
    expect(report.headers.get('content-encoding')).toBe('gzip');
    expect(((await report.json()) as { id: string }).id).toBe(id);
    const back = Buffer.from(await (await fetch(`${base}/api/reports/${id}/csv`)).arrayBuffer());
    expect(Buffer.compare(back, csv)).toBe(0);
  });

  it('answers 413 to an upload over the limit without reading all of it, and closes the connection', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1024 * 1024, 'a')]), 'big.csv');
    const res = await fetch(`${base}/api/reports`, { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { code: string }).code).toBe('FILE_TOO_LARGE');
    expect((await listFiles(t.dataDir)).filter((f) => f.includes('big'))).toEqual([]);
  });

  it('refuses headers over 16 KiB with 431', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-big': 'a'.repeat(20 * 1024) } });
    expect(res.status).toBe(431);
  });
});
