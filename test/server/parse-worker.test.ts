/**
 * The worker's task function, called in-process: values, never exceptions, whatever the file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { valueSymbol } from 'piscina';
import { afterAll, describe, expect, it, vi } from 'vitest';
import parseUpload, { type ParseOutcome } from '../../server/parse-worker.js';
import type { ReportJson } from '../../shared/api/schemas.js';
import { PARSER_VERSION } from '../../shared/dstat/parse-dstat.js';
import { removeTempDirs, tempDir } from '../helpers/app.js';

const parseDstat = vi.hoisted(() => ({ impl: null as null | ((text: string) => unknown) }));
vi.mock('../../shared/dstat/parse-dstat.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/dstat/parse-dstat.js')>();
  return {
    ...real,
    parseDstat: (text: string, options: object) => (parseDstat.impl ? parseDstat.impl(text) : real.parseDstat(text, options)),
  };
});

afterAll(removeTempDirs);

const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.csv', createdAt: '2026-01-01T00:00:00.000Z', bytes: 0 };

async function run(content: Uint8Array | string, maxCsvBytes = 64 * 1024 * 1024): Promise<ParseOutcome> {
  const path = join(await tempDir(), 'upload');
  await writeFile(path, content);
  const result = (await parseUpload({ path, fields, maxCsvBytes })) as unknown as Record<symbol, ParseOutcome> & ParseOutcome;
  // Outside a worker, the movable wrapper is returned as is.
  return result[valueSymbol] ?? result;
}

describe('parse-worker', () => {
  it('returns the gzipped ReportJson and the summary of a dstat CSV', async () => {
    parseDstat.impl = null;
    const csv = await readFile(new URL('../fixtures/d072_tfvnrl.csv', import.meta.url));
    const outcome = await run(csv);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const json = JSON.parse(gunzipSync(outcome.reportJsonGz).toString()) as ReportJson;
    expect(json.id).toBe(fields.id);
    expect(json.runs[0]!.meta.host).toBe('vm');
    expect(outcome.summary).toEqual({ ...fields, parserVersion: PARSER_VERSION, dialect: json.dialect });
  });

  it('reads a gzip-compressed CSV as the CSV it holds, by its magic bytes', async () => {
    parseDstat.impl = null;
    const csv = await readFile(new URL('../fixtures/d072_tfvnrl.csv', import.meta.url));
    const plain = await run(csv);
    const packed = await run(gzipSync(csv));
    expect(packed.ok && plain.ok).toBe(true);
    if (!packed.ok || !plain.ok) return;
    expect(gunzipSync(packed.reportJsonGz).toString()).toBe(gunzipSync(plain.reportJsonGz).toString());
  });

  it('refuses a gzip that expands past its ceiling (DECOMPRESSED_TOO_LARGE) and a damaged one (BAD_GZIP)', async () => {
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x30));
    expect(await run(bomb, 1024 * 1024)).toMatchObject({ ok: false, error: { code: 'DECOMPRESSED_TOO_LARGE' } });
    const csv = await readFile(new URL('../fixtures/d072_tfvnrl.csv', import.meta.url));
    const cut = gzipSync(csv).subarray(0, 2000);
    expect(await run(cut)).toMatchObject({ ok: false, error: { code: 'BAD_GZIP', message: /cut short/ } });
    const garbled = Buffer.from(gzipSync(csv));
    garbled.fill(0xff, 20, 60);
    expect(await run(garbled)).toMatchObject({ ok: false, error: { code: 'BAD_GZIP' } });
  });

  it('returns the parser error as a value', async () => {
    parseDstat.impl = null;
    const outcome = await run('a,b,c\n1,2,3\n');
    expect(outcome).toMatchObject({ ok: false, error: { code: 'NOT_DSTAT', line: expect.any(Number) } });
  });

  it('returns BINARY_FILE for bytes that are not UTF-8 text', async () => {
    const outcome = await run(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'BINARY_FILE', line: 1 } });
  });

  it('returns PARSE_FAILED, with the details for the log, when the parser itself breaks', async () => {
    parseDstat.impl = () => {
      throw new TypeError('cannot read properties of undefined');
    };
    try {
      const outcome = await run('"Dstat 0.7.2 CSV output"\n');
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.code).toBe('PARSE_FAILED');
      expect(outcome.error.message).not.toContain('undefined');
      expect(outcome.error.internal?.message).toContain('cannot read properties');
    } finally {
      parseDstat.impl = null;
    }
  });
});
