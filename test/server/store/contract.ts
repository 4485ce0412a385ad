/**
 * The ReportStore contract: one suite, run against every implementation (fs-report-store.contract.test.ts,
 * s3-report-store.contract.test.ts). Besides the plain semantics it pins the in-between states that make a
 * store all-or-nothing: the harness calls `check` before and after every step that changes the storage (a
 * file opened for writing, a rename, a PUT, a DELETE …) while the store's operation waits, so every state a
 * concurrent reader could meet is looked at, deterministically. A store that writes a report in place, or
 * publishes it before its parts, fails here.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../../shared/api/schemas.js';
import { newReportId } from '../../../server/store/report-id.js';
import { ReportIdTakenError, type ReportStore, type StoredReportInfo } from '../../../server/store/report-store.js';

export interface ContractHarness {
  /** A fresh, initialised, empty store. */
  newStore(): Promise<ReportStore>;
  /**
   * From now on, run `check` before and after every step that changes the storage; the store's operation
   * waits for it. null: stop. Reads done by `check` itself must not call it again.
   */
  onMutation(check: (() => Promise<void>) | null): void;
  /**
   * Whether anything of the report exists where readers look (FS: reports/<id>). The file store promises
   * that nothing does before the one rename that publishes it. Omitted when the storage has no such place.
   */
  finalPlaceTaken?(store: ReportStore, id: string): Promise<boolean>;
}

/**
 * The usual `onMutation`: `checkpoint()` is what the harness calls around each storage-changing step; it
 * runs the contract's check, never from inside itself (the check's own reads do not count).
 */
export function mutationHook(): Pick<ContractHarness, 'onMutation'> & { checkpoint(): Promise<void> } {
  let check: (() => Promise<void>) | null = null;
  let busy = false;
  return {
    onMutation(next) {
      check = next;
    },
    async checkpoint() {
      if (!check || busy) return;
      busy = true;
      try {
        await check();
      } finally {
        busy = false;
      }
    },
  };
}

/** Strings that are not ids, several of them trying to leave the store's directory or prefix. */
export const NOT_IDS = ['', '.', '..', '../..', '../reports', 'a/../b', '/etc/passwd', '%2e%2e%2f', 'A'.repeat(21) + '/', 'A'.repeat(200)];

export function summaryFor(id: string, parserVersion = 1, fileName = 'x.csv'): ReportSummary {
  return {
    id,
    fileName,
    createdAt: new Date(0).toISOString(),
    bytes: 3,
    parserVersion,
    dialect: {
      producer: 'dstat',
      version: '0.7.2',
      options: [],
      conversions: [],
      timeSource: 'time',
      timeFormat: 'dd-mm HH:MM:SS',
      rows: { read: 1, kept: 1, dropped: 0 },
      runs: 1,
      unknownColumns: [],
      issues: [],
      moreIssues: 0,
      suggestedCommand: '',
    },
  };
}

/** What a reader sees of one report through the store's API, each object read to its end. */
type Seen =
  | { kind: 'absent' }
  | { kind: 'whole'; summary: ReportSummary; csv: string; json: string }
  | { kind: 'mixed'; detail: string };

async function look(store: ReportStore, id: string): Promise<Seen> {
  const has = await store.has(id);
  const summary = await store.getSummary(id);
  const csvObj = await store.openCsv(id);
  const jsonObj = await store.openReportJsonGz(id);
  const csvBytes = csvObj && (await buffer(csvObj.stream));
  const gz = jsonObj && (await buffer(jsonObj.stream));
  if (!has && !summary && !csvObj && !jsonObj) return { kind: 'absent' };
  if (!has || !summary || !csvBytes || !gz) {
    return { kind: 'mixed', detail: `has=${has} summary=${!!summary} csv=${!!csvObj} json=${!!jsonObj}` };
  }
  if (csvBytes.length !== csvObj.size || gz.length !== jsonObj.size) return { kind: 'mixed', detail: 'size differs from bytes' };
  let json: string;
  try {
    json = gunzipSync(gz).toString();
  } catch (err) {
    return { kind: 'mixed', detail: `report.json.gz is not a whole gzip (${(err as Error).message})` };
  }
  return { kind: 'whole', summary, csv: csvBytes.toString(), json };
}

async function stage(store: ReportStore, content: string | Uint8Array): Promise<string> {
  const path = join(store.stagingDir, `upload-${randomBytes(6).toString('hex')}`);
  await writeFile(path, content);
  return path;
}

async function put(store: ReportStore, id: string, csv = 'a,b\n1,2\n', json = '{"v":1}', summary = summaryFor(id)) {
  await store.create({ id, sourcePath: await stage(store, csv), reportJsonGz: gzipSync(json), summary });
}

