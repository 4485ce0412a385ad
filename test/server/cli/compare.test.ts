/**
 * `npx dstatview compare …` run for real as a child process (then in process, every branch): the Markdown table on stdout
 * (its header, names and units as on the page, --raw, --min-change), -o OUT.md and -o OUT.json (the
 * /api/compare shape, each run's figures those of `dstatview stats`), runs of a multi-run file, and the errors.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import type { CompareJson } from '../../../shared/api/schemas.js';
import { statsReport } from '../../../shared/api/stats-report.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { compareMarkdown, run, usage } from '../../../server/cli/compare.js';
import { MAX_COMPARE_RUNS } from '../../../shared/limits.js';
import { seriesNames } from '../../../shared/compare/index.js';
import { cliTempDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
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

/** The last runs of files, as the CLI compares them. */
const runsOf = (...files: string[]) => files.map((f) => parseDstat(readFileSync(f, 'utf8')).runs.at(-1)!);

describe('dstatview compare', () => {
  it('prints the Δ table as Markdown, the runs named above it', async () => {
    const { code, stdout } = await dstatview('compare', A, B);
    expect(code).toBe(0);
    expect(stdout).toContain('- **A (baseline)**: d072_tfvnrl.csv (vm, 2026-11-29 20:45:49)');
    expect(stdout).toContain('- **B**: d070_tfvnrl.csv (vm, 2026-11-29 20:45:49)');
    expect(stdout).toContain('- **window**: whole runs, aligned on elapsed time');
    expect(stdout).toMatch(/- \*\*method\*\*: 95 % interval of Δavg .* \(minimum change 5 %\)/);
    expect(stdout).toMatch(/- \*\*left out\*\*: \d+ series zero in every run/);
    const head = '| chart | series | A avg | A p95 | A max | B avg | B p95 | B max | Δavg B | Δavg 95 % interval B | verdict B | Δavg % B | Δp95 % B | Δmax % B |';
    expect(stdout).toContain(head);
    const rows = stdout.split('\n').filter((l) => l.startsWith('| ') && l !== head && !l.startsWith('| ---'));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => r.split(' | ').length === 14)).toBe(true);
    // Names and units as on the report page; no idle loop devices.
    expect(rows.some((r) => r.startsWith('| Memory usage | used | ') && / MiB \| /.test(r))).toBe(true);
    expect(rows.some((r) => /loop\d/.test(r))).toBe(false);
  });

  it('--raw prints raw numbers with a unit column; --min-change moves the threshold', async () => {
    const { stdout } = await dstatview('compare', A, B, '--raw', '--min-change', '50');
    expect(stdout).toContain('| chart | series | unit | A avg |');
    expect(stdout).toContain('(minimum change 50 %)');
    expect(stdout).toMatch(/\| Memory usage \| used \| bytes \| \d+ \|/);
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
    expect(stdout).toMatch(/\n- \*\*window\*\*: 1 s to \d+ s of aligned elapsed time\n/);
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

describe('dstatview compare, in process (server/cli/compare.ts)', () => {
  const compare = (...args: string[]) => runInProcess(run, args);

  it('prints the Markdown table; -o OUT.md writes the same; -o OUT.json the /api/compare JSON it is made of', async () => {
    const printed = await compare(A, B, '--baseline', '1', '--shift', '0,2');
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    const jsonPath = join(dir, 'in-process.json');
    expect(await compare(A, B, '--baseline', '1', '--shift', '0,2', '-o', jsonPath)).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as CompareJson;
    expect(json.baseline).toBe(1);
    expect(json.window).toBeNull();
    expect(json.runs.map((r) => r.fileName)).toEqual(['d072_tfvnrl.csv', 'd070_tfvnrl.csv']);
    expect(json.minChange).toBe(5);
    expect(json.series['dsk/vda/writ']!.delta[0]).toMatchObject({ verdict: expect.stringMatching(/^(significant|noise|too-few)$/) });
    expect(json.series['dsk/vda/writ']!.delta[0]!.avgCi).toHaveLength(2);
    expect(printed.stdout).toBe(compareMarkdown(json, seriesNames(runsOf(A, B), 1)));
    expect(printed.stdout.startsWith('- **A**: d072_tfvnrl.csv')).toBe(true);
    const md = join(dir, 'in-process.MD');
    expect(await compare(A, B, '--baseline', '1', '--shift', '0,2', '-o', md)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(md, 'utf8')).toBe(printed.stdout);
  });

  it("--layout hosts prints each run's figures side by side, no change; the JSON says the layout", async () => {
    const db1 = fixturePath('compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv');
    const printed = await compare(A, db1, '--align', 'clock', '--layout', 'hosts');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain("- **layout**: hosts side by side: each run's own figures, no change (different machines)\n");
    expect(printed.stdout).toMatch(/\n\| chart \| series \| A min \| A avg \| A p95 \| A max \| B min \| B avg \| B p95 \| B max \|\n/);
    expect(printed.stdout).not.toContain('Δ');
    const jsonPath = join(dir, 'hosts.json');
    expect(await compare(A, db1, '--align', 'clock', '--layout', 'hosts', '-o', jsonPath)).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as CompareJson;
    expect(json.layout).toBe('hosts');
    expect(json.runs.map((r) => r.host)).toEqual(['vm', 'db1']);
    // On the clock db1's log (an hour ahead in +0100) starts 20 s after vm's.
    expect(json.runs[1]!.shift - json.runs[0]!.shift).toBe(-20);
    expect(printed.stdout).toBe(compareMarkdown(json, seriesNames(runsOf(A, db1), 0)));
    const bad = await compare(A, db1, '--layout', 'side');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dstatview: --layout takes overlay or hosts, got "side"/);
  });

  it('--window steady cuts each run to its steady state, the header naming the runs compared whole', async () => {
    const ramp = fixturePath('scenarios/ramp.csv');
    const printed = await compare(A, ramp, '--window', 'steady');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain("\n- **window**: each run's steady-state window; A: no steady state found, whole run\n");
    expect(printed.stdout).toMatch(/\n- \*\*B\*\*: ramp\.csv @ \d+(\.\d+)?–\d+(\.\d+)? s \(/);
    const jsonPath = join(dir, 'steady.json');
    expect((await compare(A, ramp, '--window', 'steady', '-o', jsonPath)).code).toBe(0);
    const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as CompareJson;
    expect(json.runs.map((r) => r.steady)).toEqual([false, true]);
    expect((await compare(A, ramp, '--window', 'steady', '--common')).stderr).toMatch(/^dstatview: --common is --window common: not with --window steady/);
  });

  it('compares a window (--from/--to) or the common stretch, said above the table', async () => {
    const windowed = await compare(A, B, '--from', '5', '--to', '20');
    expect(windowed.stdout).toContain('\n- **window**: 5 s to 20 s of aligned elapsed time\n');
    const common = await compare(`${MULTI}:1`, `${MULTI}:2`, '--common');
    expect(common.stdout).toMatch(/\n- \*\*window\*\*: 1 s to \d+ s of aligned elapsed time\n/);
    expect(common.stdout).toContain('d072_tfvnrl_appended-2-runs.csv run 1 (vm, 2026-11-29 20:52:12)');
    // A file read once for two of its runs, from standard input.
    const stdin = await runInProcess(run, ['--', '-:1', '-:2'], readFileSync(MULTI));
    expect(stdin.code).toBe(0);
    expect(stdin.stdout).toContain('- **A (baseline)**: stdin.csv run 1 (vm, 2026-11-29 20:52:12)\n- **B**: stdin.csv run 2 (vm, 2026-11-29 20:52:53)\n');
  });

  it('--align clock gives each run’s clock offset estimated from the network in the header; on elapsed time, none', async () => {
    const db1 = fixturePath('compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv');
    const clock = await compare(A, db1, '--align', 'clock');
    expect(clock.stdout).toMatch(/\n- \*\*clock offset B, estimated\*\*: \+20 s \(network send\/receive correlation 0\.\d+\)\n/);
    // Against d070's log of the same minutes (the same traffic, the same clock), no offset; against a log of another
    // test put over the same stretch (its start 368 866 s later on the clock), no match.
    const same = await compare(A, B, '--align', 'clock');
    expect(same.stdout).toContain('\n- **clock offset B, estimated**: 0 s (');
    const other = await compare(A, fixturePath('compare/deb080_tfvnrl_tcp_same-host.csv'), '--align', 'clock', '--shift', '0,368866');
    expect(other.stdout).toMatch(/\n- \*\*clock offset B, estimated\*\*: (no clear match|none: )/);
    expect((await compare(A, db1)).stdout).not.toContain('clock offset');
    // Whole runs are said to be placed on the clock, not aligned on elapsed time.
    expect(clock.stdout).toContain('\n- **window**: whole runs, placed on the clock (each log in its own zone)\n');
  });

  it('--align clock on two hosts recorded at once (compare/two-hosts/): the db\'s clock offset in the header of either layout', async () => {
    const [client, db] = ['client', 'db'].map((h) => fixturePath(`compare/two-hosts/${h}.csv`));
    for (const layout of ['overlay', 'hosts']) {
      const out = await compare(client!, db!, '--align', 'clock', '--layout', layout);
      expect(out.stdout, layout).toMatch(/\n- \*\*clock offset B, estimated\*\*: \+(19|20|21) s \(network send\/receive correlation 0\.9\d+\)\n/);
      expect(out.stdout, layout).toContain('- **A');
    }
  });

  it('-o OUT.html writes the offline compare page, opening with the baseline and the common window', async () => {
    const html = join(dir, 'in-process.html');
    expect(await compare(`${MULTI}:1`, `${MULTI}:2`, A, '--baseline', '2', '--common', '-o', html)).toEqual({ code: 0, stdout: '', stderr: '' });
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    const data = JSON.parse(/<script type="application\/json" id="[^"]+">([^<]*)<\/script>/.exec(page)![1]!) as { search: string; reports: unknown[] };
    expect(data.search).toMatch(/^\?ids=[\w-]{22}:1,[\w-]{22}:2,[\w-]{22}&baseline=2&from=1&to=\d+(\.\d+)?$/);
    expect(data.reports).toHaveLength(2);
    const none = await compare(A, MULTI, '--from', '0', '--to', '1e9', '-o', join(dir, 'far.html'));
    expect(none.code).toBe(0);
  });

  it('exits 2 with the usage for a wrong command line', async () => {
    for (const [args, message] of [
      [[], 'expected: compare A.csv B.csv'],
      [Array.from({ length: MAX_COMPARE_RUNS + 1 }, () => A), `at most ${MAX_COMPARE_RUNS} runs can be compared at once`],
      [[A, B, '-o', 'x.txt'], '-o x.txt: write a .md, .json or .html file'],
      [[A, B, '--baseline', '2'], '--baseline takes a run from 0 to 1'],
      [[A, B, '--baseline=-1'], '--baseline takes a run from 0 to 1'],
      [[A, B, '--baseline', '0.5'], '--baseline takes a run from 0 to 1'],
      [[A, B, '--shift', '1,2,3'], '--shift takes up to 2 numbers of seconds, comma-separated'],
      [[A, B, '--shift', '1,x'], '--shift takes up to 2 numbers of seconds, comma-separated'],
      [[A, B, '--from', '1'], '--from and --to go together'],
      [[A, B, '--to', '1'], '--from and --to go together'],
      [[A, B, '--from', '5', '--to', '1'], '--from S --to S: two numbers of seconds, from ≤ to (and not with --common)'],
      [[A, B, '--from', 'a', '--to', '1'], '--from S --to S'],
      [[A, B, '--from', '1', '--to', '5', '--common'], '--from S --to S'],
    ] as const) {
      const r = await compare(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.startsWith(`dstatview: ${message}`), r.stderr).toBe(true);
      expect(r.stderr.endsWith(`\n\n${usage}\n`)).toBe(true);
    }
  });

  it('exits 1 for a run a file does not have, a missing file, or one that is not a dstat log', async () => {
    expect(await compare(A, `${MULTI}:3`)).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${MULTI} has 2 runs: there is no run 3\n` });
    expect(await compare(A, `${A}:0`)).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${A} has 1 run: there is no run 0\n` });
    expect((await compare(A, `${MULTI}:3`, '-o', join(dir, 'x.html'))).stderr).toBe(`dstatview: ${MULTI} has 2 runs: there is no run 3\n`);
    expect(await compare(A, join(dir, 'no-such.csv'))).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${join(dir, 'no-such.csv')}: no such file\n` });
    const crash = fixturePath('up074-py39_tfvnrl_crash.csv');
    expect((await compare(A, crash)).stderr).toMatch(new RegExp(`^dstatview: ${crash.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 6: `));
    const together = await compare(A, MULTI, '--common', '--shift', '0,100000', '-o', join(dir, 'apart.html'));
    expect(together).toEqual({ code: 1, stdout: '', stderr: 'dstatview: the runs have no stretch of elapsed time in common\n' });
  });

  it('reads FILE.csv:N as a file when a file is named so', async () => {
    const odd = join(dir, 'named.csv:2');
    writeFileSync(odd, readFileSync(A));
    const r = await compare(odd, B);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('named.csv:2');
  });
});
