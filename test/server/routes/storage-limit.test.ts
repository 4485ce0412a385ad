/**
 * MAX_STORAGE_BYTES is a ceiling on what the reports take on disk, over real HTTP on 127.0.0.1 with a real
 * DATA_DIR: 20 uploads of a 1 MB dstat log at once under a 2 MiB limit store what fits (the disk blocks
 * under reports/ stay within the limit), the others get 507 INSUFFICIENT_STORAGE saying so, nothing is
 * left in staging, and a delete gives back everything its report took.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLog } from '../../../bench/make-log.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { multipartBody } from '../../helpers/multipart.js';

const LIMIT = 2 * 1024 * 1024;
let t: TestApp;
let base: string;
const log = Buffer.from(makeLog(undefined, { bytes: 1_000_000 }));

beforeAll(async () => {
  t = await makeApp({ limits: { maxStorageBytes: LIMIT } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

/** Disk blocks of everything under `dir`, the directory itself included. */
async function diskUse(dir: string): Promise<number> {
  let sum = (await stat(dir)).blocks * 512;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    sum += e.isDirectory() ? await diskUse(p) : (await stat(p)).blocks * 512;
  }
  return sum;
}

async function upload(name: string): Promise<{ status: number; body: { code?: string; message?: string; id?: string; deleteToken?: string } }> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: name, content: log }]);
  const res = await fetch(`${base}/api/reports`, { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
}

describe('MAX_STORAGE_BYTES under concurrent uploads', () => {
  it('20 uploads of 1 MB at once under 2 MiB: the reports take at most the limit on disk, the rest get 507', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(`log-${i}.csv`)));
    const created = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status === 507);
    expect(created.length + refused.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.body.code).toBe('INSUFFICIENT_STORAGE');
      expect(r.body.message).toMatch(/^the server has no room left to store this report \(its limit of 2 MiB for all reports is reached: .+ stored or being stored, this upload needs about .+ more\): ask its operator to free space$/);
    }
    const reportsDir = join(t.dataDir, 'reports');
    const onDisk = (await diskUse(reportsDir)) - (await stat(reportsDir)).blocks * 512;
    console.log(`MAX_STORAGE_BYTES 2 MiB, 20 uploads of ${log.length} B at once: ${created.length} stored (${onDisk} B on disk), ${refused.length} refused 507`);
    expect(onDisk).toBeLessThanOrEqual(LIMIT);
    expect((await readdir(reportsDir)).length).toBe(created.length);
    // Counted as the disk has it, nothing still held, nothing left in staging.
    expect(t.app.storageUsage.bytes).toBe(onDisk);
    expect(t.app.storageUsage.reserved).toBe(0);
    expect(await readdir(join(t.dataDir, 'staging'))).toEqual([]);

    // A delete gives back what its report took on disk: room for the next upload at once.
    const first = created[0]!.body as { id: string; deleteToken: string };
    const del = await fetch(`${base}/api/reports/${first.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${first.deleteToken}` } });
    expect(del.status).toBe(204);
    expect(t.app.storageUsage.bytes).toBe((await diskUse(reportsDir)) - (await stat(reportsDir)).blocks * 512);
    expect((await upload('again.csv')).status).toBe(201);
  });
});
