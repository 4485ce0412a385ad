/**
 * FsReportStore when the file system refuses: a full disk, a quota, a read-only mount, no permission.
 * These cannot be produced for real without root and a mount, so node:fs/promises is wrapped and made to
 * fail with the exact error codes the kernel gives, at the step named by `fault`; everything else is real.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportSummary } from '../../../shared/api/schemas.js';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { newReportId } from '../../../server/store/report-id.js';
import { StoreFullError, StoreUnavailableError } from '../../../server/store/report-store.js';
import { listFiles, removeTempDirs, tempDir } from '../../helpers/app.js';

/** Which call fails next, and with which errno code. */
const fault: { call: 'open' | 'mkdtemp' | 'rename' | null; code: string } = { call: null, code: '' };

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const failing = <F extends (...args: never[]) => Promise<unknown>>(name: typeof fault.call, fn: F) =>
    (async (...args: Parameters<F>) => {
      if (fault.call === name) {
        throw Object.assign(new Error(`${fault.code}: injected`), { code: fault.code });
      }
      return fn(...args);
    }) as unknown as F;
  return {
    ...real,
    // Only opens for writing fail: a full disk still reads.
    open: (async (path: string, flags?: string | number, mode?: number) => {
      if (fault.call === 'open' && flags === 'wx') {
        throw Object.assign(new Error(`${fault.code}: injected`), { code: fault.code });
      }
      return real.open(path, flags, mode);
    }) as typeof real.open,
    mkdtemp: failing('mkdtemp', real.mkdtemp),
    rename: failing('rename', real.rename),
  };
});

afterEach(() => {
  fault.call = null;
});
afterAll(removeTempDirs);

function summary(id: string): ReportSummary {
  return { id, fileName: 'x.csv', createdAt: new Date(0).toISOString(), bytes: 3 } as ReportSummary;
}

async function attempt(call: NonNullable<typeof fault.call>, code: string) {
  const dataDir = await tempDir();
  const store = new FsReportStore(dataDir);
  await store.init();
  const id = newReportId();
  const sourcePath = join(store.stagingDir, 'upload-1');
  await writeFile(sourcePath, 'a,b');
  fault.call = call;
  fault.code = code;
  const err = await store
    .create({ id, sourcePath, reportJsonGz: gzipSync('x'), summary: summary(id) })
    .then(() => null, (e: unknown) => e);
  fault.call = null;
  return { err, store, id, dataDir, sourcePath };
}

describe('FsReportStore on a file system that refuses', () => {
  it.each([
    ['open', 'ENOSPC'],
    ['open', 'EDQUOT'],
    ['mkdtemp', 'ENOSPC'],
    ['rename', 'ENOSPC'],
  ] as const)('turns %s failing with %s into StoreFullError and stores nothing', async (call, code) => {
    const { err, store, id, dataDir, sourcePath } = await attempt(call, code);
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toMatch(/no space left/);
    expect((err as Error).message).toContain(code);
    expect(await store.has(id)).toBe(false);
    // Nothing half-written: no report, no staging directory; at most the caller's upload file remains.
    const left = await listFiles(dataDir);
    expect(left.filter((p) => p !== `staging/${sourcePath.split('/').pop()}`)).toEqual([]);
  });

  it.each([
    ['open', 'EROFS'],
    ['mkdtemp', 'EROFS'],
    ['mkdtemp', 'EACCES'],
    ['rename', 'EACCES'],
  ] as const)('turns %s failing with %s into StoreUnavailableError and stores nothing', async (call, code) => {
    const { err, store, id, dataDir, sourcePath } = await attempt(call, code);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toContain('cannot be written');
    expect(await store.has(id)).toBe(false);
    const left = await listFiles(dataDir);
    expect(left.filter((p) => p !== `staging/${sourcePath.split('/').pop()}`)).toEqual([]);
  });

  it('keeps other errors as they are', async () => {
    const { err } = await attempt('open', 'EIO');
    expect(err).not.toBeInstanceOf(StoreFullError);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
    expect((err as NodeJS.ErrnoException).code).toBe('EIO');
  });

  it.each([
    ['ENOSPC', /no space left/],
    ['EROFS', /cannot be written/],
  ] as const)('checkWritable reports %s as StoreUnavailableError', async (code, message) => {
    const dataDir = await tempDir();
    const store = new FsReportStore(dataDir);
    await store.init();
    fault.call = 'open';
    fault.code = code;
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toMatch(message);
    fault.call = null;
    await expect(store.checkWritable()).resolves.toBeUndefined();
  });

  it('replaceDerived on a full disk keeps the old derivation whole', async () => {
    const dataDir = await tempDir();
    const store = new FsReportStore(dataDir);
    await store.init();
    const id = newReportId();
    const sourcePath = join(store.stagingDir, 'upload-1');
    await writeFile(sourcePath, 'a,b');
    await store.create({ id, sourcePath, reportJsonGz: gzipSync('old'), summary: summary(id) });
    fault.call = 'open';
    fault.code = 'ENOSPC';
    await expect(store.replaceDerived(id, gzipSync('new'), summary(id))).rejects.toBeInstanceOf(StoreFullError);
    fault.call = null;
    expect(await listFiles(dataDir)).toEqual(
      [`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`].sort(),
    );
  });
});
