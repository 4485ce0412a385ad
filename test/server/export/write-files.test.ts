/**
 * Exports written to local files, as the CLI writes them (server/export/write-files.ts, write-html.ts): a
 * ZIP streamed entry by entry (PNGs stored, the rest deflated, dated by the report), a directory of the same
 * files, a ZIP of a directory (`d2g`), and one HTML file with or without its first screen. The charts come
 * from a renderer that hands back each chart's key as its "PNG", so what is tested is where the bytes go.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveReport } from '../../../server/derive-report.js';
import type { ChartRenderer } from '../../../server/export/chart-images.js';
import { loadOfflineAssets, type OfflineAssets } from '../../../server/export/offline-html.js';
import type { ExportReport } from '../../../server/export/report-files.js';
import { writeDir, writeZip, zipFiles } from '../../../server/export/write-files.js';
import { writeHtml } from '../../../server/export/write-html.js';
import { exportZip, SOURCE_CSV_LEVEL, type SourceCsv } from '../../../server/export/zip.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { readZip, zipEntryInfo } from '../../helpers/zip.js';

const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dstatview-write-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CSV = readFileSync(fixturePath('d072_tfvnrl.csv'));
const CREATED = '2026-11-30T10:20:30.000Z';
const { reportJsonGz, summary, report } = deriveReport(CSV, { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'd072.csv', createdAt: CREATED, bytes: CSV.length });
const r: ExportReport = { reportJsonGz, summary, report };
const csv: SourceCsv = { name: 'd072.csv', open: async () => Readable.from([CSV]) };
const FIRST_SCREEN = '<div id="first-screen" class="test-first-screen"></div>';

/** Each chart's "PNG" is its key; the first screen a marker. */
const keysRenderer: ChartRenderer = {
  parallel: 1,
  otherThreads: false,
  render: async (task) => task.keys.map((k) => new TextEncoder().encode(`png of ${k}`)),
  firstScreen: async () => FIRST_SCREEN,
};

let assets: OfflineAssets;
beforeAll(async () => {
  assets = await loadOfflineAssets(WEB_DIR);
});

