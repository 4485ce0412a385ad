import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { StoreFullError, StoreUnavailableError, type ReportStore } from '../../../server/store/report-store.js';
import { makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';

const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url));
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.cleanup()));
  await removeTempDirs();
});

/** A real FsReportStore with some of its methods failing as a full or read-only disk makes them fail. */
async function failingStore(overrides: Partial<ReportStore>): Promise<ReportStore> {
  const store = new FsReportStore(await tempDir());
  return Object.assign(store, overrides);
}

async function app(store?: ReportStore) {
  const t = await makeApp(store ? { store } : {});
  apps.push(t);
  return t.app;
}

const upload = (t: TestApp['app']) => t.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });

describe('GET /readyz', () => {
  it('is ok when the store takes a write and a parser thread answers', async () => {
    const t = await app();
    const res = await t.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 STORAGE_UNAVAILABLE when nothing could be stored, while /healthz stays ok', async () => {
    const t = await app(
      await failingStore({
        checkWritable: async () => {
          throw new StoreUnavailableError('DATA_DIR /data is read-only (EROFS)', { cause: Object.assign(new Error('x'), { code: 'EROFS' }) });
        },
      }),
    );
    const res = await t.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('STORAGE_UNAVAILABLE');
    expect(res.json().message).toBe('the server cannot store reports right now (its storage is read-only (EROFS)): try again later');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await t.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('GET /readyz on a real DATA_DIR that broke', () => {
  it('says what failed without DATA_DIR\'s path (the log has it)', async () => {
    const dataDir = await tempDir();
    const t = await makeApp({ dataDir });
    try {
      // The staging directory gone under the running server: its probe write fails with ENOENT and a path.
      await rm(join(dataDir, 'staging'), { recursive: true, force: true });
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: 'the server cannot store reports right now (its storage cannot be written or reached (ENOENT)): try again later',
      });
      expect(res.body).not.toContain(dataDir);
    } finally {
      await t.cleanup();
    }
  });
});

describe('GET /readyz without a parser', () => {
  it('answers 503 PARSER_UNAVAILABLE when no parser thread answers its probe in 5 s, while /healthz stays ok', async () => {
    const t = await app();
    const asked: number[] = [];
    t.parser.probe = async (timeoutMs: number) => {
      asked.push(timeoutMs);
      return false;
    };
    const res = await t.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PARSER_UNAVAILABLE');
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([5000]);
    expect((await t.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('a store that cannot take the report', () => {
  it('answers 507 INSUFFICIENT_STORAGE when the disk is full, and keeps nothing', async () => {
    const t = await app(
      await failingStore({
        create: async () => {
          throw new StoreFullError('no space left on the device of DATA_DIR (ENOSPC)');
        },
      }),
    );
    const res = await upload(t);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_STORAGE',
      message: 'the server has no room left to store this report (its disk is full): ask its operator to free space',
    });
  });

  it('answers 507 when writing the upload itself hits ENOSPC, and 503 STORAGE_UNAVAILABLE for a read-only store', async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    const full = await app(await failingStore({ create: async () => Promise.reject(enospc) }));
    expect((await upload(full)).statusCode).toBe(507);
    const readOnly = await app(
      await failingStore({ create: async () => Promise.reject(new StoreUnavailableError('read-only')) }),
    );
    const res = await upload(readOnly);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('STORAGE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers 507 past MAX_STORAGE_BYTES, counting what is already stored, and evicts nothing', async () => {
    const dataDir = await tempDir();
    const first = await makeApp({ dataDir });
    apps.push(first);
    const stored = await upload(first.app);
    expect(stored.statusCode).toBe(201);
    const t = await makeApp({ dataDir, limits: { maxStorageBytes: fixture.length + 100 } });
    apps.push(t);
    expect(t.app.storageUsage.reports).toBe(1);
    const res = await upload(t.app);
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/limit of .* for all reports is reached/);
    expect((await t.app.inject(stored.json().url.replace('/r/', '/api/reports/'))).statusCode).toBe(200);
  });
});
