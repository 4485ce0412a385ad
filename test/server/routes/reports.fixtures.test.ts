/**
 * Every fixture through the whole upload path: never a 5xx, and every stored report matches the ReportJson
 * schema that the web app codes against.
 */
import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportJson } from '../../../shared/api/schemas.js';
import { FIXTURE_NAMES, fixturePath } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

const files = FIXTURE_NAMES;

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

describe('every fixture', () => {
  it('is there', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const file of files) {
    it(`${file}: 201 with a schema-valid report, or 422 with a message`, async () => {
      const csv = readFileSync(fixturePath(file));
      const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(csv, file) });
      expect([201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 422) {
        expect(res.json().message).toMatch(/\S{3}/);
        return;
      }
      const report = (await t.app.inject(`/api/reports/${res.json().id}`)).json();
      const errors = [...Value.Errors(ReportJson, report)].slice(0, 3);
      expect(errors).toEqual([]);
    });
  }
});
