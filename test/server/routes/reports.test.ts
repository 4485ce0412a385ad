import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson, NumericSeriesJson } from '../../../shared/api/schemas.js';
import { PARSER_VERSION } from '../../../shared/dstat/parse-dstat.js';
import { MAX_UPLOAD_FILES } from '../../../shared/limits.js';
import { fileUpload, multipartBody } from '../../helpers/multipart.js';
import { listFiles, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

const FIXTURE = new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url);
const ID = /^[A-Za-z0-9_-]{22}$/;

let fixture: Buffer;
let t: TestApp;

/** Every error body seen in this file: checked at the end for stacks and internal paths. */
const errorBodies: string[] = [];

async function upload(content: Uint8Array | string, filename = 'dstat.csv', app = t.app) {
  const res = await app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(content, filename) });
  if (res.statusCode >= 400) errorBodies.push(res.body);
  return res;
}

beforeAll(async () => {
  fixture = await readFile(FIXTURE);
  t = await makeApp();
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

/** The data lines of a dstat CSV (after the column header line), split into cells. */
function dataRows(text: string): string[][] {
  const lines = text.split(/\r?\n/);
  const header = lines.findIndex((l) => l.startsWith('"time"'));
  return lines
    .slice(header + 1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(','));
}

describe('POST /api/reports with a dstat CSV', () => {
  it('answers 201 {id, url} with a Location header', async () => {
    const res = await upload(fixture, 'd072_tfvnrl.csv');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; url: string }>();
    expect(body.id).toMatch(ID);
    expect(body.url).toBe(`/r/${body.id}`);
    expect(res.headers.location).toBe(body.url);
  });

  it('stores a report that GET /api/reports/:id returns with the values of the file', async () => {
    const { id } = (await upload(fixture, 'd072_tfvnrl.csv')).json<{ id: string }>();
    const res = await t.app.inject(`/api/reports/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const report = res.json<ReportJson>();
    expect(report.id).toBe(id);
    expect(report.fileName).toBe('d072_tfvnrl.csv');
    expect(report.bytes).toBe(fixture.length);
    expect(Number.isNaN(Date.parse(report.createdAt))).toBe(false);

    const rows = dataRows(fixture.toString('utf8'));
    expect(report.runs).toHaveLength(1);
    const run = report.runs[0]!;
    expect(run.meta.host).toBe('vm');
    expect(run.rows).toBe(rows.length);
    expect(run.time).toHaveLength(rows.length);

    const usr = run.series.find((s) => s.id === 'total cpu usage/usr' || s.id === 'cpu0 usage/usr') as
      | NumericSeriesJson
      | undefined;
    expect(usr).toBeDefined();
    expect(usr!.kind).toBe('number');
    expect(usr!.values).toHaveLength(rows.length);
    rows.forEach((cells, i) => {
      const cell = cells[usr!.csvColumn - 1]!;
      expect(usr!.values[i]).toBe(cell === '' ? null : Number(cell));
    });
    // Stats leave the since-boot first row out.
    const counted = run.firstRowIsSinceBoot ? rows.length - 1 : rows.length;
    expect(usr!.stats?.count).toBe(counted);
  });

  it('serves the uploaded CSV byte for byte as an attachment', async () => {
    const { id } = (await upload(fixture, 'd072_tfvnrl.csv')).json<{ id: string }>();
    const res = await t.app.inject(`/api/reports/${id}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="d072_tfvnrl\.csv"/);
    expect(Buffer.compare(res.rawPayload, fixture)).toBe(0);
  });

  it('keeps a byte order mark in the stored CSV and reads the file all the same', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture]);
    const res = await upload(withBom, 'bom.csv');
    expect(res.statusCode).toBe(201);
    const csv = await t.app.inject(`/api/reports/${res.json().id}/csv`);
    expect(Buffer.compare(csv.rawPayload, withBom)).toBe(0);
  });

  it('names the download safely whatever the uploaded name', async () => {
    const { id } = (await upload(fixture, '../../évil"\r\nname')).json<{ id: string }>();
    const res = await t.app.inject(`/api/reports/${id}/csv`);
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"; filename\*=UTF-8''[^\s"]+$/);
    const report = (await t.app.inject(`/api/reports/${id}`)).json<ReportJson>();
    expect(report.fileName).not.toMatch(/[/\\\r\n]/);
  });

  it('sends the precomputed gzip to clients that accept it, and plain or br JSON to others', async () => {
    const { id } = (await upload(fixture)).json<{ id: string }>();
    const plain = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const br = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { id } = (await upload(fixture)).json<{ id: string }>();
    const first = await t.app.inject(`/api/reports/${id}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives concurrent uploads different ids, each with its own report', async () => {
    const names = ['a.csv', 'b.csv', 'c.csv', 'd.csv', 'e.csv'];
    const results = await Promise.all(names.map((n) => upload(fixture, n)));
    expect(results.map((r) => r.statusCode)).toEqual(names.map(() => 201));
    const ids = results.map((r) => r.json<{ id: string }>().id);
    expect(new Set(ids).size).toBe(names.length);
    for (const [i, id] of ids.entries()) {
      const report = (await t.app.inject(`/api/reports/${id}`)).json<ReportJson>();
      expect(report.fileName).toBe(names[i]);
    }
  });
});

describe('POST /api/reports size limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await makeApp({ maxUploadBytes: 1000 });
  });
  afterAll(async () => {
    await small.cleanup();
  });

  it('answers 413 one byte over the limit, naming the limit, and keeps nothing', async () => {
    const res = await upload(Buffer.alloc(1001, 'a'), 'big.csv', small.app);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(res.json().message).toContain('1000 bytes');
    expect(await listFiles(small.dataDir)).toEqual([]);
  });

  it('accepts a file exactly at the limit (it is then read, and refused as not dstat)', async () => {
    const res = await upload(Buffer.alloc(1000, 'a'), 'limit.csv', small.app);
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).toBe(422);
  });

  it('answers 413 from Content-Length alone when the body is far over the limit', async () => {
    const res = await upload(Buffer.alloc(200_000, 'a'), 'huge.csv', small.app);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('reports the limit to the web app in GET /api/config', async () => {
    const res = await small.app.inject('/api/config');
    expect(res.json()).toEqual({ maxUploadBytes: 1000 });
  });
});

describe('POST /api/reports with a file that is not a dstat CSV', () => {
  const cases: Array<[string, Uint8Array | string, string]> = [
    ['random bytes', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256)), 'BINARY_FILE'],
    ['a PNG header', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'BINARY_FILE'],
    ['an empty file', '', 'EMPTY_FILE'],
    ['a CSV of another tool', 'a,b,c\n1,2,3\n', 'NOT_DSTAT'],
    ['a JSON file', '{"host": "vm", "cpu": [1, 2, 3]}\n', 'NOT_DSTAT'],
  ];

  for (const [what, content, code] of cases) {
    it(`answers 422 ${code} for ${what}, with a message, and keeps nothing`, async () => {
      const res = await upload(content, 'x.csv');
      expect(res.statusCode).toBe(422);
      const body = res.json<{ code: string; message: string; line?: number }>();
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(10);
      if (code !== 'EMPTY_FILE') expect(body.message).toMatch(/^line \d+/);
      expect(await listFiles(t.dataDir).then((f) => f.filter((p) => p.startsWith('staging')))).toEqual([]);
    });
  }

  it.each([
    ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]],
    // A gzip upload is decompressed; one that holds gzip again is named.
    ['a gzip-compressed file (unpack it first: gunzip log.csv.gz)', [...gzipSync(gzipSync('x'))]],
    ['a ZIP archive (an .xlsx or .zip file)', [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0]],
  ])('says what a binary file is: %s', async (kind, bytes) => {
    const res = await upload(Buffer.from(bytes), 'x.csv');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(`line 1: not a dstat CSV but a binary file: ${kind}`);
  });

  it('points at the line of the first invalid UTF-8 byte', async () => {
    const res = await upload(Buffer.concat([Buffer.from('"Dstat 0.7.2 CSV output"\nok\n'), Buffer.from([0xff, 0x41])]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BINARY_FILE', line: 3 });
  });

  it('leaves no file of a failed upload anywhere in DATA_DIR', async () => {
    const fresh = await makeApp();
    try {
      for (const content of ['a,b,c\n1,2,3\n', '', Buffer.from([0x89, 0x50, 0x4e, 0x47])]) {
        expect((await upload(content, 'x.csv', fresh.app)).statusCode).toBe(422);
      }
      expect(await listFiles(fresh.dataDir)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });
});

describe('POST /api/reports with a malformed request', () => {
  afterEach(() => undefined);

  it('answers 415 to a JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', payload: { file: 'a,b\n' } });
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(res.json().message).toContain('application/json');
  });

  it('answers 415 to a raw CSV body and to a request without Content-Type', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': 'text/csv' },
      payload: fixture,
    });
    expect(csv.statusCode).toBe(415);
    const none = await t.app.inject({ method: 'POST', url: '/api/reports' });
    expect(none.statusCode).toBe(415);
    errorBodies.push(csv.body, none.body);
  });

  it('answers 400 when the form has no file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([{ name: 'comment', value: 'hello' }]),
    });
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MISSING_FILE' });
  });

  it('answers 400 when the file is in another field, and says which', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([{ name: 'upload', filename: 'd.csv', content: fixture }]),
    });
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MISSING_FILE');
    expect(res.json().message).toContain('"upload"');
  });

  it('answers 400 when "file" is sent as a text field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([{ name: 'file', value: 'a,b,c' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('-F file=@');
  });

  it('answers 400 to an empty multipart body and to a body cut short', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const whole = fileUpload(fixture);
    const cut = whole.payload.subarray(0, 2000);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': whole.headers['content-type'] },
      payload: cut,
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe('MALFORMED_MULTIPART');
    errorBodies.push(empty.body, truncated.body);
  });

  it('answers 400 to multipart without a boundary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(400);
  });

  it('answers 413 to more files than MAX_UPLOAD_FILES', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody(
        Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => ({ name: 'file', filename: `${i}.csv`, content: fixture })),
      ),
    });
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_MANY_PARTS');
    expect(res.json().message).toContain(`more than ${MAX_UPLOAD_FILES} files`);
  });

  it('leaves no staging file behind after any of these', async () => {
    expect((await listFiles(t.dataDir)).filter((p) => p.startsWith('staging'))).toEqual([]);
  });
});

describe('GET /api/reports/:id for what is not a report', () => {
  const malformed = [
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    'AAAAAAAAAAAAAAAAAAAAA%00',
    'A'.repeat(200),
    'A'.repeat(21),
    'A'.repeat(23),
    '%C3%A9'.repeat(11),
    'AAAAAAAAAAAAAAAAAAAA..',
    'AAAAAAAAAAAAAAAAAAAAA%',
  ];

  for (const id of malformed) {
    it(`answers 404 REPORT_NOT_FOUND for ${id.slice(0, 40)}`, async () => {
      for (const url of [`/api/reports/${id}`, `/api/reports/${id}/csv`]) {
        const res = await t.app.inject(url);
        errorBodies.push(res.body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'REPORT_NOT_FOUND' });
      }
    });
  }

  it('answers 404 for ../../etc/passwd written out, never the file', async () => {
    const res = await t.app.inject('/api/reports/../../etc/passwd');
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it('answers 404 REPORT_NOT_FOUND for a valid-looking id that does not exist', async () => {
    for (const url of ['/api/reports/AAAAAAAAAAAAAAAAAAAAAA', '/api/reports/AAAAAAAAAAAAAAAAAAAAAA/csv']) {
      const res = await t.app.inject(url);
      errorBodies.push(res.body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'REPORT_NOT_FOUND', message: expect.any(String) });
    }
  });

  it('answers JSON 404 for an unknown API route', async () => {
    const res = await t.app.inject('/api/nothing-here');
    errorBodies.push(res.body);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('reports survive a restart', () => {
  it('serves a report uploaded by app A from app B on the same DATA_DIR', async () => {
    const a = await makeApp();
    const { id } = (await upload(fixture, 'restart.csv', a.app)).json<{ id: string }>();
    const before = await a.app.inject(`/api/reports/${id}`);
    await a.cleanup();

    const b = await makeApp({ dataDir: a.dataDir });
    try {
      const after = await b.app.inject(`/api/reports/${id}`);
      expect(after.statusCode).toBe(200);
      expect(after.body).toBe(before.body);
      const csv = await b.app.inject(`/api/reports/${id}/csv`);
      expect(Buffer.compare(csv.rawPayload, fixture)).toBe(0);
    } finally {
      await b.cleanup();
    }
  });
});

describe('reports derived by an older parser', () => {
  /** Make a stored report look as if an older parser had derived it: other values, an older version. */
  async function ageReport(dataDir: string, id: string): Promise<void> {
    const dir = join(dataDir, 'reports', id);
    const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8'));
    await writeFile(join(dir, 'summary.json'), JSON.stringify({ ...summary, parserVersion: PARSER_VERSION - 1 }));
    await writeFile(join(dir, 'report.json.gz'), gzipSync(JSON.stringify({ ...summary, runs: [] })));
  }

  it('are derived again from their CSV on first read, and stored so', async () => {
    const { id } = (await upload(fixture, 'old.csv')).json<{ id: string }>();
    const current = await t.app.inject(`/api/reports/${id}`);
    await ageReport(t.dataDir, id);

    const res = await t.app.inject(`/api/reports/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportJson>().runs).toHaveLength(1);
    expect(res.body).toBe(current.body);
    const summary = JSON.parse(await readFile(join(t.dataDir, 'reports', id, 'summary.json'), 'utf8'));
    expect(summary.parserVersion).toBe(PARSER_VERSION);
    expect((await listFiles(t.dataDir)).filter((p) => p.includes(id) || p.startsWith('staging/rederive'))).toEqual(
      [`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`].sort(),
    );
  });

  it('keep their stored derivation when the current parser refuses their CSV', async () => {
    const { id } = (await upload(fixture, 'old.csv')).json<{ id: string }>();
    await ageReport(t.dataDir, id);
    await writeFile(join(t.dataDir, 'reports', id, 'source.csv'), 'not a dstat file any more');
    const res = await t.app.inject(`/api/reports/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportJson>().runs).toEqual([]);
  });
});

describe('error bodies', () => {
  it('never carry a stack trace or a server path', () => {
    expect(errorBodies.length).toBeGreaterThan(20);
    for (const body of errorBodies) {
      expect(body).not.toMatch(/\n\s+at /);
      expect(body).not.toMatch(/\/work\/|\/tmp\/|node_modules|file:\/\//);
      expect(body).not.toMatch(/"stack"/);
      expect(Object.keys(JSON.parse(body)).sort()).toSatisfy((keys: string[]) =>
        keys.every((k) => ['code', 'message', 'line', 'column'].includes(k)),
      );
    }
  });
});
