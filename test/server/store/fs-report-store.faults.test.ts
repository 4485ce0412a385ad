/**
 * FsReportStore when the file system refuses: a full disk, a quota, a read-only mount, no permission, a
 * directory that cannot be fsynced, a staging sweep that got there first. These cannot be produced for real
 * without root and a mount (or a precise interleaving), so node:fs/promises is wrapped and made to fail with
 * the exact error codes the kernel gives, at the step named by `fault`; everything else is real.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportSummary } from '../../../shared/api/schemas.js';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { newReportId } from '../../../server/store/report-id.js';
import {
  ReportIdTakenError,
  StoreFullError,
  StoreInitError,
  StoreUnavailableError,
} from '../../../server/store/report-store.js';
import { listFiles, removeTempDirs, tempDir } from '../../helpers/app.js';

/**
 * Which call fails next, and with which errno code; with `under`, only calls on a path inside that directory
 * (for rename: either path), as when only that directory is a read-only or full mount.
 *   open      an open for writing fails
 *   write     writing one byte or more to a file opened for writing fails (a disk with inodes but no blocks)
 *   fsyncDir  fsync(2) of a directory fails
 *   statfs    statfs says no block is free for unprivileged writers (root still writes into the reserve)
 *   rm        just before rm, the path is removed by someone else (the staging sweep): no error as such
 */
const fault: {
  call: 'open' | 'write' | 'mkdtemp' | 'rename' | 'fsyncDir' | 'statfs' | 'rm' | null;
  code: string;
  under?: string;
} = { call: null, code: '' };

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const injected = () => Object.assign(new Error(`${fault.code}: injected`), { code: fault.code });
  const inside = (...paths: unknown[]) =>
    fault.under === undefined || paths.some((p) => typeof p === 'string' && p.startsWith(`${fault.under}/`));
  const failing = <F extends (...args: never[]) => Promise<unknown>>(name: typeof fault.call, fn: F) =>
    (async (...args: Parameters<F>) => {
      if (fault.call === name && inside(...args)) throw injected();
      return fn(...args);
    }) as unknown as F;
  return {
    ...real,
    // Only opens for writing fail: a full disk still reads.
    open: (async (path: string, flags?: string | number, mode?: number) => {
      if (fault.call === 'open' && flags === 'wx' && inside(path)) throw injected();
      const fh = await real.open(path, flags, mode);
      if (fault.call === 'write' && flags === 'wx' && inside(path)) {
        const writeFile = fh.writeFile.bind(fh);
        fh.writeFile = (async (data: string | Uint8Array) => {
          if ((typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength) > 0) throw injected();
          return writeFile(data);
        }) as typeof fh.writeFile;
      }
      if (fault.call === 'fsyncDir' && inside(path) && (await fh.stat()).isDirectory()) {
        fh.sync = async () => {
          throw injected();
        };
      }
      return fh;
    }) as typeof real.open,
    mkdtemp: failing('mkdtemp', real.mkdtemp),
    rename: failing('rename', real.rename),
    statfs: (async (path: string) => {
      const fs = await real.statfs(path);
      return fault.call === 'statfs' ? { ...fs, bavail: 0 } : fs;
    }) as typeof real.statfs,
    rm: (async (path: string, options?: Parameters<typeof real.rm>[1]) => {
      if (fault.call === 'rm' && inside(path)) await real.rm(path, { recursive: true, force: true });
      return real.rm(path, options);
    }) as typeof real.rm,
  };
});

afterEach(() => {
  fault.call = null;
  fault.under = undefined;
});
afterAll(removeTempDirs);

function summary(id: string): ReportSummary {
  return { id, fileName: 'x.csv', createdAt: new Date(0).toISOString(), bytes: 3 } as ReportSummary;
}

async function newStore() {
  const dataDir = await tempDir();
  const store = new FsReportStore(dataDir);
  await store.init();
  return { dataDir, store };
}

async function upload(store: FsReportStore, content = 'a,b'): Promise<string> {
  const sourcePath = join(store.stagingDir, `upload-${Math.random().toString(36).slice(2)}`);
  await writeFile(sourcePath, content);
  return sourcePath;
}

/** A create with `fault` set (`under`: a function of the store, or undefined: everywhere). */
async function attempt(call: NonNullable<typeof fault.call>, code: string, under?: (store: FsReportStore) => string) {
  const { dataDir, store } = await newStore();
  const id = newReportId();
  const sourcePath = await upload(store);
  fault.call = call;
  fault.code = code;
  fault.under = under?.(store);
  const err = await store
    .create({ id, sourcePath, reportJsonGz: gzipSync('x'), summary: summary(id) })
    .then(() => null, (e: unknown) => e);
  fault.call = null;
  return { err, store, id, dataDir, sourcePath };
}

/** Nothing half-written: no report, no staging directory; at most the caller's upload file remains. */
async function expectNothingStored(store: FsReportStore, id: string, dataDir: string, sourcePath: string) {
  expect(await store.has(id)).toBe(false);
  const left = await listFiles(dataDir);
  expect(left.filter((p) => p !== `staging/${sourcePath.split('/').pop()}`)).toEqual([]);
}

