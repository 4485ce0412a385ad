/** What the Findings block lists: most severe first, then the earliest; each with its window, clock time and peak, in the page's language. */
import { describe, expect, it } from 'vitest';
import { findingRows, peakValue, secondsText, severityCounts } from '../../../web/src/findings/findings-text.js';
import { finding, runFindings } from '../../helpers/findings.js';

/** 12:00:00 as recorded (floating ms: the host's clock as if UTC). */
const NOON = Date.UTC(2026, 11, 4, 12, 0, 0);

const steady = finding('steady-state', 'info', [[5, 200]]);
const busyLate = finding('cpu-busy', 'warning', [[120, 180]], { peak: { value: 99.5, unit: '%', at: 150, series: 'total cpu usage/usr' } });
const saturated = finding('cpu-saturated', 'critical', [[20, 81]]);
const iowait = finding('cpu-iowait', 'warning', [[30, 90]]);
const bursts = finding('periodic-bursts', 'info', [[100, 110], [160, 170]], { peak: { value: 52_428_800, unit: 'B/s', at: 165, series: 'dsk/total/writ' } });
const run = runFindings([steady, busyLate, saturated, iowait, bursts]);

describe('findingRows', () => {
  it('puts the most severe first, then keeps the order the run lists them in', () => {
    expect(findingRows(run, NOON, 'en').map((r) => r.finding.rule)).toEqual(['cpu-saturated', 'cpu-busy', 'cpu-iowait', 'steady-state', 'periodic-bursts']);
  });

  it("gives each its window in seconds and clock time, its peak, and its sentence in the page's language", () => {
    const [first] = findingRows(run, NOON, 'en');
    expect(first).toMatchObject({
      ref: 'cpu-saturated',
      severity: 'critical',
      text: 'cpu-saturated in English',
      window: '20–81 s',
      clock: '12:00:20–12:01:21',
      peak: '7.9 procs at 20 s',
    });
    const ja = findingRows(run, NOON, 'ja')[0]!;
    expect(ja.text).toBe('cpu-saturated 日本語');
    expect(ja.window).toBe('20–81 秒');
  });

  it('says how many windows a finding has, and writes byte rates and percentages with their units', () => {
    const rows = findingRows(run, NOON, 'en');
    expect(rows.find((r) => r.finding.rule === 'periodic-bursts')).toMatchObject({ window: '2 windows, 100–170 s', peak: '50 MiB/s at 165 s' });
    expect(rows.find((r) => r.finding.rule === 'cpu-busy')!.peak).toBe('99.5 % at 150 s');
  });

  it('keeps the reference of the run\'s own order, whatever the page order', () => {
    const twice = runFindings([finding('cpu-single-hot', 'info', [[50, 60]]), finding('cpu-single-hot', 'warning', [[70, 80]])]);
    expect(findingRows(twice, NOON, 'en').map((r) => r.ref)).toEqual(['cpu-single-hot:2', 'cpu-single-hot:1']);
  });

  it('falls back to English when a sentence has no Japanese', () => {
    const plain = runFindings([finding('swapping', 'warning', [[1, 2]], { text: { en: 'page-out storm', ja: '' } })]);
    expect(findingRows(plain, NOON, 'ja')[0]!.text).toBe('page-out storm');
  });
});

describe('the summary and the numbers', () => {
  it('counts the findings by severity, most severe first, leaving out the severities not found', () => {
    expect(severityCounts(run)).toEqual([
      { severity: 'critical', n: 1 },
      { severity: 'warning', n: 2 },
      { severity: 'info', n: 2 },
    ]);
    expect(severityCounts(runFindings([]))).toEqual([]);
  });

  it('writes seconds whole, tenths under 10 s', () => {
    expect(secondsText(81)).toBe('81');
    expect(secondsText(80.6)).toBe('81');
    expect(secondsText(2.25)).toBe('2.3');
  });

  it('writes a peak with the unit the formatter does not', () => {
    expect(peakValue(4200, '/s')).toBe('4,200 /s');
    expect(peakValue(1024, 'B')).toBe('1 KiB');
  });
});
