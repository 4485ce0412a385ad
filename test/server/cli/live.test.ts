import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { run } from '../../../server/cli/live.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
import { makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { freePort } from '../../helpers/server.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { multipartBody } from '../../helpers/multipart.js';

const apps: TestApp[] = [];
const savedState = process.env.XDG_STATE_HOME;
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.cleanup()));
  await removeTempDirs();
  if (savedState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = savedState;
});

async function listening(): Promise<{ a: TestApp; base: string }> {
  const a = await makeApp();
  apps.push(a);
  const base = await a.app.listen({ host: '127.0.0.1', port: 0 });
  return { a, base };
}

const withoutIdentity = ({ id: _id, createdAt: _c, fileName: _f, ...rest }: ReportJson) => rest;

describe('dstatview live', () => {
  it('reads standard input to its end: prints the URL first, and the report is the upload of the same bytes', async () => {
    const { a, base } = await listening();
    process.env.XDG_STATE_HOME = await tempDir();
    const log = await readFile(fixturePath('dool134_tfvnrl.csv'));
    const out = await runInProcess(run, ['-', '--server', base], log);
    expect(out.code, out.stderr).toBe(0);
    const url = out.stdout.split('\n')[0]!;
    expect(url).toMatch(new RegExp(`^${base}/r/[\\w-]{22}$`));
    const id = url.slice(url.lastIndexOf('/') + 1);
    const csv = await a.app.inject({ method: 'GET', url: `/api/reports/${id}/csv` });
    expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
    const report = (await a.app.inject({ method: 'GET', url: `/api/reports/${id}` })).json<ReportJson>();
    const up = await a.app.inject({ method: 'POST', url: '/api/reports', ...multipartBody([{ name: 'file', filename: 'x.csv', content: log }]) });
    const uploaded = (await a.app.inject({ method: 'GET', url: `/api/reports/${up.json<{ id: string }>().id}` })).json<ReportJson>();
    expect(withoutIdentity(report)).toEqual(withoutIdentity(uploaded));
    expect(out.stderr).toMatch(/delete token: \S+/);
  });

  it('keeps trying while the server cannot be reached, and loses nothing', async () => {
    process.env.XDG_STATE_HOME = await tempDir();
    const port = await freePort();
    const dataDir = await tempDir();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const cli = runInProcess(run, ['-', '--server', `http://127.0.0.1:${port}`], log);
    await new Promise((r) => setTimeout(r, 1500));
    const app = await buildApp({ dataDir, maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, webDir: null, parserThreads: 1 });
    try {
      await app.listen({ host: '127.0.0.1', port });
      const out = await cli;
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toMatch(/could not open the live report: .*trying again/);
      const id = out.stdout.split('\n')[0]!.split('/').pop()!;
      const csv = await app.inject({ method: 'GET', url: `/api/reports/${id}/csv` });
      expect(Buffer.compare(csv.rawPayload, log)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('stops with the line when new rows do not fit the header (422), and says so', async () => {
    const { base } = await listening();
    const dir = await tempDir();
    process.env.XDG_STATE_HOME = dir;
    const file = join(dir, 'log.csv');
    await writeFile(file, await readFile(fixturePath('deb080_tfvnrl.csv')));
    const cli = runInProcess(run, [file, '--server', base, '--idle', '5']);
    await new Promise((r) => setTimeout(r, 2500));
    await appendFile(file, '1,2\n3,4\n5,6\n7,8\n9,10\n');
    const out = await cli;
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/line 9[0-9]/);
  });

  it('without --server serves the report from a server of its own on 127.0.0.1 until Ctrl-C', async () => {
    process.env.XDG_STATE_HOME = await tempDir();
    const dataDir = await tempDir();
    const log = await readFile(fixturePath('deb080_tfvnrl.csv'));
    const cli = runInProcess(run, ['-', '--data-dir', dataDir, '--idle', '1'], log);
    // Its report is stored under --data-dir (reports/<id>/summary.json); then Ctrl-C ends it.
    const until = Date.now() + 8000;
    let stored = false;
    while (!stored && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      stored = (await readdir(join(dataDir, 'reports'), { recursive: true }).catch(() => [])).some((n) => String(n).endsWith('summary.json'));
    }
    process.emit('SIGINT');
    const out = await cli;
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.split('\n')[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/r\/[\w-]{22}$/);
    expect(stored).toBe(true);
  });
});

