/**
 * The scenario logs recorded on a 2-CPU machine with Debian's dstat and known loads
 * (test/fixtures/scenarios/record-scenarios.sh; each `<scenario>.json` says when the load ran): each
 * scenario's expected finding fires with a window that overlaps the load by at least half (of the shorter of
 * the two), and the calm log has no warning or critical finding.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../../../shared/findings/evaluate.js';
import type { FindingRuleId, FindingWindow } from '../../../shared/findings/finding.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

const DIR = `${FIXTURES_DIR}scenarios/`;

function scenario(name: string) {
  const log = parseDstat(readFileSync(`${DIR}${name}.csv`, 'utf8'));
  const meta = JSON.parse(readFileSync(`${DIR}${name}.json`, 'utf8')) as { load: FindingWindow[] };
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

describe('scenario logs', () => {
  it.each(EXPECTED)('%s: %j fire(s) within the load', (name, rules) => {
    const { findings, load } = scenario(name);
    for (const rule of rules) {
      const f = findings.findings.find((x) => x.rule === rule);
      expect(f, `${rule} on ${name}: ${findings.findings.map((x) => x.rule).join(', ')}`).toBeDefined();
      const best = Math.max(...f!.windows.map((w) => overlap(w, load)));
      expect(best, `${rule} windows ${JSON.stringify(f!.windows)} vs load ${JSON.stringify(load)}`).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('ramp: the steady window is the last, steady stretch of the load, after its warm-up', () => {
    const { findings, load } = scenario('ramp');
    const f = findings.findings.find((x) => x.rule === 'steady-state')!;
    expect(f.windows[0]!.from).toBeGreaterThan(load.from + 20);
    expect(f.evidence['warmupS']).toBeGreaterThan(10);
  });

  it('calm: no warning or critical finding, and every rule but the link check ran', () => {
    const { findings } = scenario('calm');
    expect(findings.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(findings.skipped.map((s) => s.rule)).toEqual(['cpu-softirq-one', 'net-near-link']);
  });

  it('onecpu names the pinned CPU (the last one)', () => {
    const f = scenario('onecpu').findings.findings.find((x) => x.rule === 'cpu-single-hot')!;
    expect(f.evidence['cpu']).toBe('cpu1');
  });
});