async function listAll(store: ReportStore): Promise<StoredReportInfo[]> {
  const out: StoredReportInfo[] = [];
  for await (const info of store.list()) out.push(info);
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A multi-MB JSON text that gzip cannot shrink much, so that writing it takes many steps. */
function bigJson(tag: string, bytes = 6 * 1024 * 1024): string {
  return JSON.stringify({ tag, noise: randomBytes(bytes * 0.75).toString('base64') });
}

export function storeContract(name: string, harness: ContractHarness): void {
  describe(`ReportStore contract: ${name}`, () => {
    it('stores a report and gives every part back, byte for byte', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      const csv = 'x,y\n' + 'é,1\n'.repeat(1000);
      await put(store, id, csv, '{"hello":"world"}');
      const seen = await look(store, id);
      expect(seen).toEqual({ kind: 'whole', summary: summaryFor(id), csv, json: '{"hello":"world"}' });
      const obj = await store.openCsv(id);
      expect(obj!.size).toBe(Buffer.byteLength(csv));
      expect(Number.isFinite(obj!.mtimeMs)).toBe(true);
      obj!.stream.destroy();
    });

    it('refuses an id that exists with ReportIdTakenError and keeps the first report', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      await put(store, id, 'first', '1', summaryFor(id, 1, 'first.csv'));
      await expect(put(store, id, 'second', '2', summaryFor(id, 1, 'second.csv'))).rejects.toBeInstanceOf(ReportIdTakenError);
      expect(await look(store, id)).toEqual({ kind: 'whole', summary: summaryFor(id, 1, 'first.csv'), csv: 'first', json: '1' });
    });

    it('answers "no such report" for unknown ids and for strings that are not ids', async () => {
      const store = await harness.newStore();
      const known = newReportId();
      await put(store, known);
      for (const id of [newReportId(), ...NOT_IDS, `../${known}`, `${known}/..`]) {
        expect(await store.has(id)).toBe(false);
        expect(await store.getSummary(id)).toBeNull();
        expect(await store.openCsv(id)).toBeNull();
        expect(await store.openReportJsonGz(id)).toBeNull();
        expect(await store.replaceDerived(id, gzipSync('x'), summaryFor(id))).toBe(false);
        expect(await store.delete(id)).toBe(false);
      }
      expect((await look(store, known)).kind).toBe('whole');
    });

    it('refuses to create a report under a string that is not an id, and stores nothing', async () => {
      const store = await harness.newStore();
      for (const id of NOT_IDS) {
        await expect(put(store, id)).rejects.toThrow(/^create: not a report id$/);
        expect(await store.has(id)).toBe(false);
      }
      expect(await listAll(store)).toEqual([]);
    });

    it('replaces what was derived, never the CSV', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      await put(store, id, 'a,b', '{"v":1}');
      expect(await store.replaceDerived(id, gzipSync('{"v":2}'), summaryFor(id, 2))).toBe(true);
      expect(await look(store, id)).toEqual({ kind: 'whole', summary: summaryFor(id, 2), csv: 'a,b', json: '{"v":2}' });
    });

    it('deletes a report whole, once, and leaves the others', async () => {
      const store = await harness.newStore();
      const [a, b] = [newReportId(), newReportId()];
      await put(store, a);
      await put(store, b, 'other');
      expect(await store.delete(a)).toBe(true);
      expect(await look(store, a)).toEqual({ kind: 'absent' });
      expect(await store.delete(a)).toBe(false);
      expect(await store.replaceDerived(a, gzipSync('x'), summaryFor(a))).toBe(false);
      expect((await look(store, b)).kind).toBe('whole');
      expect((await listAll(store)).map((r) => r.id)).toEqual([b]);
    });

    it('lists every complete report with the bytes it takes (at least its objects\' lengths), as create said', async () => {
      const store = await harness.newStore();
      expect(await listAll(store)).toEqual([]);
      const ids = [newReportId(), newReportId(), newReportId()].sort();
      const before = Date.now();
      const created: number[] = [];
      for (const [i, id] of ids.entries()) {
        created.push(await store.create({ id, sourcePath: await stage(store, 'c'.repeat(100 * (i + 1))), reportJsonGz: gzipSync(`{"i":${i}}`), summary: summaryFor(id) }));
      }
      const listed = await listAll(store);
      expect(listed.map((r) => r.id)).toEqual(ids);
      for (const [i, info] of listed.entries()) {
        const lengths = 100 * (i + 1) + gzipSync(`{"i":${i}}`).length + Buffer.byteLength(JSON.stringify(summaryFor(ids[i]!)));
        expect(info.bytes).toBeGreaterThanOrEqual(lengths);
        expect(info.bytes).toBe(created[i]);
        // Stores keep times to the second at worst.
        expect(info.createdAtMs).toBeGreaterThanOrEqual(before - 2000);
        expect(info.createdAtMs).toBeLessThanOrEqual(Date.now() + 2000);
      }
    });

    it('is writable', async () => {
      const store = await harness.newStore();
      await expect(store.checkWritable()).resolves.toBeUndefined();
      expect(await listAll(store)).toEqual([]);
    });

    it('shows nothing of a report before the one step that publishes it', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      const problems: string[] = [];
      let checks = 0;
      let published = false;
      harness.onMutation(async () => {
        checks++;
        // Absent at every step, until one step makes it whole (only the check after that last step sees it).
        const seen = await look(store, id);
        if (seen.kind === 'mixed') problems.push(`check ${checks}: ${seen.detail}`);
        if (seen.kind === 'absent' && published) problems.push(`check ${checks}: gone again after being published`);
        if (seen.kind === 'whole') published = true;
        if (seen.kind === 'absent' && harness.finalPlaceTaken && (await harness.finalPlaceTaken(store, id))) {
          problems.push(`check ${checks}: something exists at the report's final place before it is published`);
        }
      });
      try {
        await put(store, id, 'a,b\n'.repeat(50_000), bigJson('one', 1024 * 1024));
      } finally {
        harness.onMutation(null);
      }
      expect(checks).toBeGreaterThan(2);
      expect(problems).toEqual([]);
      expect((await look(store, id)).kind).toBe('whole');
    });

    it('replaces derived objects so that every reader gets the old or the new one whole', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      const [oldJson, newJson] = [bigJson('old'), bigJson('new')];
      await put(store, id, 'a,b', oldJson, summaryFor(id, 1));
      const problems: string[] = [];
      let checks = 0;
      harness.onMutation(async () => {
        checks++;
        const seen = await look(store, id);
        if (seen.kind !== 'whole') problems.push(`check ${checks}: ${seen.kind} ${'detail' in seen ? seen.detail : ''}`);
        else if (seen.csv !== 'a,b' || (seen.json !== oldJson && seen.json !== newJson)) problems.push(`check ${checks}: wrong bytes`);
      });
      try {
        expect(await store.replaceDerived(id, gzipSync(newJson, { level: 1 }), summaryFor(id, 2))).toBe(true);
      } finally {
        harness.onMutation(null);
      }
      expect(checks).toBeGreaterThan(1);
      expect(problems).toEqual([]);
      expect(await look(store, id)).toEqual({ kind: 'whole', summary: summaryFor(id, 2), csv: 'a,b', json: newJson });
    });

    it('gives a reader looping on openReportJsonGz a whole gzip while replaceDerived writes megabytes', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      const versions = [bigJson('v0'), bigJson('v1'), bigJson('v2')];
      await put(store, id, 'a,b', versions[0]);
      let writing = true;
      const reads: string[] = [];
      const reader = (async () => {
        while (writing || reads.length < 3) {
          const obj = await store.openReportJsonGz(id);
          if (!obj) throw new Error('the report vanished during replaceDerived');
          const gz = await buffer(obj.stream);
          expect(gz.length).toBe(obj.size);
          reads.push(gunzipSync(gz).toString()); // throws on a cut or mixed gzip
        }
      })();
      try {
        for (const [i, json] of versions.entries()) {
          if (i > 0) await store.replaceDerived(id, gzipSync(json, { level: 1 }), summaryFor(id, i + 1));
        }
      } finally {
        writing = false;
      }
      await reader;
      for (const json of reads) expect(versions).toContain(json);
    });

    it('never leaves a half-visible report while deleting', async () => {
      const store = await harness.newStore();
      const id = newReportId();
      const json = bigJson('gone', 512 * 1024);
      await put(store, id, 'a,b', json);
      const problems: string[] = [];
      let checks = 0;
      harness.onMutation(async () => {
        checks++;
        const seen = await look(store, id);
        if (seen.kind === 'mixed') problems.push(`check ${checks}: ${seen.detail}`);
        if (seen.kind === 'whole' && (seen.csv !== 'a,b' || seen.json !== json)) problems.push(`check ${checks}: wrong bytes`);
      });
      try {
        expect(await store.delete(id)).toBe(true);
      } finally {
        harness.onMutation(null);
      }
      expect(checks).toBeGreaterThan(1);
      expect(problems).toEqual([]);
      expect(await look(store, id)).toEqual({ kind: 'absent' });
      expect(await listAll(store)).toEqual([]);
    });

    it('keeps concurrent creates apart', async () => {
      const store = await harness.newStore();
      const ids = Array.from({ length: 8 }, newReportId);
      await Promise.all(ids.map((id, i) => put(store, id, `n${i}`, `{"n":${i}}`)));
      for (const [i, id] of ids.entries()) {
        expect(await look(store, id)).toEqual({ kind: 'whole', summary: summaryFor(id), csv: `n${i}`, json: `{"n":${i}}` });
      }
    });
  });
}
