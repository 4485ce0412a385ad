import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../../shared/api/schemas.js';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { newReportId, isReportId } from '../../../server/store/report-id.js';
import { ReportIdTakenError, StoreInitError, StoreUnavailableError, type ReportStore } from '../../../server/store/report-store.js';
import { listFiles, removeTempDirs, tempDir } from '../../helpers/app.js';
import { openUnder } from '../../helpers/open-files.js';
import { summaryFor } from './contract.js';

afterAll(removeTempDirs);

function summary(id: string, fileName = 'x.csv'): ReportSummary {
  return summaryFor(id, 1, fileName);
}

async function newStore() {
  const dataDir = await tempDir();
  const store = new FsReportStore(dataDir);
  await store.init();
  return { store, dataDir };
}

async function stagedFile(store: FsReportStore, content: string): Promise<string> {
  const path = join(store.stagingDir, `upload-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, content);
  return path;
}

async function create(store: FsReportStore, id: string, csv = 'a,b'): Promise<void> {
  await store.create({ id, sourcePath: await stagedFile(store, csv), reportJsonGz: gzipSync('1'), summary: summary(id) });
}

async function listAll(store: ReportStore): Promise<string[]> {
  const ids = [];
  for await (const info of store.list()) ids.push(info.id);
  return ids;
}

/** A directory on another file system than the OS temporary directory (where tempDir() makes DATA_DIR). */
const OTHER_FS = '/dev/shm';

describe('report ids', () => {
  it('are 22 base64url characters, different every time', () => {
    const ids = Array.from({ length: 1000 }, newReportId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are told apart from anything else', () => {
    expect(isReportId(newReportId())).toBe(true);
    for (const bad of ['', '../../etc/passwd', 'A'.repeat(21), 'A'.repeat(23), 'A'.repeat(21) + '/', 'é'.repeat(22), 'A'.repeat(21) + '\n', 42, null]) {
      expect(isReportId(bad)).toBe(false);
    }
  });
});

describe('FsReportStore', () => {
  it('counts a report by the disk blocks it takes (its directory and files, stat blocks × 512), not its bytes', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    const taken = await store.create({ id, sourcePath: await stagedFile(store, 'a,b'), reportJsonGz: gzipSync('1'), summary: summary(id) });
    const dir = join(dataDir, 'reports', id);
    const paths = [dir, ...['source.csv', 'report.json.gz', 'summary.json'].map((n) => join(dir, n))];
    const blocks = (await Promise.all(paths.map((p) => stat(p)))).reduce((sum, st) => sum + st.blocks * 512, 0);
    const lengths = (await Promise.all(paths.slice(1).map((p) => stat(p)))).reduce((sum, st) => sum + st.size, 0);
    expect(taken).toBe(blocks);
    // A few hundred bytes of files take whole blocks (16 KiB on ext4: a directory and three files).
    expect(lengths).toBeLessThan(1000);
    expect(taken).toBeGreaterThanOrEqual(3 * 4096);
    const listed = [];
    for await (const info of store.list()) listed.push(info);
    expect(listed).toEqual([expect.objectContaining({ id, bytes: blocks })]);
  });

  it('stores a report and gives every part back', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    const json = gzipSync('{"hello":"world"}');
    await store.create({ id, sourcePath: await stagedFile(store, 'a,b'), reportJsonGz: json, summary: summary(id) });

    expect(await store.has(id)).toBe(true);
    expect(await store.getSummary(id)).toEqual(summary(id));
    const csv = await store.openCsv(id);
    expect(csv!.size).toBe(3);
    expect(await text(csv!.stream)).toBe('a,b');
    const gz = await store.openReportJsonGz(id);
    const chunks: Buffer[] = [];
    for await (const c of gz!.stream) chunks.push(c as Buffer);
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe('{"hello":"world"}');
    expect(await listFiles(dataDir)).toEqual(
      [`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`].sort(),
    );
  });

  it('replaces what was derived from a report, never its CSV, and nothing for an unknown id', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    await store.create({ id, sourcePath: await stagedFile(store, 'a,b'), reportJsonGz: gzipSync('{"v":1}'), summary: summary(id) });
    const newer = { ...summary(id), parserVersion: 2 };
    expect(await store.replaceDerived(id, gzipSync('{"v":2}'), newer)).toBe(true);
    expect(await store.getSummary(id)).toEqual(newer);
    const gz = await store.openReportJsonGz(id);
    const chunks: Buffer[] = [];
    for await (const c of gz!.stream) chunks.push(c as Buffer);
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe('{"v":2}');
    expect(await readFile(join(dataDir, 'reports', id, 'source.csv'), 'utf8')).toBe('a,b');
    expect(await listFiles(dataDir)).toEqual(
      [`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`].sort(),
    );
    expect(await store.replaceDerived(newReportId(), gzipSync('x'), newer)).toBe(false);
  });

  it('never overwrites an existing report', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    await store.create({ id, sourcePath: await stagedFile(store, 'first'), reportJsonGz: gzipSync('1'), summary: summary(id, 'first.csv') });
    const second = await stagedFile(store, 'second');
    await expect(
      store.create({ id, sourcePath: second, reportJsonGz: gzipSync('2'), summary: summary(id, 'second.csv') }),
    ).rejects.toBeInstanceOf(ReportIdTakenError);
    expect(await readFile(join(dataDir, 'reports', id, 'source.csv'), 'utf8')).toBe('first');
    expect((await store.getSummary(id))!.fileName).toBe('first.csv');
    // The failed attempt left nothing in staging.
    expect((await listFiles(dataDir)).filter((p) => p.startsWith('staging'))).toEqual([]);
  });

  it('leaves nothing behind when a create fails halfway', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    const sourcePath = join(store.stagingDir, 'no-such-upload');
    // The rename's own error, as it is: nothing was tried in its place (a copy is only for EXDEV).
    await expect(store.create({ id, sourcePath, reportJsonGz: gzipSync('x'), summary: summary(id) })).rejects.toMatchObject({
      code: 'ENOENT',
      syscall: 'rename',
      path: sourcePath,
    });
    expect(await listFiles(dataDir)).toEqual([]);
    expect(await store.has(id)).toBe(false);
  });

  it('ignores a partial report directory and staging leftovers, as after a crash', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    // A directory under reports/ without its summary (cannot come from create, but reads must not trust it).
    await mkdir(join(dataDir, 'reports', id));
    await writeFile(join(dataDir, 'reports', id, 'source.csv'), 'partial');
    // A report half written into staging when the process died.
    await mkdir(join(store.stagingDir, 'report-crashed'));
    await writeFile(join(store.stagingDir, 'report-crashed', 'source.csv'), 'half');

    expect(await store.has(id)).toBe(false);
    expect(await store.getSummary(id)).toBeNull();
    expect(await store.openCsv(id)).toBeNull();
    expect(await store.openReportJsonGz(id)).toBeNull();
  });

  it('clears staging leftovers older than an hour at start, and keeps recent ones', async () => {
    const { store, dataDir } = await newStore();
    const old = join(store.stagingDir, 'report-old');
    const recent = join(store.stagingDir, 'upload-recent');
    await mkdir(old);
    await writeFile(join(old, 'source.csv'), 'x');
    await writeFile(recent, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    await new FsReportStore(dataDir).init();
    await expect(stat(old)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(recent)).isFile()).toBe(true);
  });

  it('answers "no such report" for strings that are not ids, without touching the file system', async () => {
    const { store, dataDir } = await newStore();
    // A file that a path built from "../x" would reach.
    await writeFile(join(dataDir, 'summary.json'), JSON.stringify(summary('x')));
    for (const bad of ['..', '../..', '.', '', 'A'.repeat(200)]) {
      expect(await store.has(bad)).toBe(false);
      expect(await store.getSummary(bad)).toBeNull();
      expect(await store.openCsv(bad)).toBeNull();
    }
  });

  it('refuses to start on a DATA_DIR that cannot be a directory', async () => {
    const dir = await tempDir();
    const file = join(dir, 'not-a-dir');
    await writeFile(file, '');
    const store = new FsReportStore(file);
    const err = await store.init().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreInitError);
    expect((err as Error).message).toBe(`DATA_DIR ${file} is not a writable directory (ENOTDIR)`);
    expect((err as Error).cause).toMatchObject({ code: 'ENOTDIR', syscall: 'mkdir' });
  });

  it('gives concurrent creates their own reports', async () => {
    const { store } = await newStore();
    const ids = Array.from({ length: 8 }, newReportId);
    await Promise.all(
      ids.map(async (id, i) =>
        store.create({ id, sourcePath: await stagedFile(store, `n${i}`), reportJsonGz: gzipSync(`${i}`), summary: summary(id) }),
      ),
    );
    for (const [i, id] of ids.entries()) expect(await text((await store.openCsv(id))!.stream)).toBe(`n${i}`);
  });

  it('deletes a report by moving it out of reports/ first, and says false for an absent one', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    const other = newReportId();
    for (const i of [id, other]) {
      await store.create({ id: i, sourcePath: await stagedFile(store, 'a,b'), reportJsonGz: gzipSync('1'), summary: summary(i) });
    }
    expect(await store.delete(id)).toBe(true);
    expect(await store.has(id)).toBe(false);
    expect(await store.openCsv(id)).toBeNull();
    // Nothing of it is left anywhere (the trash copy under staging/ is removed too), the other is untouched.
    expect(await listFiles(dataDir)).toEqual(
      [`reports/${other}/report.json.gz`, `reports/${other}/source.csv`, `reports/${other}/summary.json`].sort(),
    );
    expect(await store.delete(id)).toBe(false);
    expect(await store.delete(newReportId())).toBe(false);
    for (const bad of ['..', '.', '', `../reports/${other}`]) expect(await store.delete(bad)).toBe(false);
    expect(await store.has(other)).toBe(true);
  });

  it('lets a reader that opened a file finish it after the report is deleted', async () => {
    const { store } = await newStore();
    const id = newReportId();
    const csv = 'x'.repeat(300_000);
    await store.create({ id, sourcePath: await stagedFile(store, csv), reportJsonGz: gzipSync('1'), summary: summary(id) });
    const open = await store.openCsv(id);
    expect(await store.delete(id)).toBe(true);
    expect(await text(open!.stream)).toBe(csv);
  });

  it('lists every complete report with its size and time, and nothing else', async () => {
    const { store, dataDir } = await newStore();
    const ids = [newReportId(), newReportId()];
    const before = Date.now();
    const taken = new Map<string, number>();
    for (const [i, id] of ids.entries()) {
      taken.set(id, await store.create({ id, sourcePath: await stagedFile(store, 'c'.repeat(10 + i)), reportJsonGz: gzipSync(`${i}`), summary: summary(id) }));
    }
    // Not reports: a directory without its summary, a name that is not an id, staging leftovers.
    const partial = newReportId();
    await mkdir(join(dataDir, 'reports', partial));
    await writeFile(join(dataDir, 'reports', partial, 'source.csv'), 'half');
    // A whole report's files, under a name that is not an id.
    await mkdir(join(dataDir, 'reports', 'not-an-id'));
    for (const name of ['source.csv', 'report.json.gz', 'summary.json']) await writeFile(join(dataDir, 'reports', 'not-an-id', name), '{}');
    await mkdir(join(store.stagingDir, 'report-crashed'));

    const listed = [];
    for await (const info of store.list()) listed.push(info);
    expect(listed.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const info of listed) {
      // The disk blocks it takes (tested above), as create said.
      expect(info.bytes).toBe(taken.get(info.id));
      expect(info.createdAtMs).toBeGreaterThanOrEqual(before - 2000);
      expect(info.createdAtMs).toBeLessThanOrEqual(Date.now() + 2000);
    }
    await store.delete(ids[0]!);
    const after = [];
    for await (const info of store.list()) after.push(info.id);
    expect(after).toEqual([ids[1]]);
  });

  it('is writable on a fresh DATA_DIR and says why not when the directories are gone', async () => {
    const { store, dataDir } = await newStore();
    await expect(store.checkWritable()).resolves.toBeUndefined();
    // The probe leaves nothing behind.
    expect(await listFiles(dataDir)).toEqual([]);
    // DATA_DIR replaced by a file under the running server: nothing can be stored.
    await rm(dataDir, { recursive: true });
    await writeFile(dataDir, '');
    const err = await store.checkWritable().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    await rm(dataDir);
  });

  it('takes a file where a report directory would be for no report (ENOTDIR), and does not take it for an existing id', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    await writeFile(join(dataDir, 'reports', id), 'not a directory');
    expect(await store.has(id)).toBe(false);
    expect(await store.getSummary(id)).toBeNull();
    expect(await store.openCsv(id)).toBeNull();
    expect(await store.openReportJsonGz(id)).toBeNull();
    expect(await store.replaceDerived(id, gzipSync('x'), summary(id))).toBe(false);
    expect(await listAll(store)).toEqual([]);
    // The rename that would publish a report there fails with ENOTDIR: kept as it is, not "id taken".
    const err = await create(store, id).then(() => null, (e: unknown) => e);
    expect(err).not.toBeInstanceOf(ReportIdTakenError);
    expect(err).toMatchObject({ code: 'ENOTDIR', syscall: 'rename', dest: join(dataDir, 'reports', id) });
    // Its staging directory is removed (with the upload it had taken over); the file is untouched.
    expect(await readdir(store.stagingDir)).toEqual([]);
    expect(await readFile(join(dataDir, 'reports', id), 'utf8')).toBe('not a directory');
  });

  it('says why when a report directory cannot be looked up (a symlink loop: ELOOP) rather than "no such report"', async () => {
    const { store, dataDir } = await newStore();
    const [id, other] = [newReportId(), newReportId()];
    await create(store, other);
    await symlink(id, join(dataDir, 'reports', id));
    await expect(store.has(id)).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(store.getSummary(id)).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(store.openCsv(id)).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(listAll(store)).rejects.toMatchObject({ code: 'ELOOP' });
    expect(await store.has(other)).toBe(true);
  });

  it('opens a part only when it is a file of a complete report, and says why when it cannot be opened', async () => {
    const { store, dataDir } = await newStore();
    const id = newReportId();
    const dir = join(dataDir, 'reports', id);
    await mkdir(dir);
    await writeFile(join(dir, 'summary.json'), JSON.stringify(summary(id)));
    // A summary but no CSV, and a directory in the place of the ReportJson: neither part is there.
    await mkdir(join(dir, 'report.json.gz'));
    expect(await store.has(id)).toBe(true);
    expect(await store.openCsv(id)).toBeNull();
    expect(await store.openReportJsonGz(id)).toBeNull();
    // A part that cannot be opened at all is an error, not an absent part.
    await symlink('source.csv', join(dir, 'source.csv'));
    await expect(store.openCsv(id)).rejects.toMatchObject({ code: 'ELOOP', syscall: 'open' });
    expect(await openUnder(dataDir)).toEqual([]);
  });

  it('keeps a report it cannot move out of reports/ and says why (staging/ a symlink loop: ELOOP)', async () => {
    const { store } = await newStore();
    const id = newReportId();
    await create(store, id);
    await rm(store.stagingDir, { recursive: true });
    await symlink('staging', store.stagingDir);
    await expect(store.delete(id)).rejects.toMatchObject({ code: 'ELOOP', syscall: 'rename' });
    expect(await store.has(id)).toBe(true);
  });

  it('moves an upload from another file system by copying it (EXDEV), then removes it there', async () => {
    expect(existsSync(OTHER_FS)).toBe(true);
    const { store, dataDir } = await newStore();
    expect((await stat(OTHER_FS)).dev).not.toBe((await stat(dataDir)).dev);
    const id = newReportId();
    const sourcePath = join(OTHER_FS, `dstatview-upload-${id}`);
    const csv = 'x,y\n' + '1,2\n'.repeat(10_000);
    await writeFile(sourcePath, csv);
    try {
      await store.create({ id, sourcePath, reportJsonGz: gzipSync('1'), summary: summary(id) });
      expect(await text((await store.openCsv(id))!.stream)).toBe(csv);
      expect(existsSync(sourcePath)).toBe(false);
      expect(await listFiles(dataDir)).toEqual(
        [`reports/${id}/report.json.gz`, `reports/${id}/source.csv`, `reports/${id}/summary.json`].sort(),
      );
    } finally {
      await rm(sourcePath, { force: true });
    }
  });

  it('closes every file and directory it opens', async () => {
    const dataDir = await tempDir();
    const store = new FsReportStore(dataDir);
    await store.init();
    expect(await openUnder(dataDir)).toEqual([]);
    const id = newReportId();
    await create(store, id);
    expect(await openUnder(dataDir)).toEqual([]);
    expect(await store.replaceDerived(id, gzipSync('2'), summaryFor(id, 2))).toBe(true);
    expect(await openUnder(dataDir)).toEqual([]);
    await store.checkWritable();
    expect(await openUnder(dataDir)).toEqual([]);
    expect(await store.delete(id)).toBe(true);
    expect(await openUnder(dataDir)).toEqual([]);
  });
});
