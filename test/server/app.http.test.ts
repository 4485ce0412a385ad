/**
 * The app on a real socket: what app.inject() cannot show (raw, un-normalised paths; a browser-like
 * multipart upload through fetch/FormData).
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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

  it('answers a request without Host (HTTP/1.1) with 400 {code, message} and the security headers; HTTP/1.0 needs none', async () => {
    const reply = await rawRequest('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    const head = reply.slice(0, reply.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain('x-frame-options: deny');
    expect(head).toMatch(/content-security-policy: [^\r\n]*default-src/);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'BAD_REQUEST',
      message: 'the request has no Host header, which HTTP/1.1 requires',
    });
    expect(await rawRequest('GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("answers Node's parser errors (400, 431) with the security headers of every error", async () => {
    for (const text of [
      'POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    ]) {
      const reply = await rawRequest(text);
      expect(reply).toMatch(/^HTTP\/1\.1 4(00|31) /);
      const head = reply.slice(0, reply.indexOf('\r\n\r\n')).toLowerCase();
      expect(head).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
      expect(head).toContain('x-content-type-options: nosniff');
      expect(head).toContain('x-frame-options: deny');
      expect(head).toContain('referrer-policy: no-referrer');
    }
  });

  it('refuses headers over 16 KiB with 431 HEADERS_TOO_LARGE in our format (a 20 KiB boundary too)', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-big': 'a'.repeat(20 * 1024) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
    const boundary = 'b'.repeat(20 * 1024);
    const reply = await rawRequest(
      `POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10\r\n\r\n0123456789`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
  });

  it("answers Node's own parse errors (bad Content-Length, bad chunk, bad request line) with 400 {code, message}", async () => {
    for (const head of [
      'POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'POST /api/reports HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /healthz HTTP/9.Q\r\n\r\n',
    ]) {
      const reply = await rawRequest(head);
      expect(reply, head).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
      expect(Object.keys(body).sort(), head).toEqual(['code', 'message']);
      expect(body.code).toBe('BAD_REQUEST');
    }
  });

  it('answers a part without a usable Content-Disposition or name (16.5–65 KiB) at once, never hangs', async () => {
    for (const size of [17_000, 30_000, 64_000]) {
      for (const disposition of ['', 'Content-Disposition: form-data; filename="a.csv"\r\n', 'Content-Disposition: inline\r\n']) {
        const body = `--XX\r\n${disposition}Content-Type: text/csv\r\n\r\n${'x'.repeat(size)}\r\n--XX--\r\n`;
        const reply = await rawRequest(
          `POST /api/reports HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        expect(reply, `${size} ${disposition}`).toMatch(/^HTTP\/1\.1 400 /);
        const answer = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
        expect(answer.code).toBe('MISSING_FILE');
        expect(answer.message).not.toMatch(/undefined|properties/);
      }
    }
  });

  it('stops reading a chunked upload the moment it passes the limit: 413, connection closed', async () => {
    const limit = 64 * 1024;
    const { status, sent } = await chunkedUpload(200 * limit);
    expect(status).toBe(413);
    // What was sent before the answer: the limit, plus what socket buffers held — far from all of it.
    expect(sent).toBeLessThan(200 * limit);
  });
});

/** Write `text` on a fresh connection and return everything the server answers until it closes. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (reply += c));
    socket.on('close', () => resolve(reply));
    socket.on('error', (err) => (reply ? resolve(reply) : reject(err)));
    socket.end(text);
  });
}

/** A chunked multipart upload of a `total`-byte file, written as fast as the server reads it. */
function chunkedUpload(total: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${base}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XX', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write('--XX\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n');
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end('\r\n--XX--\r\n');
    };
    pump();
  });
}
