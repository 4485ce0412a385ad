/**
 * The exports in the page's language (ExportQuery's `lang`): the ZIP's PNGs drawn with the chart titles
 * and series labels of shared/chart/chart-text.ts in Japanese, its index.html and export.html opening in
 * Japanese (`<html lang="ja" data-lang="ja">`) with their first screen titled in it; English by default; a
 * language not known is a 400. A real app with the real web build (dist/web: `npm run build` first).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson, ReportSummary } from '../../../shared/api/schemas.js';
import { chartTitle, JA_TITLES } from '../../../shared/chart/chart-text.js';
import { resolveCharts } from '../../../shared/catalogue/index.js';
import { chartImages, inThreadRenderer } from '../../../server/export/chart-images.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fileUpload } from '../../helpers/multipart.js';
import { readZip } from '../../helpers/zip.js';

const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const FIXTURE = new URL('../../fixtures/d072_tfvnrl.csv', import.meta.url);

let t: TestApp;
let id: string;

beforeAll(async () => {
  if (!existsSync(`${WEB_DIR}/offline/offline.js`)) throw new Error('dist/web/offline is missing: run npm run build first');
  t = await makeApp({ webDir: WEB_DIR });
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(await readFile(FIXTURE), 'd072.csv') });
  expect(res.statusCode).toBe(201);
  id = res.json<{ id: string }>().id;
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

describe('an export in the page\'s language', () => {
  it('draws the ZIP\'s PNGs with Japanese titles and labels for lang=ja, each equal to the chart drawn so in this thread', async () => {
    const [en, ja] = await Promise.all(['', '?lang=ja'].map(async (q) => readZip((await t.app.inject(`/api/reports/${id}/export.zip${q}`)).rawPayload)));
    const pngs = [...ja!.keys()].filter((n) => n.endsWith('.png'));
    expect(pngs, 'the same charts').toEqual([...en!.keys()].filter((n) => n.endsWith('.png')));
    expect(ja!.get('cpu_total.png')!.equals(en!.get('cpu_total.png')!), 'another title, other pixels').toBe(false);

    const api = await t.app.inject({ url: `/api/reports/${id}`, headers: { 'accept-encoding': 'identity' } });
    const report = JSON.parse(api.body) as ReportJson;
    const reference = chartImages({ summary: { id, parserVersion: 0 } as ReportSummary, reportJsonGz: gzipSync(api.body), report }, { lang: 'ja' }, inThreadRenderer);
    let n = 0;
    for await (const image of reference.images) {
      expect(ja!.get(image.name)!.equals(image.png), image.name).toBe(true);
      n++;
    }
    expect(n).toBe(pngs.length);
  });

  it('opens index.html and export.html in Japanese, their first screens titled in it; English by default', async () => {
    // The second chart of the file, on the first screen.
    const memory = resolveCharts(['used', 'free'].map((c) => ({ id: `memory usage/${c}`, group: 'memory usage', column: c, unit: 'bytes', kind: 'number' as const })))[0]!;
    const jaTitle = chartTitle(memory, 'ja');
    expect(jaTitle).toBe(JA_TITLES['memory']);
    const zip = await readZip((await t.app.inject(`/api/reports/${id}/export.zip?lang=ja`)).rawPayload);
    const html = (await t.app.inject(`/api/reports/${id}/export.html?lang=ja`)).body;
    for (const page of [zip.get('index.html')!.toString(), html]) {
      expect(page).toMatch(/^<!doctype html>\n<html lang="ja" data-lang="ja">/);
      expect(page).toContain(jaTitle);
    }
    const english = (await t.app.inject(`/api/reports/${id}/export.html`)).body;
    expect(english).toMatch(/<html lang="en" data-lang="en">/);
    expect(english).not.toContain(jaTitle);
  });

  it('answers 400 for a language it does not have', async () => {
    const res = await t.app.inject(`/api/reports/${id}/export.zip?lang=fr`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/lang/);
  });
});
