/**
 * `dstatview d2g` (server/cli/d2g.ts), in process: dstat2graphs.pl's 8 and 10 arguments and its ranges,
 * --help, and the report directory with its ZIP (drawn here by the in-thread renderer; the command draws with
 * its worker threads, as commands.test.ts shows on the built binary).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { run, usage, writeD2gReport } from '../../../server/cli/d2g.js';
import { inThreadRenderer } from '../../../server/export/chart-images.js';
import { cliTempDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { readZip } from '../../helpers/zip.js';

const FIXTURE = fixturePath('d072_tfvnrl.csv');
const dir = cliTempDir('dstatview-cli-d2g-');
const d2g = (...args: string[]) => runInProcess(run, args);

describe('dstatview d2g, in process', () => {
  it('prints its help for --help or -h alone', async () => {
    expect(await d2g('--help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    expect(await d2g('-h')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
  });

  it("exits 2 with the usage for a wrong count of arguments or a value out of dstat2graphs' ranges, writing nothing", async () => {
    const out = join(dir, 'never');
    const cases: [string[], string][] = [
      [[], 'expected 8 or 10 arguments, got 0'],
      [['--help', 'x'], 'expected 8 or 10 arguments, got 2'],
      [[FIXTURE, out, '512', '192', '0', '0', '0', '0', '0'], 'expected 8 or 10 arguments, got 9'],
      [[FIXTURE, out, '63', '192', '0', '0', '0', '0'], 'width must be an integer from 64 to 1024'],
      [[FIXTURE, out, '512', '1025', '0', '0', '0', '0'], 'height must be an integer from 64 to 1024'],
      [[FIXTURE, out, '512', '192', '-1', '0', '0', '0'], 'disk_limit must be an integer ≥ 0'],
      [[FIXTURE, out, '512', '192', '0', '0', '0', '0', '0', '2'], 'is_actual must be 0 or 1'],
    ];
    for (const [args, message] of cases) {
      const r = await d2g(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toContain(message);
      expect(r.stderr.endsWith(`\n\n${usage}\n`)).toBe(true);
    }
    expect(existsSync(out)).toBe(false);
  });

  it('exits 1 naming a file that is not there', async () => {
    const missing = join(dir, 'nope.csv');
    expect(await d2g(missing, join(dir, 'x'), '512', '192', '0', '0', '0', '0')).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${missing}: no such file\n` });
  });

  it("writes report_dir's files and d_<report_dir>.zip holding them, with the options as the report's view", async () => {
    const out = join(dir, 'r8');
    await writeD2gReport(FIXTURE, out, { height: 192, cols: 2, x: 'elapsed' }, inThreadRenderer);
    const files = readdirSync(out).sort();
    expect(files).toEqual(expect.arrayContaining(['README.txt', 'cpu_total.png', 'd072_tfvnrl.csv', 'd_r8.zip', 'index.html', 'stats.csv', 'stats.json']));
    const zip = await readZip(readFileSync(join(out, 'd_r8.zip')));
    expect([...zip.keys()].sort()).toEqual(files.filter((f) => f !== 'd_r8.zip'));
    for (const [name, bytes] of zip) expect(bytes.equals(readFileSync(join(out, name))), name).toBe(true);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('"search":"?height=192&cols=2&x=elapsed"');
  }, 120_000);

  it('reads standard input gzipped for -, keeping it as given', async () => {
    const gz = gzipSync(readFileSync(FIXTURE));
    const out = join(dir, 'from-stdin');
    await runInProcess(async () => (await writeD2gReport('-', out, {}, inThreadRenderer), 0), [], gz);
    expect(readFileSync(join(out, 'stdin.csv.gz')).equals(gz)).toBe(true);
    expect(existsSync(join(out, 'd_from-stdin.zip'))).toBe(true);
  }, 120_000);
});
