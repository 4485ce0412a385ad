/**
 * window=steady (shared/compare/steady.ts and toCompareJson): each run cut to the window of its steady-state
 * finding, its seconds moved from the first counted sample to row 0; the stored findings used when the run
 * has them; a run without a steady state compared whole and said so; a run with a window of its own keeps it.
 * Real logs: scenarios/ramp.csv (CPU load stepping 20 → 80 %, then 80 % held: a steady state after the
 * warm-up) and d072_tfvnrl.csv (none).
 */
import { describe, expect, it } from 'vitest';
import { toCompareJson, type NamedRun } from '../../../shared/api/compare-json.js';
import { steadyWindow, steadyWindowText } from '../../../shared/compare/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { evaluateFindings, type RunFindings } from '../../../shared/findings/index.js';
import { readFixture } from '../../helpers/fixtures.js';

const ramp = parseDstat(readFixture('scenarios/ramp.csv')).runs.at(-1)!;
const flat = parseDstat(readFixture('d072_tfvnrl.csv')).runs.at(-1)!;
const named = (run: typeof ramp, id: string, window?: { from: number; to: number }): NamedRun => ({
  ...run,
  id,
  run: 1,
  runs: 1,
  fileName: `${id}.csv`,
  ...(window ? { window } : {}),
});

describe('steadyWindow', () => {
  it("is the steady-state finding's window, in seconds from row 0", () => {
    const finding = evaluateFindings(ramp).findings.find((f) => f.rule === 'steady-state')!;
    expect(finding).toBeDefined();
    const w = steadyWindow(ramp)!;
    const origin = (ramp.time[ramp.firstRowIsSinceBoot ? 1 : 0]! - ramp.time[0]!) / 1000;
    expect(w).toEqual({ from: finding.windows[0]!.from + origin, to: finding.windows[0]!.to + origin });
    // The warm-up is left out: the window starts well after the run's start.
    expect(w.from).toBeGreaterThan(20);
  });

  it('reads the stored findings when the run has them, and is null for a run without a steady state', () => {
    const stored: RunFindings = {
      findings: [{ ...evaluateFindings(ramp).findings.find((f) => f.rule === 'steady-state')!, windows: [{ from: 5, to: 15 }] }],
      checked: ['steady-state'],
      skipped: [],
    };
    const origin = (ramp.time[ramp.firstRowIsSinceBoot ? 1 : 0]! - ramp.time[0]!) / 1000;
    expect(steadyWindow({ ...ramp, findings: stored })).toEqual({ from: 5 + origin, to: 15 + origin });
    expect(steadyWindow({ ...ramp, findings: { findings: [], checked: ['steady-state'], skipped: [] } })).toBeNull();
    expect(steadyWindow(flat)).toBeNull();
  });
});

describe('toCompareJson with window=steady', () => {
  const json = toCompareJson([named(flat, 'flat'), named(ramp, 'ramp')], { baseline: 0, shifts: [], window: 'steady' });

  it('cuts each run with a steady state to it (its start the zero) and keeps the others whole, saying which', () => {
    const w = steadyWindow(ramp)!;
    expect(json.runs.map((r) => r.steady)).toEqual([false, true]);
    expect(json.runs[0]!.window).toBeUndefined();
    expect(json.runs[1]!.window).toEqual(w);
    expect(json.runs[1]!.shift).toBe(w.from);
    expect(json.window).toBeNull();
    const t0 = ramp.time[0]!;
    const inside = Array.from(ramp.time).filter((t, i) => i > 0 && (t - t0) / 1000 >= w.from && (t - t0) / 1000 <= w.to).length;
    expect(json.runs[1]!.rows).toBe(inside);
    const whole = toCompareJson([named(flat, 'flat'), named(ramp, 'ramp')], { baseline: 0, shifts: [], window: null });
    expect(json.runs[0]!.rows).toBe(whole.runs[0]!.rows);
    expect(json.runs[1]!.rows).toBeLessThan(whole.runs[1]!.rows);
    // Held at 80 %: the steady window's CPU mean is above the whole run's, which counts the ramp.
    expect(json.series['total cpu usage/usr']!.runs[1]!.avg).toBeGreaterThan(whole.series['total cpu usage/usr']!.runs[1]!.avg);
  });

  it('leaves a run compared by a window of its own as it is', () => {
    const own = toCompareJson([named(ramp, 'ramp', { from: 0, to: 10 })], { baseline: 0, shifts: [], window: 'steady' });
    expect(own.runs[0]!.window).toEqual({ from: 0, to: 10 });
    expect(own.runs[0]!.steady).toBeUndefined();
  });

  it('the header says the window and names the runs compared whole', () => {
    const labels = [{ tag: 'A', name: 'a' }, { tag: 'B', name: 'b' }, { tag: 'C', name: 'c' }];
    expect(steadyWindowText([false, true, undefined], labels)).toBe("each run's steady-state window; A: no steady state found, whole run");
    expect(steadyWindowText([true, true], labels, 'ja')).toBe('各ランの定常状態の区間');
  });
});