describe('writeZip', () => {
  it('writes index.html, the CSV, the statistics, a PNG per chart and README.txt; PNGs stored, the CSV deflated fast, the rest at zlib\'s default, dated by the report', async () => {
    const path = join(dir, 'report.zip');
    await writeZip(path, assets, r, csv, {}, keysRenderer);
    const zip = readFileSync(path);
    const entries = await readZip(zip);
    const names = [...entries.keys()];
    expect(names.slice(0, 4)).toEqual(['d072.csv', 'stats.csv', 'stats.json', 'index.html']);
    expect(names.at(-1)).toBe('README.txt');
    expect(entries.get('d072.csv')!.equals(CSV)).toBe(true);
    expect(entries.get('cpu_total.png')!.toString()).toBe('png of cpu:total');
    expect(entries.get('index.html')!.toString()).toContain(FIRST_SCREEN);
    const info = await zipEntryInfo(zip);
    // The deflated sizes say the levels: the source CSV at SOURCE_CSV_LEVEL, the other text at zlib's default.
    expect(info.get('d072.csv')!.compressedSize).toBe(deflateRawSync(CSV, { level: SOURCE_CSV_LEVEL }).length);
    expect(deflateRawSync(CSV, { level: SOURCE_CSV_LEVEL }).length).not.toBe(deflateRawSync(CSV).length);
    expect(info.get('stats.json')!.compressedSize).toBe(deflateRawSync(entries.get('stats.json')!).length);
    expect(info.get('index.html')!.compressedSize).toBe(deflateRawSync(entries.get('index.html')!).length);
    for (const [name, { method, mtime }] of info) {
      expect(method, name).toBe(name.endsWith('.png') ? 0 : 8);
      // DOS time: two-second steps, in the local zone of the writer and the reader alike.
      expect(Math.abs(mtime.getTime() - Date.parse(CREATED)), name).toBeLessThan(2000);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('dates the entries now when the report has no valid creation time', async () => {
    const undated: ExportReport = { ...r, summary: { ...summary, createdAt: 'not a date' } };
    const before = Date.now();
    const path = join(dir, 'undated.zip');
    await writeZip(path, assets, undated, csv, {}, keysRenderer);
    for (const [name, { mtime }] of await zipEntryInfo(readFileSync(path))) expect(Math.abs(mtime.getTime() - before), name).toBeLessThan(5000);
  });

  it('fails, and leaves no file, when a chart cannot be drawn', async () => {
    const failing: ChartRenderer = { ...keysRenderer, render: async () => Promise.reject(new Error('no canvas')) };
    const path = join(dir, 'failed.zip');
    await expect(writeZip(path, assets, r, csv, {}, failing)).rejects.toThrow('no canvas');
    expect(readdirSync(dir)).not.toContain('failed.zip');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("streams the entries and resolves to their names in the ZIP's order", async () => {
    const zip = exportZip(assets, r, csv, {}, keysRenderer);
    const chunks: Buffer[] = [];
    zip.stream.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => zip.stream.on('end', resolve));
    const names = await zip.done;
    await ended;
    expect(names).toEqual([...(await readZip(Buffer.concat(chunks))).keys()]);
    expect(names[0]).toBe('d072.csv');
  });

  it('ends the stream with the error when making an entry fails', async () => {
    const broken: SourceCsv = { name: 'x.csv', open: async () => Promise.reject(new Error('the CSV is gone')) };
    const zip = exportZip(assets, r, broken, {}, keysRenderer);
    const failure = new Promise((resolve) => zip.stream.on('error', resolve));
    zip.stream.resume();
    await expect(zip.done).rejects.toThrow('the CSV is gone');
    expect(await failure).toMatchObject({ message: 'the CSV is gone' });
  });
});

describe('writeDir and zipFiles', () => {
  it("writes the ZIP's entries as files, whatever they were made as (text, bytes, a stream), and zips them again", async () => {
    const out = join(dir, 'as-dir');
    const names = await writeDir(out, assets, r, csv, {}, keysRenderer);
    expect(readdirSync(out).sort()).toEqual([...names].sort());
    const zipped = await readZip(await new Promise<Buffer>((resolve, reject) => {
      const path = join(dir, 'of-dir.zip');
      writeZip(path, assets, r, csv, {}, keysRenderer).then(() => resolve(readFileSync(path)), reject);
    }));
    expect(names).toEqual([...zipped.keys()]);
    for (const name of names) {
      // index.html names no time, so both writes make the same bytes.
      expect(readFileSync(join(out, name)).equals(zipped.get(name)!), name).toBe(true);
    }

    const path = join(dir, 'd2g.zip');
    await zipFiles(path, out, names);
    const again = readFileSync(path);
    const entries = await readZip(again);
    expect([...entries.keys()]).toEqual(names);
    for (const name of names) expect(entries.get(name)!.equals(readFileSync(join(out, name))), name).toBe(true);
    const info = await zipEntryInfo(again);
    for (const [name, { method }] of info) expect(method, name).toBe(name.endsWith('.png') ? 0 : 8);
    expect(info.get('d072.csv')!.compressedSize).toBe(deflateRawSync(CSV, { level: SOURCE_CSV_LEVEL }).length);
  });

  it('writes into a directory that is already there, replacing its files', async () => {
    const out = join(dir, 'existing');
    await writeDir(out, assets, r, csv, {}, keysRenderer);
    writeFileSync(join(out, 'stats.csv'), 'stale');
    await writeDir(out, assets, r, csv, {}, keysRenderer);
    expect(readFileSync(join(out, 'stats.csv'), 'utf8')).toMatch(/^id,label,unit,min,avg,p95,max/);
  });
});

describe('writeHtml', () => {
  it('writes the offline report with its first screen when a renderer is given, without one otherwise', async () => {
    const withImages = join(dir, 'with.html');
    const without = join(dir, 'without.html');
    await writeHtml(withImages, assets, r, { height: 300 }, keysRenderer);
    await writeHtml(without, assets, r, {}, null);
    const a = readFileSync(withImages, 'utf8');
    const b = readFileSync(without, 'utf8');
    expect(a).toContain(FIRST_SCREEN);
    expect(a).toContain('"search":"?height=300"');
    expect(b).not.toContain('first-screen');
    expect(b).toContain('"search":""');
    expect(b.startsWith('<!doctype html>\n')).toBe(true);
  });
});
