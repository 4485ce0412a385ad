/**
 * The scenario logs recorded on a 2-CPU machine with Debian's dstat and known loads
 * (test/fixtures/scenarios/record-scenarios.sh; each `<scenario>.json` says when the load ran), in every
 * recording of them (scenarios/ itself, and each folder under it: the same loads with other lead, tail and load
 * times): each scenario's expected finding fires with a window that overlaps the load by at least half (of the
 * shorter of the two), and the calm log has no warning or critical finding.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../../../shared/findings/evaluate.js';
import type { FindingRuleId, FindingWindow } from '../../../shared/findings/finding.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

const ROOT = `${FIXTURES_DIR}scenarios/`;
/** Every recording: the folder itself, then its subfolders. */
const RECORDINGS = ['', ...readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${e.name}/`).sort()];

function scenario(path: string) {
  const log = parseDstat(readFileSync(`${ROOT}${path}.csv`, 'utf8'));
  const meta = JSON.parse(readFileSync(`${ROOT}${path}.json`, 'utf8')) as { load: FindingWindow[] };
  return { findings: evaluateFindings(log.runs[0]!), load: meta.load[0]! };
}

/** The overlap of two windows over the shorter one's length (0…1). */
export function overlap(a: FindingWindow, b: FindingWindow): number {
  const common = Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));
  return common / Math.max(1e-9, Math.min(a.to - a.from, b.to - b.from));
}

const EXPECTED: [string, FindingRuleId[]][] = [
  ['onecpu', ['cpu-single-hot']],
  ['runqueue', ['cpu-saturated', 'cpu-busy']],
  ['randwrite', ['disk-saturated']],
  ['bursts', ['periodic-bursts']],
  ['cswitch', ['csw-storm']],
  ['ramp', ['steady-state']],
  ['stall', ['sampling-gaps']],
];

/** [recording/scenario, rules] of every log recorded. */
const CASES = RECORDINGS.flatMap((dir) => EXPECTED.filter(([name]) => existsSync(`${ROOT}${dir}${name}.csv`)).map(([name, rules]) => [`${dir}${name}`, rules] as [string, FindingRuleId[]]));
const withName = (name: string) => RECORDINGS.map((dir) => `${dir}${name}`).filter((p) => existsSync(`${ROOT}${p}.csv`));

describe('scenario logs', () => {
  it('come in more than one recording', () => {
    expect(RECORDINGS.length).toBeGreaterThan(1);
    expect(CASES.length).toBeGreaterThan(EXPECTED.length);
  });

  it.each(CASES)('%s: %j fire(s) within the load', (path, rules) => {
    const { findings, load } = scenario(path);
    for (const rule of rules) {
      const f = findings.findings.find((x) => x.rule === rule);
      expect(f, `${rule} on ${path}: ${findings.findings.map((x) => x.rule).join(', ')}`).toBeDefined();
      const best = Math.max(...f!.windows.map((w) => overlap(w, load)));
      expect(best, `${rule} windows ${JSON.stringify(f!.windows)} vs load ${JSON.stringify(load)}`).toBeGreaterThanOrEqual(0.5);
    }
  });

  it.each(withName('ramp'))('%s: the steady window is the last, steady stretch of the load, after its warm-up', (path) => {
    const { findings, load } = scenario(path);
    const f = findings.findings.find((x) => x.rule === 'steady-state')!;
    expect(f.windows[0]!.from).toBeGreaterThan(load.from + 20);
    expect(f.evidence['warmupS']).toBeGreaterThan(10);
  });

  it.each(withName('calm'))('%s: no warning or critical finding, and every rule but the link check ran', (path) => {
    const { findings } = scenario(path);
    expect(findings.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(findings.skipped.map((s) => s.rule)).toEqual(['cpu-softirq-one', 'net-near-link']);
  });

  it.each(withName('onecpu'))('%s names the pinned CPU (the last one)', (path) => {
    const f = scenario(path).findings.findings.find((x) => x.rule === 'cpu-single-hot')!;
    expect(f.evidence['cpu']).toBe('cpu1');
  });
});
