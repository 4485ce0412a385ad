/**
 * The parse time limit, /metrics, the staging sweep and retention, on real apps and DATA_DIRs.
 */
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStaging } from '../../../server/plugins/staging-sweep.js';
import { describeShape, fileShape } from '../../../server/upload/describe-slow-file.js';
import { listFiles, makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';

const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url), 'utf8');
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.cleanup()));
  await removeTempDirs();
});
async function app(overrides: Parameters<typeof makeApp>[0]) {
  const t = await makeApp(overrides);
  apps.push(t);
  return t;
}
const upload = (t: TestApp, content: string) => t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(content) });

/** A log of `runs` appended runs: the shape that was slow to parse. */
function manyRuns(runs: number): string {
  const oneRun = fixture.split('\n').slice(0, 9).join('\n') + '\n';
  return oneRun.repeat(runs);
}

describe('the parse time limit', () => {
  it('stops the worker and answers 422 PARSE_TIMEOUT naming the cause; the pool then still parses', async () => {
    // 1 ms: no parse of a 200-run file finishes within it, so the limit is what this test meets.
    const t = await app({ limits: { parseTimeoutSeconds: 0.001 }, parserThreads: 1 });
    const res = await upload(t, manyRuns(200));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PARSE_TIMEOUT');
    expect(res.json().message).toMatch(/^the file took longer than 0\.001 s to read and was given up: it holds 200 runs/);
    // The stopped worker is replaced: a thread answers again.
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await listFiles(t.dataDir)).filter((f) => f.startsWith('reports/'))).toEqual([]);
    // Counted by the admission gate as admitted, then timed out.
    const metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toMatch(/^dstatview_work_total\{class="upload",outcome="admitted"\} 1$/m);
    expect(metrics).toMatch(/^dstatview_work_total\{class="upload",outcome="timed_out"\} 1$/m);
  });

  it('describes a slow file by its runs, or else by its size, lines and widest line', () => {
    expect(describeShape(fileShape(manyRuns(150)))).toMatch(/holds 150 runs/);
    const shape = fileShape('a,b\n' + 'x'.repeat(70) + '\nlast');
    expect(shape).toEqual({ bytes: 79, lines: 3, runs: 0, widestLine: 70 });
    expect(describeShape(shape)).toBe('79 bytes in 3 lines, the widest of 70 characters; upload a shorter part of the log');
  });
});

describe('GET /metrics', () => {
  it('counts uploads by outcome, parse durations, queue depth, reports and bytes stored', async () => {
    const t = await app({});
    expect((await upload(t, fixture)).statusCode).toBe(201);
    expect((await upload(t, 'not a dstat file\n')).statusCode).toBe(422);
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^dstatview_uploads_total\{outcome="CREATED"\} 1$/m);
    expect(text).toMatch(/^dstatview_uploads_total\{outcome="NOT_DSTAT"\} 1$/m);
    expect(text).toMatch(/^dstatview_parse_duration_seconds_count 2$/m);
    expect(text).toMatch(/^dstatview_parse_queue_depth 0$/m);
    expect(text).toMatch(/^dstatview_reports_stored 1$/m);
    const bytes = Number(/^dstatview_stored_bytes (\d+)$/m.exec(text)?.[1]);
    expect(bytes).toBeGreaterThan(fixture.length);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});

describe('staging leftovers and retention', () => {
  it('removes every staging leftover at start, whatever its age, and only old ones in the periodic sweep', async () => {
    const dataDir = await tempDir();
    const staging = join(dataDir, 'staging');
    await mkdir(join(staging, 'report-abc'), { recursive: true });
    await writeFile(join(staging, 'report-abc', 'source.csv'), 'partial');
    await writeFile(join(staging, 'upload-fresh'), 'just written');
    const t = await app({ dataDir });
    expect(await listFiles(staging)).toEqual([]);

    await writeFile(join(staging, 'upload-live'), 'in progress');
    await writeFile(join(staging, 'upload-old'), 'left behind');
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(join(staging, 'upload-old'), hourAgo, hourAgo);
    expect(await sweepStaging(staging, Date.now() - 15 * 60_000)).toBe(1);
    expect(await listFiles(staging)).toEqual(['upload-live']);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('deletes reports older than RETENTION_DAYS at start, and keeps the younger ones', async () => {
    const dataDir = await tempDir();
    const first = await app({ dataDir });
    const old = (await upload(first, fixture)).json().id as string;
    const young = (await upload(first, fixture)).json().id as string;
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    for (const name of ['source.csv', 'report.json.gz', 'summary.json']) {
      await utimes(join(dataDir, 'reports', old, name), tenDaysAgo, tenDaysAgo);
    }
    const t = await app({ dataDir, limits: { retentionDays: 7 } });
    expect((await t.app.inject(`/api/reports/${old}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/reports/${young}`)).statusCode).toBe(200);
    expect(t.app.storageUsage.reports).toBe(1);
  });
});
