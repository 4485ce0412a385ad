/**
 * The server's periodic work and what it says of it (staging-sweep.ts, retention.ts, storage-usage.ts), on
 * real apps and DATA_DIRs with their log captured: the sweeps at start and every SWEEP_INTERVAL_MS (timers
 * advanced by the test), their exact boundaries, and the storage limit's arithmetic.
 */
import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOlderThan } from '../../../server/plugins/retention.js';
import { sweepStaging } from '../../../server/plugins/staging-sweep.js';
import type { ReportStore, StoredReportInfo } from '../../../server/store/report-store.js';
import { SWEEP_INTERVAL_MS } from '../../../shared/limits.js';
import { listFiles, makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';

const fixture = await readFile(new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url), 'utf8');
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.cleanup()));
  await removeTempDirs();
});
afterEach(() => {
  vi.useRealTimers();
});

interface LogLine {
  level: number;
  msg: string;
  [k: string]: unknown;
}

/** An app whose log lines are kept, parsed. */
async function loggedApp(overrides: Parameters<typeof makeApp>[0] = {}) {
  const lines: LogLine[] = [];
  const t = await makeApp({ ...overrides, logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l) as LogLine) } } });
  apps.push(t);
  return { ...t, lines, said: (msg: string) => lines.filter((l) => l.msg === msg) };
}
const upload = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(fixture) });
/** Wait (real time) until `ok()` or fail after `ms`. */
async function until(ok: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the staging sweep', () => {
  it('removes entries modified before the time given, not at it, directories with what is in them', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'upload-a'), 'x');
    await mkdir(join(dir, 'report-b', 'deeper'), { recursive: true });
    await writeFile(join(dir, 'report-b', 'deeper', 'source.csv'), 'x');
    const at = (await stat(join(dir, 'upload-a'))).mtimeMs;
    const dirAt = (await stat(join(dir, 'report-b'))).mtimeMs;
    expect(await sweepStaging(dir, Math.min(at, dirAt))).toBe(0);
    expect(await sweepStaging(dir, Math.max(at, dirAt) + 1)).toBe(2);
    expect(await listFiles(dir)).toEqual([]);
    expect(await sweepStaging(join(dir, 'not-there'), Infinity)).toBe(0);
  });

  it('says how many leftovers it removed at start, and nothing when there were none', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'staging'), { recursive: true });
    await writeFile(join(dataDir, 'staging', 'upload-1'), 'x');
    await writeFile(join(dataDir, 'staging', 'upload-2'), 'x');
    const t = await loggedApp({ dataDir });
    expect(t.said('removed staging leftovers of an earlier run')).toEqual([expect.objectContaining({ level: 30, removed: 2 })]);
    const clean = await loggedApp({ dataDir });
    expect(clean.said('removed staging leftovers of an earlier run')).toEqual([]);
  });

  it('sweeps entries older than STAGING_MAX_AGE_MS every SWEEP_INTERVAL_MS, saying how many', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await loggedApp();
    const staging = join(t.dataDir, 'staging');
    await writeFile(join(staging, 'upload-old'), 'x');
    await writeFile(join(staging, 'upload-live'), 'x');
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(join(staging, 'upload-old'), hourAgo, hourAgo);
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS - 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await listFiles(staging)).toEqual(['upload-live', 'upload-old']);
    vi.advanceTimersByTime(1);
    await until(async () => t.said('removed stale staging entries').length > 0);
    expect(t.said('removed stale staging entries')).toEqual([expect.objectContaining({ level: 30, removed: 1 })]);
    expect(await listFiles(staging)).toEqual(['upload-live']);
    // Nothing to remove: nothing said.
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.said('removed stale staging entries')).toHaveLength(1);
  });
});

