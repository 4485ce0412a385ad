/**
 * `dstatview report` (server/cli/report.ts), in process: the view options from flags, where each input's
 * output goes (one, or several named after their inputs), an HTML file, a ZIP and a directory, and the
 * errors. commands.test.ts runs the built binary on the same.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readInput } from '../../../server/cli/common.js';
import { run, target, usage, VIEW_FLAGS, viewFromFlags, writeReport } from '../../../server/cli/report.js';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS } from '../../../shared/view/view-options.js';
import type { Input } from '../../../server/cli/common.js';
import { inThreadRenderer } from '../../../server/export/chart-images.js';
import { loadOfflineAssets } from '../../../server/export/offline-html.js';
import { cliTempDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { readZip } from '../../helpers/zip.js';

const FIXTURE = fixturePath('d072_tfvnrl.csv');
const CSV = readFileSync(FIXTURE);
const dir = cliTempDir('dstatview-cli-report-');
const report = (...args: string[]) => runInProcess(run, args);
const search = (html: string) => /"search":"([^"]*)"/.exec(html)![1];

describe('viewFromFlags', () => {
  it('takes every view option, each checked against its range', () => {
    expect(viewFromFlags({})).toEqual({});
    expect(
      viewFromFlags({ run: '2', offset: '10', duration: '60', height: '300', cols: '3', 'disk-max': '100', 'iops-max': '50', 'net-max': '7', x: 'elapsed' }),
    ).toEqual({ run: 2, offset: 10, duration: 60, height: 300, cols: 3, diskMax: 100, iopsMax: 50, netMax: 7, x: 'elapsed' });
    expect(viewFromFlags({ x: 'time' })).toEqual({ x: 'time' });
    expect(viewFromFlags({ height: '100', cols: '1' })).toEqual({ height: 100, cols: 1 });
    expect(viewFromFlags({ height: '1200', cols: '4' })).toEqual({ height: 1200, cols: 4 });
    for (const [flags, message] of [
      [{ run: '0' }, '--run takes a whole number from 1 to 1000000, got "0"'],
      [{ height: '99' }, '--height takes a whole number from 100 to 1200, got "99"'],
      [{ height: '1201' }, '--height takes a whole number from 100 to 1200'],
      [{ cols: '5' }, '--cols takes a whole number from 1 to 4, got "5"'],
      [{ 'disk-max': '-1' }, '--disk-max takes a whole number from 0'],
      [{ 'iops-max': 'x' }, '--iops-max takes'],
      [{ 'net-max': '1e3' }, '--net-max takes'],
      [{ offset: '-5' }, '--offset takes'],
      [{ duration: 'all' }, '--duration takes'],
      [{ x: 'sideways' }, '--x takes elapsed or time, got "sideways"'],
    ] as const) {
      expect(() => viewFromFlags(flags), JSON.stringify(flags)).toThrow(message);
    }
  });

  it('takes the zoom window, switches, smoothing and hidden charts; --from and --to go together', () => {
    expect(viewFromFlags({ from: '10', to: '40.5', trend: true, smooth: '9', hide: 'cpu,disk:vda', idle: true, 'no-heatmap': true })).toEqual({
      from: 10,
      to: 40.5,
      trend: true,
      smooth: 9,
      hide: ['cpu', 'disk:vda'],
      idle: true,
      heatmap: false,
    });
    expect(viewFromFlags({ trend: false, idle: false, 'no-heatmap': false })).toEqual({});
    expect(() => viewFromFlags({ from: '10' })).toThrow('--from and --to go together');
    expect(() => viewFromFlags({ from: '10', to: '10' })).toThrow('--to after --from');
    expect(() => viewFromFlags({ smooth: '0' })).toThrow('--smooth takes a whole number from 1 to 3600, got "0"');
    expect(() => viewFromFlags({ smooth: '2.5' })).toThrow('--smooth takes');
  });

  it('has a flag and a help line for every option of the view table', () => {
    for (const name of VIEW_OPTION_NAMES) {
      const o = VIEW_OPTIONS[name];
      const flag = o.default === true ? `no-${o.flag}` : o.flag;
      expect(VIEW_FLAGS[flag], name).toBeDefined();
      expect(usage, name).toContain(`--${flag}`);
      expect(usage, name).toContain(o.help);
    }
  });
});

describe('target', () => {
  const input = (name: string) => ({ name }) as Input;
  it('is OUT for one input; for several, OUT-<name>.ext beside OUT (its folder, or none) or OUT/<name>/', () => {
    expect(target('out/r.html', input('a.csv'), 1)).toEqual({ kind: 'html', path: 'out/r.html' });
    expect(target('r.ZIP', input('a.csv'), 1)).toEqual({ kind: 'zip', path: 'r.ZIP' });
    expect(target('tree', input('a.csv'), 1)).toEqual({ kind: 'dir', path: 'tree' });
    expect(target('out/r.html', input('run 1.csv.gz'), 2)).toEqual({ kind: 'html', path: 'out/r-run_1.html' });
    expect(target('r.zip', input('x.y.csv'), 2)).toEqual({ kind: 'zip', path: 'r-x.y.zip' });
    expect(target('/tmp/tree', input('stdin.csv'), 3)).toEqual({ kind: 'dir', path: '/tmp/tree/stdin' });
    expect(target('r.html', input('.csv'), 2)).toEqual({ kind: 'html', path: 'r-.csv.html' });
    expect(target('r.html', input('ü.csv'), 2)).toEqual({ kind: 'html', path: 'r-_.html' });
  });
});

describe('dstatview report, in process', () => {
  it('writes one HTML file with the view, without first-screen images, and prints its path', async () => {
    const out = join(dir, 'one.html');
    const r = await report(FIXTURE, '-o', out, '--height', '300', '--x', 'elapsed');
    expect(r).toEqual({ code: 0, stdout: `${out}\n`, stderr: '' });
    const html = readFileSync(out, 'utf8');
    expect(search(html)).toBe('?height=300&x=elapsed');
    expect(html).not.toContain('id="first-screen"');
  });

  it('writes the report in Japanese with --lang ja: the page opens in it, the PNGs titled in it', async () => {
    const out = join(dir, 'ja.html');
    expect((await report(FIXTURE, '-o', out, '--lang', 'ja')).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>\n<html lang="ja" data-lang="ja">/);
    // A ZIP as the command writes it with --lang (its threads drawn in this one here).
    const assets = await loadOfflineAssets(fileURLToPath(new URL('../../../dist/web', import.meta.url)));
    const input = await readInput(FIXTURE);
    const zips = await Promise.all(
      (['en', 'ja'] as const).map(async (lang) => {
        const zip = join(dir, `lang-${lang}.zip`);
        await writeReport(assets, input, { kind: 'zip', path: zip }, { lang }, inThreadRenderer);
        return readZip(readFileSync(zip));
      }),
    );
    expect(zips[0]!.get('cpu_total.png')!.equals(zips[1]!.get('cpu_total.png')!), 'another title, other pixels').toBe(false);
    expect(zips[1]!.get('index.html')!.toString()).toContain('メモリ使用量');
    expect(zips[0]!.get('index.html')!.toString()).not.toContain('メモリ使用量');
  }, 120_000);

  it('names each of several outputs after its input (stdin for -), in the folder of OUT', async () => {
    const gz = join(dir, 'second run.csv.gz');
    writeFileSync(gz, gzipSync(CSV));
    const out = join(dir, 'many.HTML');
    const r = await runInProcess(run, ['-', gz, '-o', out], CSV);
    expect(r).toEqual({ code: 0, stdout: `${join(dir, 'many-stdin.HTML')}\n${join(dir, 'many-second_run.HTML')}\n`, stderr: '' });
    expect(readFileSync(join(dir, 'many-stdin.HTML'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('writes a ZIP or a directory of the same files (drawn by the renderer given: the command starts its threads)', async () => {
    const assets = await loadOfflineAssets(fileURLToPath(new URL('../../../dist/web', import.meta.url)));
    const input = await readInput(FIXTURE);
    const zip = join(dir, 'r.zip');
    await writeReport(assets, input, { kind: 'zip', path: zip }, { cols: 2 }, inThreadRenderer);
    const entries = await readZip(readFileSync(zip));
    expect(entries.get('d072_tfvnrl.csv')!.equals(CSV)).toBe(true);
    expect(entries.get('index.html')!.toString()).toContain('id="first-screen"');
    expect(search(entries.get('index.html')!.toString())).toBe('?cols=2');
    const tree = join(dir, 'tree');
    await writeReport(assets, input, { kind: 'dir', path: tree }, { cols: 2 }, inThreadRenderer);
    expect(readdirSync(tree).sort()).toEqual([...entries.keys()].sort());
    // Each write is a report of its own (a fresh id in index.html, stats.json, README.txt); the rest is the same.
    for (const name of [...entries.keys()].filter((n) => /\.(png|csv)$/.test(n))) {
      expect(readFileSync(join(tree, name)).equals(entries.get(name)!), name).toBe(true);
    }
    await expect(writeReport(assets, input, { kind: 'zip', path: join(dir, 'none.zip') }, {}, null)).rejects.toThrow('a ZIP or a directory needs a chart renderer');
    expect(existsSync(join(dir, 'none.zip'))).toBe(false);
  }, 120_000);

  it('prints its help; exit 2 with the usage for a wrong command line', async () => {
    expect(await report('--help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    expect(await report('-h')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    for (const [args, message] of [
      [[], 'expected at least one LOG.csv'],
      [[FIXTURE], 'expected -o OUT'],
      [['-', '-', '-o', join(dir, 'x.html')], 'standard input (-) can be read once'],
      [[FIXTURE, '-o', join(dir, 'x.html'), '--cols', '9'], '--cols takes a whole number from 1 to 4'],
      [[FIXTURE, '-o', join(dir, 'x.html'), '--bogus'], "Unknown option '--bogus'"],
      [[FIXTURE, '-o', join(dir, 'x.html'), '--lang', 'fr'], '--lang is one of en, ja'],
    ] as const) {
      const r = await report(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`dstatview: ${r.stderr.split('\n')[0]!.slice('dstatview: '.length)}\n\n${usage}\n`);
      expect(r.stderr.split('\n')[0]).toContain(message);
    }
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('exits 1 naming the file that is not a dstat log, writing nothing', async () => {
    const bad = fixturePath('up074-py39_tfvnrl_crash.csv');
    const out = join(dir, 'bad.zip');
    const r = await report(bad, '-o', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^dstatview: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 6: [^\\n]+\\n$`));
    expect(existsSync(out)).toBe(false);
    expect((await report(join(dir, 'nope.csv'), '-o', join(dir, 'n.html'))).stderr).toBe(`dstatview: ${join(dir, 'nope.csv')}: no such file\n`);
  });
});
