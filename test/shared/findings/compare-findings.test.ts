/** Findings across compared runs: new, gone, changed, the same — a finding being its rule on the same charts. */
import { describe, expect, it } from 'vitest';
import { diffFindings, findingChanged } from '../../../shared/findings/compare-findings.js';
import { finding, runFindings } from '../../helpers/findings.js';

const saturated = finding('cpu-saturated', 'critical', [[20, 81]]);
const hotCpu1 = finding('cpu-single-hot', 'warning', [[10, 40]], { charts: ['cpu:cpu1'] });
const hotCpu3 = finding('cpu-single-hot', 'warning', [[10, 40]], { charts: ['cpu:cpu3'] });
const gaps = finding('sampling-gaps', 'info', [[5, 6]]);

describe('diffFindings', () => {
  it('says a finding of the baseline gone after, one of the run new, and one of both the same', () => {
    const d = diffFindings(runFindings([saturated, gaps]), runFindings([gaps, hotCpu1]));
    expect(d.map((x) => [x.change, (x.after ?? x.before)!.rule])).toEqual([
      ['same', 'sampling-gaps'],
      ['new', 'cpu-single-hot'],
      ['gone', 'cpu-saturated'],
    ]);
  });

  it('tells a rule on other charts apart (another CPU hot is another finding)', () => {
    const d = diffFindings(runFindings([hotCpu1]), runFindings([hotCpu3]));
    expect(d.map((x) => x.change)).toEqual(['new', 'gone']);
  });

  it('says changed for another severity, or a peak or length that moved by more than a quarter', () => {
    const worse = { ...saturated, severity: 'warning' as const };
    const higher = { ...saturated, peak: { ...saturated.peak, value: 12 } };
    const longer = { ...saturated, windows: [{ from: 20, to: 200 }] };
    const alike = { ...saturated, peak: { ...saturated.peak, value: 8.2 }, windows: [{ from: 22, to: 84 }] };
    expect([worse, higher, longer, alike].map((f) => findingChanged(saturated, f))).toEqual([true, true, true, false]);
    expect(diffFindings(runFindings([saturated]), runFindings([longer]))[0]!.change).toBe('changed');
  });

  it('is nothing for two runs without findings', () => {
    expect(diffFindings(runFindings([]), runFindings([]))).toEqual([]);
  });
});
