import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { defaultParserThreads, parseWorkerLocation, workerHeapMb } from '../../../server/plugins/parser-pool.js';
import { makeApp, removeTempDirs } from '../../helpers/app.js';
import { readFixture } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';

describe('parseWorkerLocation', () => {
  it('runs the .ts worker through tsx from sources', () => {
    const loc = parseWorkerLocation(new URL('../../../server/plugins/parser-pool.ts', import.meta.url).href);
    expect(loc.filename).toMatch(/server\/parse-worker\.ts$/);
    expect(existsSync(loc.filename)).toBe(true);
    expect(loc.execArgv?.[0]).toBe('--import');
    expect(loc.execArgv?.[1]).toMatch(/^file:\/\/.*tsx/);
  });

  it('runs the compiled .js worker as plain JavaScript', () => {
    const loc = parseWorkerLocation('file:///srv/dstatview/dist/server/plugins/parser-pool.js');
    expect(loc).toEqual({ filename: '/srv/dstatview/dist/server/parse-worker.js' });
  });
});

describe('the pool’s size', () => {
  it('has one thread fewer than the cores, at least 1 and at most 4', () => {
    expect([1, 2, 3, 4, 5, 6, 64].map((cores) => defaultParserThreads(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });

  it('gives a worker 16× the largest upload of heap, at least 512 MiB', () => {
    expect(workerHeapMb(4 * 1024 * 1024)).toBe(512);
    expect(workerHeapMb(32 * 1024 * 1024)).toBe(512);
    expect(workerHeapMb(32 * 1024 * 1024 + 1)).toBe(513);
    expect(workerHeapMb(256 * 1024 * 1024)).toBe(4096);
  });
});

describe('the pool on a real app', () => {
  it('answers a probe while idle; says a thread failed (503) when a parse throws, and still parses after', async () => {
    const lines: { msg: string; level: number }[] = [];
    const t = await makeApp({ logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } });
    try {
      expect(await t.app.parser.probe(10_000)).toBe(true);
      const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.csv', createdAt: new Date().toISOString(), bytes: 1 };
      // A file that is not there is the parser's own answer (PARSE_FAILED, its cause for the log only) …
      const gone = await t.app.parser.parse({ path: join(t.dataDir, 'staging', 'gone'), fields });
      expect(gone).toMatchObject({ ok: false, error: { code: 'PARSE_FAILED', internal: { message: expect.stringContaining('ENOENT') } } });
      // … a task the thread cannot even be given (not cloneable) is a failure of the pool: 503, logged.
      const odd = { path: 'x', fields: { ...fields, notData: () => 1 } } as unknown as Parameters<typeof t.app.parser.parse>[0];
      await expect(t.app.parser.parse(odd)).rejects.toMatchObject({ code: 'PARSER_UNAVAILABLE', statusCode: 503 });
      expect(lines.filter((l) => l.msg === 'a parser thread failed on an upload')).toEqual([expect.objectContaining({ level: 50 })]);
      await expect(t.app.parser.columns({ csv: new Uint8Array(0) })).resolves.toMatchObject({ ok: false });
      expect(t.app.parser.depth).toBe(0);
      expect(t.app.parser.running).toBe(0);
      const up = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(readFixture('d072_tfvnrl.csv')) });
      expect(up.statusCode).toBe(201);
    } finally {
      await t.cleanup();
      await removeTempDirs();
    }
  });
});
