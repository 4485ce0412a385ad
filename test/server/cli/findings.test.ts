/**
 * `dstatview findings LOG [--json] [--link …] [--lang ja]`, run in process: a Markdown list of what limited
 * the run (exit 0 whatever was found), the API's JSON with --json, net-near-link with --link, and wrong
 * usage (a bad link speed) as exit 2 with what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../server/cli/findings.js';
import { main } from '../../../server/cli/dispatch.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

const RUNQUEUE = `${FIXTURES_DIR}scenarios/runqueue.csv`;
const CALM = `${FIXTURES_DIR}scenarios/calm.csv`;

describe('dstatview findings', () => {
  it('prints the findings as a Markdown list, most severe first, and what could not be checked', async () => {
    const out = await runInProcess(run, [RUNQUEUE]);
    expect(out.code).toBe(0);
    const items = out.stdout.split('\n').filter((l) => l.startsWith('- **'));
    expect(items[0]).toMatch(/^- \*\*critical\*\* `cpu-saturated` \(6–46 s\): run queue 8\.1 on 2 CPUs/);
    expect(out.stdout).toContain('- `net-near-link`: no link speed given');
  });

  it('a calm log: nothing above info, exit 0; in Japanese with --lang ja', async () => {
    const out = await runInProcess(run, [CALM, '--lang', 'ja']);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/\*\*(重大|警告)\*\*/);
    expect(out.stdout).toContain('# 所見');
  });

  it('--json: the API shape; --link evaluates net-near-link', async () => {
    const out = await runInProcess(run, [RUNQUEUE, '--json', '--link', 'eth0:1k']);
    const json = JSON.parse(out.stdout) as { runs: { checked: string[]; skipped: { rule: string }[] }[] };
    expect(json.runs).toHaveLength(1);
    expect(json.runs[0]!.checked).toContain('net-near-link');
    expect(json.runs[0]!.skipped.map((s) => s.rule)).not.toContain('net-near-link');
  });

  it('a bad link speed is wrong usage (exit 2), saying what is wrong; the dispatcher knows the command', async () => {
    const out = await runInProcess(run, [RUNQUEUE, '--link', 'eth0:fast']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('"fast" is not a speed in bits/s');
    const help = await runInProcess(main, ['--help']);
    expect(help.stdout).toMatch(/findings\s+what limited each run/);
  });
});
