/**
 * `npx dstatview stats FILE.csv` — the command a user runs right after `npm ci`, run here for real as a
 * child process through npx, then in process for its every branch. Expected figures come from test/tools/expected-figures.py (independent of the
 * parser).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { run as run_, usage } from '../../../server/cli/stats.js';
import { statsReport } from '../../../shared/api/stats-report.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { fixturePath } from '../../helpers/fixtures.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/** A temporary directory for files the tests make, removed when this file is done. */
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dstatview-cli-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function dstatview(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', 'dstatview', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// npx and tsx start slowly on a busy machine: generous time per test.
vi.setConfig({ testTimeout: 120_000 });

describe('dstatview stats FILE.csv', () => {
  it('prints the run, its times and every series\' min/avg/p95/max as JSON, without the since-boot row', async () => {
    const { code, stdout } = await dstatview('stats', fixturePath('d072_tfvnrl.csv'));
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({
      producer: 'dstat',
      version: '0.7.2',
      host: 'vm',
      timezone: 'UTC',
      start: '2026-11-29T20:45:49',
      end: '2026-11-29T20:47:27',
      rows: 84,
      runs: 1,
    });
    expect(out.series['cpu0 usage/usr']).toEqual({ min: 2.02, avg: expect.closeTo(80.96698795180727, 9), p95: 100, max: 100 });
    expect(out.series['dsk/vda/read']).toEqual({ min: 0, avg: expect.closeTo(15441870.65060241, 5), p95: 24449024, max: 486977536 });
    expect(out.series['net/eth0/recv']).toMatchObject({ min: 0, p95: 665626, max: 22144424 });
    expect(out.series['load avg/1m']).toMatchObject({ min: 4.28, p95: 6.39, max: 7.86 });
    expect(Object.keys(out.series)).toHaveLength(68);
  });

  it('shows the last run of a file with appended runs, and --run N picks another', async () => {
    const last = JSON.parse((await dstatview('stats', fixturePath('d072_tfvnrl_appended-2-runs.csv'))).stdout);
    expect(last).toMatchObject({ runs: 2, run: 2, rows: 39, start: '2026-11-29T20:52:53' });
    expect(last.series['dsk/vda/writ']).toMatchObject({ min: 0, p95: 226766848, max: 422576128 });
    const first = JSON.parse((await dstatview('stats', fixturePath('d072_tfvnrl_appended-2-runs.csv'), '--run', '1')).stdout);
    expect(first).toMatchObject({ runs: 2, run: 1, rows: 30, start: '2026-11-29T20:52:12' });
  });

  it('converts units: dool 1.3 bits/s become bytes/s', async () => {
    const out = JSON.parse((await dstatview('stats', fixturePath('dool134_tfvnrl.csv'))).stdout);
    expect(out.producer).toBe('dool');
    // the file says 3338731520 bits/s at its peak: 417341440 bytes/s
    expect(out.series['dsk/vda/writ']).toMatchObject({ min: 0, p95: 203423744, max: 417341440 });
    expect(out.series['net/eth0/recv']).toMatchObject({ p95: 665626, max: 22144035 });
  });

  it('exits 1 with the reason on stderr for a file it cannot read', async () => {
    const crash = await dstatview('stats', fixturePath('up074-py39_tfvnrl_crash.csv'));
    expect(crash.code).toBe(1);
    expect(crash.stdout).toBe('');
    // One line: dstatview: FILE: line N: reason
    expect(crash.stderr.startsWith(`dstatview: ${fixturePath('up074-py39_tfvnrl_crash.csv')}: line 6: `)).toBe(true);
    expect(crash.stderr).toMatch(/^[^\n]*no data rows[^\n]*\n$/);

    const png = join(dir, 'graph.png');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const binary = await dstatview('stats', png);
    expect(binary.code).toBe(1);
    expect(binary.stderr).toMatch(/^dstatview: .*not/);

    const missing = await dstatview('stats', join(dir, 'nope.csv'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);

    const noRun = await dstatview('stats', fixturePath('d072_tfvnrl.csv'), '--run', '2');
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toMatch(/there is no run 2: the file has 1 run/);
  });

  it('exits 2 with the usage for a wrong command line', async () => {
    const wrong = await dstatview('graph', 'x.csv');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/unknown command "graph"[\s\S]*Usage: dstatview COMMAND/);
    const badRun = await dstatview('stats', fixturePath('d072_tfvnrl.csv'), '--run', 'zero');
    expect(badRun.code).toBe(2);
  });
});

describe('dstatview stats, in process (server/cli/stats.ts)', () => {
  const stats = (...args: string[]) => runInProcess(run_, args);

  it('prints the statistics the shared code computes, as indented JSON; --run N picks a run', async () => {
    const file = fixturePath('d072_tfvnrl_appended-2-runs.csv');
    const text = readFileSync(file, 'utf8');
    const r = await stats(file);
    expect(r).toEqual({ code: 0, stdout: JSON.stringify(statsReport(parseDstat(text)), null, 2) + '\n', stderr: '' });
    expect((await stats(file, '--run', '1')).stdout).toBe(JSON.stringify(statsReport(parseDstat(text), 1), null, 2) + '\n');
    expect((await runInProcess(run_, ['-'], gzipSync(readFileSync(file)))).stdout).toBe(r.stdout);
  });

  it('exits 1 naming the file and line, a file it cannot read, or a run it does not have', async () => {
    const crash = fixturePath('up074-py39_tfvnrl_crash.csv');
    const bad = await stats(crash);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(new RegExp(`^dstatview: ${crash.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 6: [^\\n]*no data rows[^\\n]*\\n$`));
    expect(await stats(join(dir, 'none.csv'))).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${join(dir, 'none.csv')}: no such file\n` });
    const noRun = await stats(fixturePath('d072_tfvnrl.csv'), '--run', '2');
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toMatch(/^dstatview: \S+d072_tfvnrl\.csv: [^\n]*there is no run 2: the file has 1 run[^\n]*\n$/);
  });

  it('prints its help; exit 2 with the usage for a wrong command line', async () => {
    expect(await stats('--help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    for (const [args, message] of [
      [[], 'expected: stats FILE.csv'],
      [['a.csv', 'b.csv'], 'expected: stats FILE.csv'],
      [[fixturePath('d072_tfvnrl.csv'), '--run', 'zero'], '--run takes a whole number from 1, got "zero"'],
    ] as const) {
      expect(await stats(...args)).toEqual({ code: 2, stdout: '', stderr: `dstatview: ${message}\n\n${usage}\n` });
    }
  });
});
