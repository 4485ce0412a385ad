/**
 * POST /api/reports beyond the plain upload: gzip-compressed CSVs (by magic bytes, with their own ceiling
 * once decompressed) and dstat2graphs' form (field `csv_file` and its option fields; 303 for a browser).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { DEFAULT_MAX_UPLOAD_BYTES, MAX_GZIP_EXPANSION } from '../../../shared/limits.js';
import { makeLog } from '../../../bench/make-log.js';
import { bombGzip } from '../../../bench/soak/gzip-bomb.js';
import { listFiles, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload, multipartBody, type Part } from '../../helpers/multipart.js';

const FIXTURE = new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url);
let fixture: Buffer;
let t: TestApp;

beforeAll(async () => {
  fixture = await readFile(FIXTURE);
  t = await makeApp();
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

function post(parts: Part[], headers: Record<string, string> = {}) {
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/reports', payload: body.payload, headers: { ...body.headers, ...headers } });
}

describe('gzip uploads', () => {
  it('takes a 10 MB log gzipped under the 4 MiB limit (201), and serves the CSV decompressed', async () => {
    const text = makeLog(undefined, { bytes: 10 * 1024 * 1024 });
    const gz = gzipSync(text, { level: 9 });
    expect(text.length).toBeGreaterThan(2 * DEFAULT_MAX_UPLOAD_BYTES);
    expect(gz.length).toBeLessThan(DEFAULT_MAX_UPLOAD_BYTES);
    // Named .csv: the magic bytes decide, not the name.
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(gz, 'big.csv') });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();

    const report = (await t.app.inject(`/api/reports/${id}`)).json<ReportJson>();
    expect(report.bytes).toBe(gz.length);
    expect(report.runs[0]!.rows).toBe(text.split('\n').filter((l) => /^\d/.test(l)).length);

    const csv = await t.app.inject(`/api/reports/${id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(text);
  }, 120_000); // a 10 MB log: made, gzipped and parsed, on a machine that may be busy

  it('names the download of a .csv.gz upload .csv', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(gzipSync(fixture), 'run 1.csv.gz') });
    expect(res.statusCode).toBe(201);
    const csv = await t.app.inject(`/api/reports/${res.json<{ id: string }>().id}/csv`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="run_1.csv"; filename*=UTF-8''run%201.csv`);
    expect(csv.rawPayload.equals(fixture)).toBe(true);
  });

  it('answers 413 to a gzip bomb, with a message, and leaves nothing in DATA_DIR', async () => {
    const fresh = await makeApp({ maxUploadBytes: 64 * 1024 });
    try {
      // 5 MiB of one byte, in ~5 KiB: expands past 64 × 64 KiB = 4 MiB.
      const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x31), { level: 9 });
      expect(bomb.length).toBeLessThan(64 * 1024);
      const res = await fresh.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(bomb, 'log.csv.gz') });
      expect(res.statusCode).toBe(413);
      const body = res.json<{ code: string; message: string }>();
      expect(body.code).toBe('DECOMPRESSED_TOO_LARGE');
      expect(body.message).toContain(`${MAX_GZIP_EXPANSION * 64 / 1024} MiB`);
      expect(body.message).toMatch(/gzip/);
      expect(await listFiles(fresh.dataDir)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });

  it('stops a gzip of valid rows at what a parser thread is sized to read (32 MiB under the 4 MiB default): 413, nothing kept', async () => {
    // 40 MB of rows in ~0.4 MB: under 64 × 4 MiB, over what the parser reads within its 512 MiB heap.
    const { gz, textBytes } = bombGzip(40_000_000);
    expect(gz.length).toBeLessThan(DEFAULT_MAX_UPLOAD_BYTES);
    expect(textBytes).toBeLessThan(MAX_GZIP_EXPANSION * DEFAULT_MAX_UPLOAD_BYTES);
    const fresh = await makeApp();
    try {
      const res = await fresh.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(gz, 'week.csv.gz') });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'DECOMPRESSED_TOO_LARGE',
        message:
          'the gzip-compressed file expands to more than 32 MiB, the most this server reads once decompressed ' +
          '(upload it in parts, or raise MAX_UPLOAD_BYTES)',
      });
      expect(await listFiles(fresh.dataDir)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });

  it('answers 422 BAD_GZIP to a gzip cut short, and keeps nothing', async () => {
    const cut = gzipSync(fixture).subarray(0, 1500);
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(cut, 'log.csv.gz') });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BAD_GZIP', message: expect.stringMatching(/cut short/) });
    expect((await listFiles(t.dataDir)).filter((f) => f.startsWith('staging'))).toEqual([]);
  });
});

describe("dstat2graphs' upload form", () => {
  const file = (): Part => ({ name: 'csv_file', filename: 'log.csv', content: fixture });
  const field = (name: string, value: string): Part => ({ name, value });

  it('takes the file in csv_file and puts its option fields into the report URL', async () => {
    const res = await post([
      file(),
      field('width', '400'),
      field('height', '192'),
      field('disk_limit', '100000000'),
      field('io_limit', '500'),
      field('net_limit', '0'),
      field('offset', '10'),
      field('duration', '60'),
      field('is_actual', '0'),
    ]);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`/r/${id}?offset=10&duration=60&height=192&cols=3&diskMax=100000000&iopsMax=500&x=elapsed`);
    expect(res.headers.location).toBe(url);
  });

  it('maps is_actual=1 to the clock, a small height to the viewer\'s smallest, and leaves absent fields out', async () => {
    const res = await post([field('is_actual', '1'), field('height', '64'), file()]);
    expect(res.statusCode).toBe(201);
    expect(res.json<{ url: string }>().url).toMatch(/^\/r\/[\w-]{22}\?height=100&x=time$/);
    const plain = await post([file()]);
    expect(plain.json<{ url: string }>().url).toMatch(/^\/r\/[\w-]{22}$/);
  });

  it.each([
    ['width', '63'],
    ['width', '1025'],
    ['height', 'abc'],
    ['disk_limit', '-1'],
    ['net_limit', '1.5'],
    ['offset', ''],
    ['is_actual', '2'],
  ])('answers 400 naming the field for %s=%j, and keeps nothing', async (name, value) => {
    const res = await post([file(), field(name, value)]);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message.startsWith(`${name} must be`)).toBe(true);
    expect((await listFiles(t.dataDir)).filter((f) => f.startsWith('staging'))).toEqual([]);
  });

  it('answers a browser form post (Accept: text/html) with 303 to the report page', async () => {
    const res = await post([file(), field('height', '300')], {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/r\/[\w-]{22}\?height=300$/);
    const json = await post([file()], { accept: 'application/json' });
    expect(json.statusCode).toBe(201);
  });

  it('says so when csv_file comes as text', async () => {
    const res = await post([field('csv_file', 'log.csv')]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('-F csv_file=@log.csv');
  });
});
