/** The view option `finding` names one finding of a run: `rule` (its first) or `rule:N`; selecting it zooms and shades. */
import { describe, expect, it } from 'vitest';
import {
  findingIndex,
  findingSpan,
  findingZoom,
  formatFindingRef,
  MIN_MARGIN_S,
  parseFindingRef,
  refOfFinding,
  selectedFinding,
  shadedBands,
} from '../../../shared/findings/finding-ref.js';
import { finding, runFindings } from '../../helpers/findings.js';

const hot1 = finding('cpu-single-hot', 'warning', [[10, 40]], { charts: ['cpu:cpu1'] });
const saturated = finding('cpu-saturated', 'critical', [[20, 81]], { charts: ['procs', 'cpu:total'] });
const hot3 = finding('cpu-single-hot', 'warning', [[50, 90]], { charts: ['cpu:cpu3'] });
const list = [saturated, hot1, hot3];

describe('a finding reference', () => {
  it('is a rule id, or rule:N with N from 1; anything else is no reference', () => {
    expect(parseFindingRef('cpu-saturated')).toEqual({ rule: 'cpu-saturated', n: 1 });
    expect(parseFindingRef('cpu-single-hot:2')).toEqual({ rule: 'cpu-single-hot', n: 2 });
    for (const bad of ['', 'CPU', 'cpu-busy:0', 'cpu-busy:-1', 'cpu busy', '<b>', 'a'.repeat(81), 'x:1:2']) expect(parseFindingRef(bad), bad).toBeUndefined();
  });

  it('is written as the rule id alone for the first', () => {
    expect(formatFindingRef({ rule: 'swapping', n: 1 })).toBe('swapping');
    expect(formatFindingRef({ rule: 'swapping', n: 3 })).toBe('swapping:3');
  });

  it('names a rule that fired once by its id, and each finding of a rule that fired more than once by rule:N', () => {
    expect(list.map((_, i) => refOfFinding(list, i))).toEqual(['cpu-saturated', 'cpu-single-hot:1', 'cpu-single-hot:2']);
  });

  it('selects the finding it names in the run, the first of its rule when N is left out, none when absent', () => {
    expect(findingIndex(list, 'cpu-single-hot:2')).toBe(2);
    expect(findingIndex(list, 'cpu-single-hot')).toBe(1);
    expect(findingIndex(list, 'cpu-single-hot:3')).toBe(-1);
    expect(findingIndex(list, 'swapping')).toBe(-1);
    expect(findingIndex(list, null)).toBe(-1);
    expect(selectedFinding(runFindings(list), 'cpu-saturated')).toBe(saturated);
    expect(selectedFinding(null, 'cpu-saturated')).toBeNull();
  });
});

describe('what a selected finding shows', () => {
  it('zooms to the span of its windows with a quarter of it each side, at least a few seconds, within the run', () => {
    const bursts = finding('periodic-bursts', 'info', [[100, 110], [160, 170], [220, 230]]);
    expect(findingSpan(bursts)).toEqual({ from: 100, to: 230 });
    expect(findingZoom(bursts, 1000)).toEqual({ from: 67.5, to: 262.5 });
    expect(findingZoom(finding('cpu-busy', 'warning', [[2, 4]]), 5)).toEqual({ from: 0, to: 5 });
    expect(findingZoom(finding('cpu-busy', 'warning', [[50, 52]]), 500)).toEqual({ from: 50 - MIN_MARGIN_S, to: 52 + MIN_MARGIN_S });
    expect(findingZoom(finding('cpu-busy', 'warning', []), 500)).toBeNull();
  });

  it('shades its windows on the charts it names only, in ms from the origin', () => {
    expect(shadedBands(saturated, 'procs', 1_000_000)).toEqual([{ t0: 1_020_000, t1: 1_081_000 }]);
    expect(shadedBands(saturated, 'disk:vda', 1_000_000)).toEqual([]);
    expect(shadedBands(null, 'procs', 0)).toEqual([]);
  });
});
