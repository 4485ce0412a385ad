/**
 * The offline compare page (server/export/offline-compare-html.ts): the runs compared, each named as the
 * page's legend names it, the opening view in its query, and every report carried once.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveReport } from '../../../server/derive-report.js';
import { loadOfflineAssets } from '../../../server/export/offline-html.js';
import { offlineCompareHtml } from '../../../server/export/offline-compare-html.js';
import type { ExportReport } from '../../../server/export/report-files.js';
import { EMBEDDED_COMPARE_ELEMENT_ID } from '../../../shared/export/embedded.js';
import { fixturePath } from '../../helpers/fixtures.js';

const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

function exportOf(name: string, id: string, fileName: string): ExportReport {
  const csv = readFileSync(fixturePath(name));
  return deriveReport(csv, { id, fileName, createdAt: '2026-11-30T00:00:00.000Z', bytes: csv.length });
}

const two = exportOf('d072_tfvnrl_appended-2-runs.csv', 'TWOTWOTWOTWOTWOTWOTWOT', 'two.csv');
const one = exportOf('d073_tfvnrl.csv', 'ONEONEONEONEONEONEONEO', 'one.csv');

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1]!;
const embedded = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${EMBEDDED_COMPARE_ELEMENT_ID}">([^<]*)</script>`).exec(html)![1]!) as {
    v: number;
    search: string;
    reports: { id: string }[];
  };
const startOf = (r: ExportReport, i: number) => new Date(r.report.runs[i]!.time[0]!).toISOString().slice(0, 19).replace('T', ' ');

describe('offlineCompareHtml', () => {
  it('names each run by file, run, host and start, and carries a report two runs come from once', async () => {
    const assets = await loadOfflineAssets(WEB_DIR, 'offline-compare');
    const html = offlineCompareHtml(
      assets,
      [
        { report: two, run: 1 },
        { report: two, run: null },
        { report: one, run: null },
      ],
      { baseline: 2, shifts: [0, 1.5, 0], window: { from: 10, to: 20.25 } },
    );
    const host2 = two.report.runs[0]!.meta.host;
    const host1 = one.report.runs[0]!.meta.host;
    expect(title(html)).toBe(
      `two.csv run 1 (${host2}, ${startOf(two, 0)}) vs two.csv run 2 (${two.report.runs[1]!.meta.host}, ${startOf(two, 1)}) vs one.csv (${host1}, ${startOf(one, 0)}) · dstatview`,
    );
    const data = embedded(html);
    expect(data.v).toBe(1);
    expect(data.search).toBe('?ids=TWOTWOTWOTWOTWOTWOTWOT:1,TWOTWOTWOTWOTWOTWOTWOT,ONEONEONEONEONEONEONEO&baseline=2&shift=0,1.5,0&from=10&to=20.25');
    expect(data.reports.map((r) => r.id)).toEqual(['TWOTWOTWOTWOTWOTWOTWOT', 'ONEONEONEONEONEONEONEO']);
    expect(html).toContain('<noscript>This dstatview comparison needs JavaScript to draw its graphs.</noscript>');
  });

  it('opens on the whole runs without a window, and names a run without host or rows by its file', async () => {
    const assets = await loadOfflineAssets(WEB_DIR, 'offline-compare');
    const bare: ExportReport = {
      ...one,
      report: { ...one.report, runs: one.report.runs.map((run) => ({ ...run, meta: { ...run.meta, host: '' }, time: [] })) },
    };
    const html = offlineCompareHtml(assets, [{ report: bare, run: null }, { report: two, run: 2 }], { baseline: 0, shifts: [0, 0], window: null });
    expect(title(html).startsWith('one.csv vs two.csv run 2 (')).toBe(true);
    expect(embedded(html).search).toBe('?ids=ONEONEONEONEONEONEONEO,TWOTWOTWOTWOTWOTWOTWOT:2');
    // A report without runs (none to name a host or a start of) is named by its file alone.
    const empty: ExportReport = { ...one, summary: { ...one.summary, fileName: 'empty.csv' }, report: { ...one.report, runs: [] } };
    expect(title(offlineCompareHtml(assets, [{ report: empty, run: null }, { report: one, run: null }], { baseline: 0, shifts: [0, 0], window: null }))).toBe(
      `empty.csv vs one.csv (${one.report.runs[0]!.meta.host}, ${startOf(one, 0)}) · dstatview`,
    );
  });
});
