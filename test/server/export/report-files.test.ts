/**
 * What an export holds (server/export/report-files.ts and the entry names of zip.ts), from real dstat files:
 * the PNGs' file names, which run the view shows, stats.json, README.txt and the embedded report.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deriveReport } from '../../../server/derive-report.js';
import { fileURLToPath } from 'node:url';
import { loadOfflineAssets } from '../../../server/export/offline-html.js';
import {
  embeddedReportData,
  exportCharts,
  offlineReportHtml,
  offlineReportPage,
  exportReport,
  pngName,
  readmeText,
  statsJsonFile,
  statsRows,
  type ChartImage,
  type ExportReport,
} from '../../../server/export/report-files.js';
import { entryLevel, SOURCE_CSV_LEVEL, sourceEntryName } from '../../../server/export/zip.js';
import { chartKeys } from '../../../server/render/run-charts.js';
import { decodeBase85 } from '../../../shared/export/base85.js';
import { MAX_EXPORT_PNGS } from '../../../shared/limits.js';
import { toRunData } from '../../../shared/report/run-data.js';
import { toColumnar } from '../../../shared/report/columnar.js';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../helpers/fixtures.js';

function exportOf(name: string, fileName = name): ExportReport {
  const fields = { id: 'R1d-of-the-report_0123', fileName, createdAt: '2026-12-02T10:00:00.000Z', bytes: 1 };
  const { reportJsonGz, summary, report } = deriveReport(readFileSync(fixturePath(name)), fields);
  return { reportJsonGz, summary, report };
}

const twoRuns = exportOf('d072_tfvnrl_appended-2-runs.csv', 'two runs.csv');
const image = (name: string): ChartImage => ({ name, key: name, title: name, png: Buffer.alloc(0) });

describe('pngName', () => {
  it('keeps [A-Za-z0-9._-] of the chart key and makes anything else _', () => {
    expect(pngName('disk:vda', new Set())).toBe('disk_vda.png');
    expect(pngName('net/eth0 ü<x>', new Set())).toBe('net_eth0___x_.png');
    expect(pngName('a.B-9_z', new Set())).toBe('a.B-9_z.png');
  });

  it('never starts with a dot, and is never empty', () => {
    expect(pngName('..hidden', new Set())).toBe('_hidden.png');
    expect(pngName('.x', new Set())).toBe('_x.png');
    expect(pngName('', new Set())).toBe('chart.png');
  });

  it('cuts a long key to 120 characters before the extension', () => {
    expect(pngName('k'.repeat(300), new Set())).toBe(`${'k'.repeat(120)}.png`);
  });

  it('numbers a name already taken, ignoring case (ZIPs are unpacked on case-insensitive file systems)', () => {
    const taken = new Set<string>();
    expect(pngName('disk:vda', taken)).toBe('disk_vda.png');
    expect(pngName('disk/vda', taken)).toBe('disk_vda-2.png');
    expect(pngName('DISK:VDA', taken)).toBe('DISK_VDA-3.png');
    expect(pngName('disk vda', taken)).toBe('disk_vda-4.png');
    expect([...taken]).toEqual(['disk_vda.png', 'disk_vda-2.png', 'disk_vda-3.png', 'disk_vda-4.png']);
  });
});

describe('sourceEntryName', () => {
  it('is the upload name made one safe path component, with .csv or .gz as the bytes are', () => {
    expect(sourceEntryName('run 1.csv', false)).toBe('run_1.csv');
    expect(sourceEntryName('../../etc/passwd', false)).toBe('etc_passwd.csv');
    expect(sourceEntryName('log.csv', true)).toBe('log.csv.gz');
    expect(sourceEntryName('log.csv.GZ', true)).toBe('log.csv.GZ');
    expect(sourceEntryName('LOG.CSV', false)).toBe('LOG.CSV');
    expect(sourceEntryName('', false)).toBe('dstat.csv');
    expect(sourceEntryName('...', true)).toBe('dstat.csv.gz');
  });

  it("is never one of the export's own names", () => {
    expect(sourceEntryName('stats.csv', false)).toBe('source-stats.csv');
    expect(sourceEntryName('STATS.CSV', false)).toBe('source-STATS.CSV');
    expect(sourceEntryName('index.html', false)).toBe('index.html.csv');
    expect(sourceEntryName('stats.json', false)).toBe('stats.json.csv');
    expect(sourceEntryName('readme.txt', false)).toBe('readme.txt.csv');
    expect(sourceEntryName('mystats.csv', false)).toBe('mystats.csv');
  });

  it('looks at the end of the name only', () => {
    expect(sourceEntryName('log.gz.csv', true)).toBe('log.gz.csv.gz');
    expect(sourceEntryName('log.csv.txt', false)).toBe('log.csv.txt.csv');
    expect(sourceEntryName('log.csv.gz', false)).toBe('log.csv.gz.csv');
  });
});

describe('entryLevel', () => {
  it('stores what is compressed already: PNGs and a gzip source', () => {
    expect(entryLevel('cpu_total.png')).toBe(0);
    expect(entryLevel('LOAD.PNG')).toBe(0);
    expect(entryLevel(sourceEntryName('log.csv', true))).toBe(0);
  });

  it('deflates the source CSV fast, whatever its name became, and the other text at zlib\'s default', () => {
    expect(SOURCE_CSV_LEVEL).toBe(1);
    for (const name of ['run 1.csv', 'stats.csv', 'index.html', 'LOG.CSV', 'log.csv.gz']) {
      expect(entryLevel(sourceEntryName(name, false)), name).toBe(SOURCE_CSV_LEVEL);
    }
    for (const name of ['stats.csv', 'stats.json', 'index.html', 'README.txt']) expect(entryLevel(name), name).toBe(6);
  });
});

describe('exportCharts', () => {
  it("is every chart of the page in page order, none left, for a common log; none for no run", () => {
    const r = exportOf('d072_tfvnrl.csv');
    const run = toRunData(toColumnar(r.report).runs.at(-1)!, r.report.fileName);
    expect(exportCharts(run)).toEqual({ keys: chartKeys(run), left: [] });
    expect(exportCharts(null)).toEqual({ keys: [], left: [] });
  });

  it(`draws at most ${MAX_EXPORT_PNGS} and names the rest (1,699 disks)`, () => {
    const r = exportOf('pcp-archive_dstat-diskfarm_1699disks_tfd.csv');
    const run = toRunData(toColumnar(r.report).runs.at(-1)!, r.report.fileName);
    const all = chartKeys(run);
    expect(all.length).toBeGreaterThan(MAX_EXPORT_PNGS);
    const { keys, left } = exportCharts(run);
    expect(keys).toEqual(all.slice(0, MAX_EXPORT_PNGS));
    expect(left).toEqual(all.slice(MAX_EXPORT_PNGS));
  });
});

describe('the run an export shows', () => {
  const run1 = twoRuns.report.runs[0]!;
  const run2 = twoRuns.report.runs[1]!;

  it('is the view’s run (1-based) when the file has it, else the last', () => {
    expect(twoRuns.report.runs).toHaveLength(2);
    const runOf = (run?: number) => JSON.parse(statsJsonFile(twoRuns, statsRows(twoRuns, { run }), { run })) as { run: number; start: string };
    expect(runOf(1)).toMatchObject({ run: 1 });
    expect(runOf(2)).toMatchObject({ run: 2 });
    expect(runOf(undefined)).toMatchObject({ run: 2 });
    expect(runOf(3)).toMatchObject({ run: 2 });
    expect(runOf(0)).toMatchObject({ run: 2 });
    expect(runOf(-1)).toMatchObject({ run: 2 });
  });

  it("gives that run's statistics", () => {
    const ids = (rows: ReturnType<typeof statsRows>) => rows.map((r) => [r.id, r.max]);
    const first = run1.series.flatMap((s) => (s.kind === 'number' ? [[s.id, s.stats?.max ?? null]] : []));
    const last = run2.series.flatMap((s) => (s.kind === 'number' ? [[s.id, s.stats?.max ?? null]] : []));
    expect(first).not.toEqual(last);
    expect(ids(statsRows(twoRuns, { run: 1 }))).toEqual(first);
    expect(ids(statsRows(twoRuns))).toEqual(last);
  });
});

describe('stats.json', () => {
  it("holds the file, the run's facts and one row per numeric series, indented, ending in a newline", () => {
    const rows = statsRows(twoRuns, { run: 1 });
    const text = statsJsonFile(twoRuns, rows, { run: 1 });
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "file": "two runs.csv",\n');
    const run = twoRuns.report.runs[0]!;
    expect(JSON.parse(text)).toEqual({
      file: 'two runs.csv',
      host: run.meta.host,
      timezone: run.meta.timezone,
      run: 1,
      runs: 2,
      start: new Date(run.start).toISOString().slice(0, 19),
      end: new Date(run.end).toISOString().slice(0, 19),
      series: rows,
    });
    expect(run.meta.host).not.toBe('');
  });

  it('has no run facts for a report without runs', () => {
    const empty: ExportReport = { ...twoRuns, report: { ...twoRuns.report, runs: [] } };
    expect(statsRows(empty)).toEqual([]);
    expect(JSON.parse(statsJsonFile(empty, []))).toEqual({ file: 'two runs.csv', host: '', timezone: '', run: 0, runs: 0, start: null, end: null, series: [] });
  });
});

describe('README.txt', () => {
  const files = { csvName: 'two_runs.csv', images: [image('a.png'), image('b.png')], left: [] };

  it('names the file, the host, the run shown and its times, the id and every file', () => {
    const text = readmeText(twoRuns, files, { run: 1 });
    const run = twoRuns.report.runs[0]!;
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'dstatview report of two runs.csv',
      '',
      `Host: ${run.meta.host}`,
      `Run 1 of 2: ${new Date(run.start).toISOString().slice(0, 19)} to ${new Date(run.end).toISOString().slice(0, 19)} (${run.meta.timezone || 'zone not recorded'})`,
      'Report id: R1d-of-the-report_0123',
    ]);
    expect(text).toContain('\n\nFiles:\n  index.html ');
    expect(text).toContain('\n  two_runs.csv   the CSV as uploaded, unchanged\n');
    expect(text).toContain('  *.png        one image per chart (2), at 2x');
    expect(text).toContain(
      [
        '',
        'Files:',
        '  index.html   the interactive report (open it in a browser; it works offline, from this folder or alone)',
        '  two_runs.csv   the CSV as uploaded, unchanged',
        '  stats.csv    min, avg, p95 and max of every series (from the raw samples, in the units of the unit column)',
        "  stats.json   the same, with the run's facts",
        '  findings.md  what limited the run: findings with their windows, and the checks that could not run',
        '  *.png        one image per chart (2), at 2x, titled with host, file, time range and unit',
        '',
        'View options: run=1',
        '',
      ].join('\n'),
    );
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toMatch(/\n\n\n/);
    expect(text).not.toContain('more charts');
  });

  it('has no view line for the default view', () => {
    const text = readmeText(twoRuns, files);
    expect(text).toContain('Run 2 of 2: ');
    expect(text).not.toContain('View options');
    expect(text.endsWith('at 2x, titled with host, file, time range and unit\n')).toBe(true);
  });

  it('says "zone not recorded" for a log without a time zone', () => {
    const r = exportOf('d072_tfvnrl.csv');
    const noZone: ExportReport = { ...r, report: { ...r.report, runs: r.report.runs.map((run) => ({ ...run, meta: { ...run.meta, timezone: '' } })) } };
    expect(readmeText(noZone, files)).toMatch(/^Run 1 of 1: .* \(zone not recorded\)$/m);
  });

  it('lists the charts left out, the first 20 and … for more', () => {
    const few = readmeText(twoRuns, { ...files, left: ['disk:a', 'disk:b'] });
    expect(few).toContain('\n  (2 more charts are in index.html only: disk:a, disk:b)\n');
    const names = Array.from({ length: 25 }, (_, i) => `disk:d${i}`);
    const many = readmeText(twoRuns, { ...files, left: names });
    expect(many).toContain(`  (25 more charts are in index.html only: ${names.slice(0, 20).join(', ')}, …)\n`);
    const twenty = readmeText(twoRuns, { ...files, left: names.slice(0, 20) });
    expect(twenty).toContain(`only: ${names.slice(0, 20).join(', ')})\n`);
  });

  it('has no host or run line for a report without runs, and no two blank lines in a row', () => {
    const empty: ExportReport = { ...twoRuns, report: { ...twoRuns.report, runs: [] } };
    const text = readmeText(empty, files);
    expect(text.split('\n').slice(0, 4)).toEqual(['dstatview report of two runs.csv', '', 'Report id: R1d-of-the-report_0123', '']);
    expect(text).not.toMatch(/Host:|Run \d/);
  });
});

describe('the embedded report', () => {
  it('is the stored gzip in base85, with its byte count and the id', () => {
    const data = embeddedReportData(twoRuns);
    expect(data.id).toBe('R1d-of-the-report_0123');
    expect(data.gzBytes).toBe(twoRuns.reportJsonGz.length);
    expect(Buffer.from(decodeBase85(data.reportJsonGz, data.gzBytes)).equals(Buffer.from(twoRuns.reportJsonGz))).toBe(true);
  });

  it('is parsed from the stored gzip when the caller has no object', () => {
    const again = exportReport(twoRuns.summary, twoRuns.reportJsonGz);
    expect(again.report).toEqual(JSON.parse(gunzipSync(twoRuns.reportJsonGz).toString()));
    const given = exportReport(twoRuns.summary, twoRuns.reportJsonGz, twoRuns.report);
    expect(given.report).toBe(twoRuns.report);
  });
});

describe('the offline report page', () => {
  const WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1];
  const withHost = (r: ExportReport, host: string): ExportReport => ({
    ...r,
    report: { ...r.report, runs: r.report.runs.map((run) => ({ ...run, meta: { ...run.meta, host } })) },
  });

  it("is titled by the shown run's host (trimmed) and the file, and says it needs JavaScript", async () => {
    const assets = await loadOfflineAssets(WEB_DIR);
    const html = offlineReportPage(assets, withHost(twoRuns, '  db-7  '), { run: 1 })('');
    expect(title(html)).toBe('db-7 · two runs.csv · dstatview');
    expect(html).toContain('<noscript>This dstatview report needs JavaScript to draw its graphs.</noscript>');
  });

  it('is titled by the file alone when the run names no host, and opens without a first screen by default', async () => {
    const assets = await loadOfflineAssets(WEB_DIR);
    const html = offlineReportHtml(assets, withHost(twoRuns, ' '));
    expect(title(html)).toBe('two runs.csv · dstatview');
    expect(html).not.toContain('id="first-screen"');
    expect(offlineReportHtml(assets, twoRuns, {}, '<div id="first-screen"></div>')).toContain('<div id="first-screen"></div>');
  });
});