describe('FsReportStore on a file system that refuses', () => {
  it.each([
    ['open', 'ENOSPC', StoreFullError],
    ['open', 'EDQUOT', StoreFullError],
    ['mkdtemp', 'ENOSPC', StoreFullError],
    ['rename', 'ENOSPC', StoreFullError],
    ['open', 'EROFS', StoreUnavailableError],
    ['mkdtemp', 'EROFS', StoreUnavailableError],
    ['mkdtemp', 'EACCES', StoreUnavailableError],
    ['rename', 'EACCES', StoreUnavailableError],
    ['open', 'EPERM', StoreUnavailableError],
    ['rename', 'EPERM', StoreUnavailableError],
  ] as const)('turns %s failing with %s into %o, saying so, and stores nothing', async (call, code, kind) => {
    const { err, store, id, dataDir, sourcePath } = await attempt(call, code);
    expect(err).toBeInstanceOf(kind);
    expect((err as Error).message).toBe(
      kind === StoreFullError
        ? `no space left to store the report in DATA_DIR ${dataDir} (${code})`
        : `DATA_DIR ${dataDir} cannot be written (${code})`,
    );
    expect((err as Error).cause).toMatchObject({ code, message: `${code}: injected` });
    await expectNothingStored(store, id, dataDir, sourcePath);
  });

  it('takes EEXIST from the rename that publishes the report for an id taken too (what some systems give for a non-empty target)', async () => {
    const { err, store, id, dataDir, sourcePath } = await attempt('rename', 'EEXIST', (s) => s.reportsDir);
    expect(err).toBeInstanceOf(ReportIdTakenError);
    expect((err as ReportIdTakenError).id).toBe(id);
    // Its staging directory is removed (with the upload it had taken over).
    await expectNothingStored(store, id, dataDir, sourcePath);
    expect(await readdir(store.stagingDir)).toEqual([]);
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
    expect((err as Error).cause).toMatchObject({ code });
    fault.call = null;
    await expect(store.checkWritable()).resolves.toBeUndefined();
  });

  it('refuses to start when staging/ cannot be written though DATA_DIR can (a read-only mount at staging/)', async () => {
    const dataDir = await tempDir();
    const store = new FsReportStore(dataDir);
    fault.call = 'mkdtemp';
    fault.code = 'EROFS';
    fault.under = store.stagingDir;
    const err = await store.init().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreInitError);
    expect((err as Error).message).toBe(`DATA_DIR ${dataDir} is not a writable directory (EROFS)`);
    expect((err as Error).cause).toMatchObject({ code: 'EROFS' });
    fault.call = null;
    await store.init();
    // The probes of both calls are gone.
    expect(await listFiles(dataDir)).toEqual([]);
  });

  it('checkWritable probes where uploads go: staging/ read-only fails it though DATA_DIR is writable', async () => {
    const { dataDir, store } = await newStore();
    fault.call = 'mkdtemp';
    fault.code = 'EROFS';
    fault.under = store.stagingDir;
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toBe(`DATA_DIR ${dataDir} cannot be written (EROFS)`);
  });

  it('checkWritable writes bytes: a disk with inodes left but no blocks fails it', async () => {
    const { dataDir, store } = await newStore();
    fault.call = 'write';
    fault.code = 'ENOSPC';
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toBe(`no space left to store the report in DATA_DIR ${dataDir} (ENOSPC)`);
    expect(await listFiles(dataDir)).toEqual([]);
  });

  it('checkWritable fails when no block is free but to root (the reserve root writes into)', async () => {
    const { dataDir, store } = await newStore();
    fault.call = 'statfs';
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toBe(`no space left to store the report in DATA_DIR ${dataDir} (ENOSPC)`);
    expect((err as Error).cause).toMatchObject({ message: 'no free blocks', code: 'ENOSPC' });
    expect(await listFiles(dataDir)).toEqual([]);
  });

  it.each(['EISDIR', 'EPERM', 'EINVAL'])(
    'stores, re-derives and deletes where directories cannot be fsynced (%s, as on some systems)',
    async (code) => {
      const { dataDir, store } = await newStore();
      fault.call = 'fsyncDir';
      fault.code = code;
      const id = newReportId();
      await store.create({ id, sourcePath: await upload(store), reportJsonGz: gzipSync('x'), summary: summary(id) });
      expect(await store.has(id)).toBe(true);
      expect(await store.replaceDerived(id, gzipSync('y'), summary(id))).toBe(true);
      expect(await store.delete(id)).toBe(true);
      expect(await listFiles(dataDir)).toEqual([]);
    },
  );

  it('fails a create when fsync of a directory fails otherwise (EIO), and stores nothing', async () => {
    const { err, store, id, dataDir, sourcePath } = await attempt('fsyncDir', 'EIO');
    expect(err).not.toBeInstanceOf(StoreFullError);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
    expect(err).toMatchObject({ code: 'EIO', message: 'EIO: injected' });
    await expectNothingStored(store, id, dataDir, sourcePath);
    expect(await readdir(store.stagingDir)).toEqual([]);
  });

  it('deletes a report whose moved-out directory the staging sweep removed first', async () => {
    const { dataDir, store } = await newStore();
    const id = newReportId();
    await store.create({ id, sourcePath: await upload(store), reportJsonGz: gzipSync('x'), summary: summary(id) });
    // A deleted report keeps its directory's age under staging/, so the periodic sweep may take it at once.
    fault.call = 'rm';
    fault.under = store.stagingDir;
    expect(await store.delete(id)).toBe(true);
    expect(await store.has(id)).toBe(false);
    expect(await listFiles(dataDir)).toEqual([]);
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