/** A store of reports created at the given times (ms), recording what it deletes. */
function storeOf(created: Record<string, number>): ReportStore & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    async *list(): AsyncIterable<StoredReportInfo> {
      for (const [id, createdAtMs] of Object.entries(created)) yield { id, createdAtMs, bytes: id.length * 100 } as StoredReportInfo;
    },
    async delete(id: string) {
      deleted.push(id);
      return id !== 'vanished';
    },
  } as unknown as ReportStore & { deleted: string[] };
}

describe('retention', () => {
  it('deletes reports created before the time given, not at it; counts only those it deleted', async () => {
    const store = storeOf({ a: 999, b: 1000, c: 1001, vanished: 5 });
    expect(await deleteOlderThan(store, 1000)).toEqual(['a']);
    expect(store.deleted).toEqual(['a', 'vanished']);
  });

  it('says how many old reports it deleted, and sweeps again every SWEEP_INTERVAL_MS', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dataDir = await tempDir();
    const first = await loggedApp({ dataDir });
    const ids = [(await upload(first)).json().id as string, (await upload(first)).json().id as string];
    const t = await loggedApp({ dataDir, limits: { retentionDays: 7 } });
    expect(t.said('retention: old reports deleted')).toEqual([]);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    for (const id of ids) for (const name of ['source.csv', 'report.json.gz', 'summary.json']) await utimes(join(dataDir, 'reports', id, name), tenDaysAgo, tenDaysAgo);
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    await until(() => t.said('retention: old reports deleted').length > 0);
    expect(t.said('retention: old reports deleted')).toEqual([expect.objectContaining({ level: 30, deleted: 2, retentionDays: 7 })]);
    expect(t.app.storageUsage.reports).toBe(0);
    expect(t.app.storageUsage.bytes).toBe(0);
  });
});

describe('storage usage', () => {
  it('holds room for uploads: refuses past MAX_STORAGE_BYTES (not at it), counts stored and held together, gives back', async () => {
    const t = await loggedApp({ limits: { maxStorageBytes: 10_000 } });
    const usage = t.app.storageUsage;
    expect({ reports: usage.reports, bytes: usage.bytes, reserved: usage.reserved }).toEqual({ reports: 0, bytes: 0, reserved: 0 });
    expect(() => usage.reserve(10_001)).toThrow(
      'its limit of 9.8 KiB (10000 bytes) for all reports is reached: 0 bytes stored or being stored, this upload needs about 9.8 KiB (10001 bytes) more',
    );
    const a = usage.reserve(6000);
    // Held: a second upload does not fit beside the first, though nothing is stored yet.
    expect(() => usage.reserve(4001)).toThrow();
    const b = usage.reserve(4000);
    expect(usage.reserved).toBe(10_000);
    // b fails: what it held is free again, and release is idempotent.
    b.release();
    b.release();
    expect(usage.reserved).toBe(6000);
    // a grows by its data (refused past the limit, what it held still held), then is stored.
    expect(() => a.grow(4001)).toThrow();
    a.grow(1000);
    a.stored('a', 5000);
    expect({ reports: usage.reports, bytes: usage.bytes, reserved: usage.reserved }).toEqual({ reports: 1, bytes: 5000, reserved: 2000 });
    a.release();
    expect(usage.reserved).toBe(0);
    expect(() => usage.reserve(5001)).toThrow();
    usage.reserve(5000).release();
    // A deleted report gives back what it took, once; an unknown id changes nothing.
    usage.removed('a');
    usage.removed('a');
    usage.removed('never');
    expect({ reports: usage.reports, bytes: usage.bytes }).toEqual({ reports: 0, bytes: 0 });
  });

  it('counts the store again every SWEEP_INTERVAL_MS (another replica may have written)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dataDir = await tempDir();
    const t = await loggedApp({ dataDir });
    const other = await loggedApp({ dataDir });
    expect((await upload(other)).statusCode).toBe(201);
    expect(t.app.storageUsage.reports).toBe(0);
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    await until(() => t.app.storageUsage.reports === 1);
    expect(t.app.storageUsage.bytes).toBe(other.app.storageUsage.bytes);
  });
});
