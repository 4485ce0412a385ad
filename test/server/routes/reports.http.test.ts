/**
 * POST /api/reports and GET /api/reports/:id(/csv) over a real socket and with the server's log: an upload
 * refused from its headers is answered before its body is sent (and the connection closed); the headers of
 * the answers (Location, ETag, Vary, Content-Length); what is logged of a stored report.
 */
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { fileUpload, multipartBody } from '../../helpers/multipart.js';

const CSV = readFileSync(fixturePath('d072_tfvnrl.csv'));
const lines: { msg: string; level: number; reportId?: string; bytes?: number }[] = [];
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await makeApp({ maxUploadBytes: 1_000_000, logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

/** Send only a request's head and wait for the answer (the body is never sent). */
function headOnly(headers: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no answer before the body: ${answer}`))), 5000);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => (clearTimeout(timer), resolve(answer)));
    socket.on('error', reject);
    socket.write(`POST /api/reports HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
  });
}

describe('an upload refused from its headers', () => {
  it('is answered 413 before its body arrives, and the connection closed', async () => {
    const answer = await headOnly('Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 50000000\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"FILE_TOO_LARGE"');
  });

  it('is answered 415 before its body arrives when it is not multipart', async () => {
    const answer = await headOnly('Content-Type: text/csv\r\nContent-Length: 5000\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toContain('"code":"UNSUPPORTED_MEDIA_TYPE"');
  });
});

describe('the answers of a stored report', () => {
  it('say where the report is, log it, and revalidate by a weak ETag', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(CSV, 'x.csv') });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`/r/${id}`);
    expect(res.headers.location).toBe(`/r/${id}`);
    expect(lines.filter((l) => l.msg === 'report created')).toContainEqual(expect.objectContaining({ level: 30, reportId: id, bytes: CSV.length }));

    const json = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'identity' } });
    expect(json.headers.vary).toMatch(/Accept-Encoding/);
    expect(json.headers['cache-control']).toBe('no-cache');
    expect(json.headers.etag).toMatch(new RegExp(`^W/"${id}-[0-9a-z]+-[0-9a-z]+"$`));
    expect((await t.app.inject({ url: `/api/reports/${id}`, headers: { 'if-none-match': json.headers.etag as string } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: `/api/reports/${id}`, headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);

    const csv = await t.app.inject(`/api/reports/${id}/csv`);
    expect(csv.headers['content-length']).toBe(String(CSV.length));
    expect(csv.headers.etag).toMatch(new RegExp(`^W/"${id}-[0-9a-z]+-[0-9a-z]+"$`));
    expect((await t.app.inject({ url: `/api/reports/${id}/csv`, headers: { 'if-none-match': csv.headers.etag as string } })).statusCode).toBe(304);
  });

  it('serve a gzip upload’s CSV decompressed, without a Content-Length (not known until sent)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(gzipSync(CSV), 'x.csv.gz') });
    const { id } = res.json<{ id: string }>();
    const csv = await t.app.inject(`/api/reports/${id}/csv`);
    expect(csv.rawPayload.equals(CSV)).toBe(true);
    expect(csv.headers['content-length']).toBeUndefined();
  });

  it('of several files: the first report’s URL, every report, and the compare page as Location', async () => {
    const body = multipartBody([
      { name: 'file', filename: 'a.csv', content: CSV },
      { name: 'file', filename: 'b.csv', content: CSV },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...body });
    expect(res.statusCode).toBe(201);
    const out = res.json<{ id: string; url: string; reports: { id: string; url: string; fileName: string }[]; compareUrl: string }>();
    expect(out.reports.map((r) => r.fileName)).toEqual(['a.csv', 'b.csv']);
    expect(out.reports.map((r) => r.url)).toEqual(out.reports.map((r) => `/r/${r.id}`));
    expect(out.url).toBe(`/r/${out.reports[0]!.id}`);
    expect(out.compareUrl).toBe(`/compare?ids=${out.reports.map((r) => r.id).join(',')}`);
    expect(res.headers.location).toBe(out.compareUrl);
    const browser = await t.app.inject({ method: 'POST', url: '/api/reports', ...body, headers: { ...body.headers, accept: 'text/html' } });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toMatch(/^\/compare\?ids=[\w-]{22},[\w-]{22}$/);
  });
});
