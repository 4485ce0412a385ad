/**
 * POST /api/reports with several files in the field `file`: each becomes its own report, the answer lists
 * them with the compare page's URL; one file that is not a dstat log refuses the whole upload (naming it)
 * and stores none of the others.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { multipartBody } from '../../helpers/multipart.js';

let t: TestApp;
let a: Buffer;
let b: Buffer;

beforeAll(async () => {
  t = await makeApp();
  a = await readFile(fixturePath('d072_tfvnrl.csv'));
  b = await readFile(fixturePath('dool134_tfvnrl.csv'));
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

const storedReports = async () => (await listFiles(t.dataDir)).filter((p) => p.startsWith('reports') && p.endsWith('.csv')).length;

describe('POST /api/reports with several files', () => {
  it('makes one report per file and answers the list and the compare URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([
        { name: 'file', filename: 'before.csv', content: a },
        { name: 'file', filename: 'after.csv', content: b },
      ]),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; url: string; reports: { id: string; url: string; fileName: string }[]; compareUrl: string };
    expect(body.reports.map((r) => r.fileName)).toEqual(['before.csv', 'after.csv']);
    expect(body.id).toBe(body.reports[0]!.id);
    expect(body.url).toBe(`/r/${body.id}`);
    expect(body.compareUrl).toBe(`/compare?ids=${body.reports[0]!.id},${body.reports[1]!.id}`);
    expect(res.headers.location).toBe(body.compareUrl);
    for (const r of body.reports) {
      const report = await t.app.inject(`/api/reports/${r.id}`);
      expect(report.json().fileName).toBe(r.fileName);
    }
    const cmp = await t.app.inject(`/api/compare?ids=${body.reports.map((r) => r.id).join(',')}`);
    expect(cmp.json().runs.map((r: { fileName: string }) => r.fileName)).toEqual(['before.csv', 'after.csv']);
  });

  it('keeps the answer to one file exactly {id, url, deleteToken}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...multipartBody([{ name: 'file', filename: 'one.csv', content: a }]) });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['deleteToken', 'id', 'url']);
  });

  it('refuses the whole upload when one file is not a dstat log, naming it, and stores none', async () => {
    const before = await storedReports();
    expect(before).toBe(3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      ...multipartBody([
        { name: 'file', filename: 'good.csv', content: a },
        { name: 'file', filename: 'notes.txt', content: 'hello\nworld\n' },
      ]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^notes\.txt: line 1: /);
    expect(await storedReports()).toBe(before);
    expect((await listFiles(t.dataDir)).filter((p) => p.startsWith('staging'))).toEqual([]);
  });
});
