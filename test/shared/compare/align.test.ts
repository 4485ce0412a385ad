/**
 * Runs lined up on elapsed time (shared/compare/align.ts) at their edges: runs with no row or only the
 * since-boot row, no runs, windows of no width, shifts whose round trip through seconds is inexact.
 * Real runs aligned are in compare.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  commonWindow,
  countedRows,
  elapsedSeconds,
  elapsedSpan,
  firstCountedRow,
  wallClockMs,
  type CompareRunInput,
} from '../../../shared/compare/index.js';

const run = (time: number[], firstRowIsSinceBoot = true): CompareRunInput => ({ time: Float64Array.from(time), firstRowIsSinceBoot, series: [] });

describe('firstCountedRow', () => {
  it('is 1 when row 0 is the since-boot average, 0 otherwise or when there is no row', () => {
    expect(firstCountedRow(run([0, 1000]))).toBe(1);
    expect(firstCountedRow(run([0, 1000], false))).toBe(0);
    expect(firstCountedRow(run([]))).toBe(0);
  });
});

describe('elapsedSeconds and wallClockMs', () => {
  it('count from row 0, less the shift, and back', () => {
    const r = run([5000, 6000]);
    expect(elapsedSeconds(r, 8000)).toBe(3);
    expect(elapsedSeconds(r, 8000, 1)).toBe(2);
    expect(wallClockMs(r, 3)).toBe(8000);
    expect(wallClockMs(r, 2, 1)).toBe(8000);
  });

  it('count from time 0 for a run without rows', () => {
    expect(elapsedSeconds(run([]), 8000)).toBe(8);
    expect(wallClockMs(run([]), 8)).toBe(8000);
  });
});

describe('elapsedSpan', () => {
  it('spans the counted rows, and is null when only the since-boot row is there', () => {
    expect(elapsedSpan(run([5000, 6000, 9000]))).toEqual({ from: 1, to: 4 });
    expect(elapsedSpan(run([5000, 6000, 9000], false), 2)).toEqual({ from: -2, to: 2 });
    expect(elapsedSpan(run([5000]))).toBeNull();
    expect(elapsedSpan(run([5000], false))).toEqual({ from: 0, to: 0 });
  });
});

describe('commonWindow', () => {
  it('is null for no runs, or a run without counted rows', () => {
    expect(commonWindow([])).toBeNull();
    expect(commonWindow([run([0, 1000, 2000]), run([0])])).toBeNull();
  });

  it('may be a single instant where two runs just touch', () => {
    expect(commonWindow([run([0, 1000, 2000]), run([0, 2000, 3000])], [0, 0])).toEqual({ from: 2, to: 2 });
  });
});

describe('countedRows', () => {
  it('is every counted row without a window', () => {
    expect(countedRows(run([0, 1000, 2000]), null)).toEqual({ from: 1, to: 3 });
    expect(countedRows(run([0, 1000, 2000], false), null)).toEqual({ from: 0, to: 3 });
  });

  it('keeps a shifted run’s own rows at the ends of its common window, though seconds do not round-trip exactly', () => {
    // (1345 − 679) / 1000 − 5.2 back to ms is 1345.0000000000005; (1359 − 679) / 1000 − 5.2 back is 1358.9999999999998.
    const r = run([679, 1345, 1350, 1359]);
    const window = commonWindow([r], [5.2])!;
    expect(countedRows(r, window, 5.2)).toEqual({ from: 1, to: 4 });
  });
});
