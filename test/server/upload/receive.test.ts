/**
 * Receiving uploads (receiveUploads): the file parts of a multipart body streamed to the staging directory,
 * dstat2graphs' field name and option fields, the size limit enforced while streaming, and nothing left on
 * disk when anything goes wrong. A bare Fastify app with the project's multipart plugin, over app.inject.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import multipart from '../../../server/plugins/multipart.js';
import { cleanFileName, receiveUploads } from '../../../server/upload/receive.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';
import { fileUpload, multipartBody, type Part } from '../../helpers/multipart.js';
import { openUnder } from '../../helpers/open-files.js';

const LIMIT = 1000;

let app: FastifyInstance;
let staging: string;

beforeEach(async () => {
  staging = await tempDir();
  app = Fastify();
  await app.register(multipart, { maxUploadBytes: LIMIT });
  app.post('/upload', async (request) => {
    const uploads = await receiveUploads(request, staging, LIMIT);
    return Promise.all(
      uploads.map(async (u) => ({
        ...u,
        content: await readFile(u.path, 'latin1'),
        mode: (await stat(u.path)).mode & 0o777,
      })),
    );
  });
  app.setErrorHandler((err: FastifyError, _request, reply) =>
    reply.status(err.statusCode ?? 500).send({ code: err.code, message: err.message }),
  );
});
afterEach(() => app.close());
afterAll(removeTempDirs);

async function post(body: { payload: Buffer; headers: Record<string, string> }) {
  const res = await app.inject({ method: 'POST', url: '/upload', payload: body.payload, headers: body.headers });
  return { status: res.statusCode, json: res.json() };
}

const upload = (parts: Part[]) => post(multipartBody(parts));

describe('receiveUploads', () => {
  it('stages the file of the field "file" under the staging directory, readable by the owner only', async () => {
    const { status, json } = await post(fileUpload('a,b\n1,2\n', 'log.csv'));
    expect(status).toBe(200);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ fileName: 'log.csv', bytes: 8, content: 'a,b\n1,2\n', fields: {}, mode: 0o600 });
    expect(json[0].path).toMatch(new RegExp(`^${staging}/upload-[0-9a-f-]{36}$`));
  });

  it('takes the file in dstat2graphs\' field "csv_file" too, and its option fields, first value of each', async () => {
    const { status, json } = await upload([
      { name: 'width', value: '1024' },
      { name: 'csv_file', filename: 'd2g.csv', content: 'x\n' },
      { name: 'height', value: '200' },
      { name: 'width', value: '64' },
    ]);
    expect(status).toBe(200);
    expect(json[0]).toMatchObject({ fileName: 'd2g.csv', content: 'x\n', fields: { width: '1024', height: '200' } });
  });

  it('keeps several files in the order sent, sharing the form fields', async () => {
    const { json } = await upload([
      { name: 'file', filename: 'a.csv', content: 'A' },
      { name: 'label', value: 'runs' },
      { name: 'file', filename: 'b.csv', content: 'BB' },
    ]);
    expect(json.map((u: { fileName: string; bytes: number }) => [u.fileName, u.bytes])).toEqual([
      ['a.csv', 1],
      ['b.csv', 2],
    ]);
    expect(json[0].fields).toEqual({ label: 'runs' });
    expect(json[1].fields).toEqual({ label: 'runs' });
    expect(json[0].path).not.toBe(json[1].path);
  });

  it('stages an empty file as an empty file (the parser says why)', async () => {
    const { status, json } = await post(fileUpload(''));
    expect(status).toBe(200);
    expect(json[0]).toMatchObject({ bytes: 0, content: '' });
  });

  it('takes a file of exactly the limit', async () => {
    const { status, json } = await post(fileUpload('x'.repeat(LIMIT)));
    expect(status).toBe(200);
    expect(json[0].bytes).toBe(LIMIT);
  });

  it('refuses one byte more with 413, leaving nothing staged', async () => {
    const { status, json } = await post(fileUpload('x'.repeat(LIMIT + 1)));
    expect(status).toBe(413);
    expect(json.code).toBe('FILE_TOO_LARGE');
    expect(json.message).toContain('1000 bytes');
    expect(await readdir(staging)).toEqual([]);
  });

  it('removes the files already staged when a later one is too large', async () => {
    const { status } = await upload([
      { name: 'file', filename: 'a.csv', content: 'small' },
      { name: 'file', filename: 'b.csv', content: 'x'.repeat(LIMIT * 3) },
    ]);
    expect(status).toBe(413);
    expect(await readdir(staging)).toEqual([]);
  });

  it('says when the file came as a text field, with the curl form that sends it as a file', async () => {
    for (const name of ['file', 'csv_file']) {
      const { status, json } = await upload([{ name, value: 'log.csv' }]);
      expect(status).toBe(400);
      expect(json.code).toBe('MISSING_FILE');
      expect(json.message).toContain(`(the field "${name}" came as text, not as a file: with curl, use -F ${name}=@log.csv)`);
    }
  });

  it('names the field a file came in when it is not one it takes, and skips that part', async () => {
    const { status, json } = await upload([{ name: 'data', filename: 'log.csv', content: 'x'.repeat(500) }]);
    expect(status).toBe(400);
    expect(json.message).toContain('(got a file in the field "data")');
    expect(await readdir(staging)).toEqual([]);

    const ok = await upload([
      { name: 'data', filename: 'other.csv', content: 'skip' },
      { name: 'file', filename: 'log.csv', content: 'keep' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.json.map((u: { content: string }) => u.content)).toEqual(['keep']);
  });

  it('says so for a file part without a field name', async () => {
    const boundary = 'b0undary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; filename="log.csv"\r\nContent-Type: text/csv\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    const { status, json } = await post({ payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(status).toBe(400);
    expect(json.code).toBe('MISSING_FILE');
    expect(json.message).toContain('(got a file part without a field name in its Content-Disposition)');
  });

  it('refuses a body that is not multipart with 415, naming its type', async () => {
    // The app takes no other body; a parser for this one lets the request reach the route.
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const res = await app.inject({ method: 'POST', url: '/upload', payload: 'a,b', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.json().message).toContain('Content-Type "text/csv"');
  });

  it('answers a body cut off inside a file with 400 MALFORMED_MULTIPART, leaving nothing staged', async () => {
    const whole = fileUpload('y'.repeat(400));
    const payload = whole.payload.subarray(0, whole.payload.length - 250);
    const { status, json } = await post({ payload, headers: { 'content-type': whole.headers['content-type'] } });
    expect(status).toBe(400);
    expect(json.code).toBe('MALFORMED_MULTIPART');
    expect(json.message.length).toBeGreaterThan(0);
    expect(await readdir(staging)).toEqual([]);
  });
});

describe('what receiving leaves behind', () => {
  it('says only what is missing when the form has no file and no hint to give', async () => {
    const { status, json } = await upload([{ name: 'width', value: '512' }]);
    expect(status).toBe(400);
    expect(json.message).toBe('no file in the form: send the CSV as the multipart/form-data field "file"');
  });

  it('holds no staged file open once it is received, or once it was refused', async () => {
    expect((await post(fileUpload('a,b\n1,2\n'))).status).toBe(200);
    expect((await post(fileUpload('z'.repeat(LIMIT + 1)))).status).toBe(413);
    expect(await openUnder(staging)).toEqual([]);
  });

  it("passes on a system error (no staging directory) as the server's fault, not the client's", async () => {
    staging = `${staging}/gone`;
    const { status, json } = await post(fileUpload('a,b\n1,2\n'));
    expect(status).toBe(500);
    expect(json.code).toBe('ENOENT');
  });
});

describe('cleanFileName: the name as shown to other people', () => {
  it.each([
    ['log.csv', 'log.csv'],
    ['/var/tmp/run 1/log.csv', 'log.csv'],
    ['C:\\Users\\me\\log.csv', 'log.csv'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced.csv  ', 'spaced.csv'],
    ['bell\u0007\u0000.csv', 'bell.csv'],
    ['evil\u202egpj.csv', 'evilgpj.csv'],
    ['\u2066iso\u2069\u200e\u200f.csv', 'iso.csv'],
    ['dir/', 'dstat.csv'],
    ['', 'dstat.csv'],
    [undefined, 'dstat.csv'],
  ])('%j → %j', (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  it('keeps at most 200 characters, counting a character outside the BMP as one', () => {
    expect(cleanFileName('a'.repeat(250))).toBe('a'.repeat(200));
    const emoji = '📈'.repeat(201);
    expect(Array.from(cleanFileName(emoji))).toHaveLength(200);
    expect(cleanFileName(emoji)).toBe('📈'.repeat(200));
  });
});
