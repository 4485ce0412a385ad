/**
 * `npx dstatview compare …` run for real as a child process: the Markdown table on stdout, -o OUT.md and
 * -o OUT.json (the /api/compare shape, each run's figures those of `dstatview stats`), runs of a multi-run
 * file, and the errors.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import type { CompareJson } from '../../../shared/api/schemas.js';
import { statsReport } from '../../../shared/api/stats-report.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { cliTempDir } from '../../helpers/cli.js';
import { fixturePath } from '../../helpers/fixtures.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const exec = promisify(execFile);
const A = fixturePath('d072_tfvnrl.csv');
const B = fixturePath('d070_tfvnrl.csv');
const MULTI = fixturePath('d072_tfvnrl_appended-2-runs.csv');
const dir = cliTempDir('dstatview-cli-compare-');

// Each case is a child process through npx and tsx: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

async function dstatview(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('npx', ['--no-install', 'dstatview', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('dstatview compare', () => {
  it('prints the Δ table as Markdown, the runs named above it', async () => {
    const { code, stdout } = await dstatview('compare', A, B);
    expect(code).toBe(0);
    expect(stdout).toContain('- **A** (baseline): d072_tfvnrl.csv (vm, 2026-11-29 20:45:49)');
    expect(stdout).toContain('- **B**: d070_tfvnrl.csv (vm, 2026-11-29 20:45:49)');
    expect(stdout).toContain('| series | unit | A avg | A p95 | A max | B avg | B p95 | B max | Δavg B | Δavg % B | Δp95 % B | Δmax % B |');
    const rows = stdout.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| series') && !l.startsWith('| ---'));
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.every((r) => r.split(' | ').length === 12)).toBe(true);
  });

  it('-o OUT.json writes the /api/compare JSON; each run’s figures are those of `dstatview stats`', async () => {
    const out = join(dir, 'cmp.json');
    expect((await dstatview('compare', A, B, '-o', out, '--baseline', '1')).code).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as CompareJson;
    expect(json.baseline).toBe(1);
    expect(json.runs.map((r) => r.fileName)).toEqual(['d072_tfvnrl.csv', 'd070_tfvnrl.csv']);
    const stats = statsReport(parseDstat(readFileSync(A, 'utf8')));
    for (const [id, figures] of Object.entries(stats.series)) {
      if (figures) expect(json.series[id]!.runs[0]).toMatchObject(figures);
    }
  });

  it('compares the runs of a multi-run file (FILE.csv:N) over the common window', async () => {
    const md = join(dir, 'cmp.md');
    expect((await dstatview('compare', `${MULTI}:1`, `${MULTI}:2`, '--common', '--output', md)).code).toBe(0);
    const stdout = readFileSync(md, 'utf8');
    expect(stdout).toContain('d072_tfvnrl_appended-2-runs.csv run 1 (vm, 2026-11-29 20:52:12)');
    expect(stdout).toContain('d072_tfvnrl_appended-2-runs.csv run 2 (vm, 2026-11-29 20:52:53)');
    expect(stdout).toMatch(/^- window: 1 s to \d+ s of aligned elapsed time/);
  });

  it.each([
    [['compare'], 2, /expected: compare A.csv B.csv/],
    [['compare', A, B, '-o', 'x.txt'], 2, /-o x\.txt: write a \.md, \.json or \.html file/],
    [['compare', A, B, '--baseline', '2'], 2, /--baseline takes a run from 0 to 1/],
    [['compare', A, `${MULTI}:3`], 1, /has 2 runs: there is no run 3/],
    [['compare', A, 'no-such.csv'], 1, /no-such\.csv: no such file/],
  ])('%j → exit %i', async (args, code, message) => {
    const res = await dstatview(...args);
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
  });
});
