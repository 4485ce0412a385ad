/**
 * The view's `finding` on a run: without from/to the view shows the finding's window; the charts it names
 * shade it. A finding's seconds count from the first sample after the since-boot row, the view's from row 0.
 */
import { describe, expect, it } from 'vitest';
import { findingOrigin, findingShade, findingViewZoom, withFindingZoom } from '../../../shared/view/finding-view.js';
import { lineViewOf } from '../../../shared/view/line-view.js';
import { chartTheme } from '../../../shared/chart/theme.js';
import { wholeView } from '../../../shared/view/view-options.js';
import { finding, runFindings } from '../../helpers/findings.js';

const START = 1_700_000_000_000;
/** Row 0 (since boot) at START, the first sample 1 s later, the last at 300 s. */
const times = { start: START, window: { t0: START + 1000, t1: START + 300_000 }, intervalMs: 1000 };
const saturated = finding('cpu-saturated', 'critical', [[20, 80]]);
const run = { ...times, findings: runFindings([saturated]) };

describe('a finding in the view', () => {
  it("counts its seconds from the run's first drawn sample", () => {
    expect(findingOrigin(times)).toBe(START + 1000);
  });

  it('gives the view from/to of its window with the margin, seconds from row 0', () => {
    // 20–80 s from the first sample = 21–81 s from row 0; a margin of 15 s each side.
    expect(findingViewZoom(times, saturated)).toEqual({ from: 6, to: 96 });
  });

  it('zooms a view without from/to, and leaves a zoom of its own as it is', () => {
    expect(withFindingZoom(run, { finding: 'cpu-saturated', from: null, to: null })).toEqual({ finding: 'cpu-saturated', from: 6, to: 96 });
    expect(withFindingZoom(run, { finding: 'cpu-saturated', from: 30, to: 40 })).toEqual({ finding: 'cpu-saturated', from: 30, to: 40 });
    expect(withFindingZoom(run, { finding: 'swapping', from: null, to: null })).toEqual({ finding: 'swapping', from: null, to: null });
    expect(withFindingZoom({ ...times }, { finding: 'cpu-saturated', from: null, to: null })).toEqual({ finding: 'cpu-saturated', from: null, to: null });
  });

  it('is what the line charts draw: the window zoomed, the finding shaded from its origin', () => {
    const trend = { ...run, time: new Float64Array([START, START + 1000, START + 300_000]), firstRow: 1, rows: 3 };
    const view = lineViewOf(trend, wholeView({ finding: 'cpu-saturated' }), chartTheme('light'))!;
    expect(view.window).toEqual({ t0: START + 6000, t1: START + 96_000 });
    expect(view.finding).toEqual({ finding: saturated, origin: START + 1000 });
    expect(lineViewOf(trend, wholeView({}), chartTheme('light'))!.finding).toBeNull();
    expect(findingShade(run, { finding: null })).toBeNull();
  });
});
