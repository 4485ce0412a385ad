/**
 * `dstatview report`, `d2g`, `upload` and the dispatcher, run for real as child processes on real
 * fixtures, plain, gzipped and on standard input. From the compiled CLI (dist/server/cli/main.js, what
 * bin/dstatview.js runs where there are no sources): a child process then starts in a fraction of tsx's
 * time. Run `npm run build` first (as `npm test` does); stats.test.ts runs the bin itself through npx.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_PIXEL_RATIO, imageHeight } from '../../../shared/chart/image-size.js';
import { deriveReport } from '../../../server/derive-report.js';
import { chartImages, inThreadRenderer } from '../../../server/export/chart-images.js';
import { exportReport } from '../../../server/export/report-files.js';
import { fixturePath, readFixture } from '../../helpers/fixtures.js';
import { BIN, cliTempDir, dstatview, ROOT, withStdin } from '../../helpers/cli.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { parseCsv, pngSize, readZip } from '../../helpers/zip.js';

const FIXTURE = fixturePath('d072_tfvnrl.csv');
const dir = cliTempDir('dstatview-cli-');

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/web/offline/offline.js')) || !existsSync(BIN)) throw new Error('not built: run npm run build first');
  writeFileSync(join(dir, 'log.csv.gz'), gzipSync(readFileSync(FIXTURE)));
});

// Child processes on a busy machine: generous time per test.
vi.setConfig({ testTimeout: 180_000 });

describe('dstatview (dispatcher)', () => {
  it('prints its version and its commands; exit 2 for an unknown command or none', async () => {
    expect((await dstatview('--version')).stdout).toMatch(/^dstatview \d+\.\d+\.\d+\n$/);
    const help = await dstatview('--help');
    expect(help.code).toBe(0);
    for (const c of ['stats', 'report', 'upload', 'd2g']) expect(help.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    expect((await dstatview()).code).toBe(2);
    const unknown = await dstatview('grpah');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^dstatview: unknown command "grpah"/);
    const reportHelp = await dstatview('report', '--help');
    expect(reportHelp.code).toBe(0);
    expect(reportHelp.stdout).toMatch(/^Usage: dstatview report LOG\.csv/);
  });
});

describe('dstatview report', () => {
  it('writes one self-contained HTML file with the view options, from a .csv.gz', async () => {
    const out = join(dir, 'one.html');
    const r = await dstatview('report', join(dir, 'log.csv.gz'), '-o', out, '--height', '300', '--x', 'elapsed');
    expect(r).toMatchObject({ code: 0, stdout: `${out}\n` });
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('"search":"?height=300&x=elapsed"');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    // No first-screen images in a lone HTML file (docs/cli.md: for its speed); a ZIP's index.html has them.
    expect(html).not.toContain('first-screen');
  });

  it('writes a ZIP and a directory, one per input, reading - from standard input', async () => {
    const zipOut = join(dir, 'many.zip');
    const r = await withStdin(readFileSync(FIXTURE), 'report', '-', fixturePath('dool134_tfvnrl.csv'), '-o', zipOut);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${join(dir, 'many-stdin.zip')}\n${join(dir, 'many-dool134_tfvnrl.zip')}\n`);
    const entries = await readZip(readFileSync(join(dir, 'many-stdin.zip')));
    expect(entries.get('stdin.csv')!.equals(readFileSync(FIXTURE))).toBe(true);
    expect(pngSize(entries.get('cpu_total.png')!).height).toBe(imageHeight(200) * IMAGE_PIXEL_RATIO);
    // Its index.html carries its first screen: light and dark WebP images at 640 × 200 CSS px.
    const index = entries.get('index.html')!.toString('utf8');
    const figures = [...index.matchAll(/<figure data-first-screen="([^"]+)"[^]*?<\/figure>/g)];
    expect(figures.length).toBeGreaterThanOrEqual(4);
    for (const [figure] of figures) {
      expect(figure).toMatch(/<source media="\(prefers-color-scheme: dark\)" srcset="data:image\/webp;base64,[A-Za-z0-9+/=]+ 1x">/);
      expect(figure).toMatch(/<img src="data:image\/webp;base64,[A-Za-z0-9+/=]+" width="640" height="200"/);
    }
    expect(index.indexOf('id="first-screen"')).toBeLessThan(index.indexOf('<div id="root">'));

    // The PNGs come from the CLI's worker threads: each equal to the chart drawn in this thread.
    const dool = await readZip(readFileSync(join(dir, 'many-dool134_tfvnrl.zip')));
    const csv = readFileSync(fixturePath('dool134_tfvnrl.csv'));
    const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'dool134_tfvnrl.csv', createdAt: new Date().toISOString(), bytes: csv.length };
    const { summary, reportJsonGz } = deriveReport(csv, fields);
    let drawn = 0;
    for await (const image of chartImages(exportReport(summary, reportJsonGz), {}, inThreadRenderer).images) {
      expect(dool.get(image.name)?.equals(image.png), image.name).toBe(true);
      drawn++;
    }
    expect(drawn).toBe([...dool.keys()].filter((n) => n.endsWith('.png')).length);

    const dirOut = join(dir, 'tree');
    expect((await dstatview('report', FIXTURE, '-o', dirOut)).code).toBe(0);
    const files = readdirSync(dirOut);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'd072_tfvnrl.csv', 'stats.csv', 'stats.json', 'README.txt', 'disk_vda.png']));
  });

  it('exits 1 with FILE: line N: for a file that is not a dstat log, 2 for bad options', async () => {
    const bad = await dstatview('report', fixturePath('up074-py39_tfvnrl_crash.csv'), '-o', join(dir, 'x.html'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^dstatview: \S+up074-py39_tfvnrl_crash\.csv: line 6: [^\n]+\n$/);
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
    expect((await dstatview('report', FIXTURE)).code).toBe(2);
    expect((await dstatview('report', FIXTURE, '-o', join(dir, 'y.html'), '--cols', '9')).stderr).toMatch(/--cols takes a whole number from 1 to 4/);
    expect((await dstatview('report', FIXTURE, '-o', join(dir, 'y.html'), '--x', 'sideways')).code).toBe(2);
    const missing = await dstatview('report', join(dir, 'nope.csv'), '-o', join(dir, 'y.html'));
    expect(missing).toMatchObject({ code: 1, stderr: `dstatview: ${join(dir, 'nope.csv')}: no such file\n` });
  });
});

describe('dstatview d2g (dstat2graphs.pl arguments)', () => {
  it('8 arguments: report_dir/index.html, a PNG per chart at dstat2graphs\' height, the statistics and d_<dir>.zip', async () => {
    const out = join(dir, 'd2g8');
    const r = await dstatview('d2g', FIXTURE, out, '512', '192', '0', '0', '0', '0');
    expect(r.code).toBe(0);
    const files = readdirSync(out);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'stats.csv', 'README.txt', 'd_d2g8.zip', 'cpu_total.png']));
    // width 512 → 2 columns; 8 arguments leave is_actual at 0: elapsed time.
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('"search":"?height=192&cols=2&x=elapsed"');
    expect(pngSize(readFileSync(join(out, 'cpu_total.png'))).height).toBe(imageHeight(192) * IMAGE_PIXEL_RATIO);
    const zip = await readZip(readFileSync(join(out, 'd_d2g8.zip')));
    expect([...zip.keys()].sort()).toEqual(files.filter((f) => f !== 'd_d2g8.zip').sort());
    const stats = parseCsv(readFileSync(join(out, 'stats.csv'), 'utf8'));
    expect(stats[0]).toEqual(['id', 'label', 'unit', 'min', 'avg', 'p95', 'max']);
  });

  it('10 arguments with limits, offset and is_actual=1, from standard input gzipped', async () => {
    const out = join(dir, 'd2g10');
    const r = await withStdin(gzipSync(readFileSync(FIXTURE)), 'd2g', '-', out, '1024', '300', '100000000', '5000000', '10', '60', '500', '1');
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(
      '"search":"?offset=10&duration=60&height=300&cols=1&diskMax=100000000&iopsMax=500&netMax=5000000"',
    );
  });

  it('exits 2 with the usage for the wrong number of arguments and for values out of dstat2graphs\' ranges', async () => {
    const cases: [string[], RegExp][] = [
      [['a.csv', 'out'], /expected 8 or 10 arguments, got 2/],
      [['a.csv', 'out', '512', '192', '0', '0', '0', '0', '0'], /expected 8 or 10 arguments, got 9/],
      [[FIXTURE, 'out', '63', '192', '0', '0', '0', '0'], /width must be an integer from 64 to 1024/],
      [[FIXTURE, 'out', '512', '2000', '0', '0', '0', '0'], /height must be an integer from 64 to 1024/],
      [[FIXTURE, 'out', '512', '192', '-1', '0', '0', '0'], /disk_limit must be an integer ≥ 0/],
      [[FIXTURE, 'out', '512', '192', '0', 'x', '0', '0'], /net_limit must be/],
      [[FIXTURE, 'out', '512', '192', '0', '0', '0', '0', '0', '2'], /is_actual must be 0 or 1/],
    ];
    const outcomes = await Promise.all(cases.map(([args]) => dstatview('d2g', ...args)));
    for (const [i, r] of outcomes.entries()) {
      expect(r.code, cases[i]![0].join(' ')).toBe(2);
      expect(r.stderr).toMatch(cases[i]![1]);
      expect(r.stderr).toMatch(/Usage: dstatview d2g csv_file report_dir width height/);
    }
    expect(existsSync(join(ROOT, 'out'))).toBe(false);
  });
});

describe('dstatview upload', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('uploads a .csv.gz and prints the share URL with the view options', async () => {
    const r = await dstatview('upload', join(dir, 'log.csv.gz'), '--server', server.url, '--height', '250');
    expect(r.code).toBe(0);
    const url = new URL(r.stdout.trim());
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toMatch(/^\/r\/[\w-]{22}$/);
    expect(url.search).toBe('?height=250');
    const csv = await fetch(`${server.url}/api/reports/${url.pathname.slice(3)}/csv`);
    expect(await csv.text()).toBe(readFixture('d072_tfvnrl.csv'));
  });

  it('uploads standard input; exit 1 with the server\'s reason for a bad file, 2 without --server', async () => {
    const r = await withStdin(readFileSync(FIXTURE), 'upload', '-', '--server', server.url);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\/r\/[\w-]{22}\n$/);
    const bad = await dstatview('upload', fixturePath('up074-py39_tfvnrl_crash.csv'), '--server', server.url);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^dstatview: \S+up074-py39_tfvnrl_crash\.csv: line 6: /);
    expect((await dstatview('upload', FIXTURE)).code).toBe(2);
  });
});
