/**
 * GET /api/reports/:id/findings through app.inject with the real parser pool and store: the findings the
 * upload's parse stored with each run (equal to the report's own `runs[].findings`), answered without a job
 * in the worker pool and equal to what the pool's task makes of the stored report; `link` evaluating
 * net-near-link on the stored samples, a bad `link` a 400 saying what is wrong, no such report a 404.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findingsTask } from '../../../server/findings/findings-task.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { readFileSync } from 'node:fs';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let id: string;
beforeAll(async () => {
  t = await makeApp();
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(readFileSync(`${FIXTURES_DIR}scenarios/randwrite.csv`, 'utf8'), 'randwrite.csv') });
  expect(res.statusCode, res.body).toBe(201);
  id = res.json().id as string;
});
afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

describe('GET /api/reports/:id/findings', () => {
  it("the runs' stored findings: the report's own", async () => {
    const res = await t.app.inject(`/api/reports/${id}/findings`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { runs: { findings: { rule: string }[]; skipped: { rule: string }[] }[] };
    const report = (await t.app.inject(`/api/reports/${id}`)).json() as ReportJson;
    expect(body.runs).toEqual(report.runs.map((r) => r.findings));
    expect(body.runs[0]!.findings.map((f) => f.rule)).toContain('disk-saturated');
    expect(body.runs[0]!.skipped.map((s) => s.rule)).toContain('net-near-link');
  });

  it('without link: from the stored findings, no job in the worker pool, equal to the pool\'s answer', async () => {
    const job = vi.spyOn(t.app.parser, 'findings');
    const res = await t.app.inject(`/api/reports/${id}/findings`);
    expect(res.statusCode, res.body).toBe(200);
    expect(job).not.toHaveBeenCalled();
    job.mockRestore();
    const stored = await t.app.store.openReportJsonGz(id);
    const pool = findingsTask({ reportJsonGz: new Uint8Array(await buffer(stored!.stream)), links: [] });
    expect(res.json()).toEqual(pool);
    // The same findings as the pool's with a link to an interface the log lacks (only that check differs).
    const linked = (await t.app.inject(`/api/reports/${id}/findings?link=eth9:1G`)).json() as typeof pool;
    expect(linked.runs.map((r) => r.findings)).toEqual(pool.runs.map((r) => r.findings));
  });

  it('?link=: net-near-link evaluated for those speeds (checked, no longer skipped)', async () => {
    const res = await t.app.inject(`/api/reports/${id}/findings?link=eth0:10G,eth1:1G`);
    expect(res.statusCode, res.body).toBe(200);
    const run = (res.json() as { runs: { checked: string[]; skipped: { rule: string }[] }[] }).runs[0]!;
    expect(run.checked).toContain('net-near-link');
    expect(run.skipped.map((s) => s.rule)).not.toContain('net-near-link');
  });

  it('a bad link is a 400 that says what is wrong; no such report is a 404', async () => {
    const bad = await t.app.inject(`/api/reports/${id}/findings?link=eth0:lots`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('"lots" is not a speed') });
    const missing = await t.app.inject('/api/reports/AAAAAAAAAAAAAAAAAAAAAA/findings');
    expect(missing.statusCode).toBe(404);
  });
});
