import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { byteAxisLabels, MIN_TIME_TICKS, niceTicks, tickStep, timeTicks } from '../../../shared/chart/ticks.js';
import { LABEL_GAP_PX, labelWidth, timeAxis } from '../../../shared/chart/time-axis.js';

/** A power of two (1 B … 512 B) times a power of 1024: a round binary step. */
function isBinaryStep(step: number): boolean {
  return step >= 1 && Number.isInteger(Math.log2(step));
}

describe('byte axis ticks', () => {
  it('sit at multiples of a power-of-two step for small and large ranges', () => {
    // The case: a small range read 0 / 1000 / 1.95K / 2.93K (decimal steps, binary labels).
    expect(niceTicks(0, 2900, 4, 'binary')).toEqual([0, 1024, 2048, 3072]);
    expect(byteAxisLabels([0, 1024, 2048, 3072])).toEqual(['0', '1 KiB', '2 KiB', '3 KiB']);
    expect(niceTicks(0, 700, 4, 'binary')).toEqual([0, 256, 512, 768]);
    expect(byteAxisLabels([0, 256, 512, 768])).toEqual(['0', '256 B', '512 B', '768 B']);
    expect(byteAxisLabels([0, 2 ** 29, 2 ** 30, 3 * 2 ** 29])).toEqual(['0', '0.5 GiB', '1 GiB', '1.5 GiB']);
  });

  it('labels every tick of an axis in one IEC unit with at most two decimals', () => {
    expect(byteAxisLabels([0, 2 ** 28, 2 ** 29, 3 * 2 ** 28, 2 ** 30])).toEqual(['0', '0.25 GiB', '0.5 GiB', '0.75 GiB', '1 GiB']);
    expect(byteAxisLabels([0, 2 ** 17, 2 ** 18, 3 * 2 ** 17, 2 ** 19, 5 * 2 ** 17, 6 * 2 ** 17, 7 * 2 ** 17, 2 ** 20])).toEqual([
      '0', '128 KiB', '256 KiB', '384 KiB', '512 KiB', '640 KiB', '768 KiB', '896 KiB', '1024 KiB',
    ]);
  });

  it('any range: ticks are whole multiples of one binary step and cover it', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2 ** 50, noNaN: true }), fc.integer({ min: 2, max: 12 }), (max, count) => {
        const ticks = niceTicks(0, max, count, 'binary');
        const step = ticks[1]! - ticks[0]!;
        expect(isBinaryStep(step)).toBe(true);
        for (const t of ticks) expect(Number.isInteger(t / step)).toBe(true);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        const labels = byteAxisLabels(ticks);
        // One unit per axis, never a decimal "k".
        expect(new Set(labels.slice(1).map((l) => l.split(' ')[1])).size).toBe(1);
        for (const l of labels) expect(l).not.toMatch(/\dk|K(?!iB)/);
      }),
    );
  });

  it('steps of counts are whole, of other values 1-2-2.5-5', () => {
    expect(tickStep(0.3, 'integer')).toBe(1);
    expect(tickStep(30, 'decimal')).toBe(50);
    expect(tickStep(700, 'binary')).toBe(1024);
  });
});

describe('time axis ticks', () => {
  it('has at least four ticks at any width and window; its labels never collide, and there are two wherever two fit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 40 * 86400e3 }),
        fc.integer({ min: 60, max: 2000 }),
        fc.constantFrom('time' as const, 'elapsed' as const),
        fc.integer({ min: 0, max: 1e12 }),
        (span, width, mode, t0) => {
          const axis = timeAxis(t0, t0 + span, width, mode, t0 - 1000);
          expect(axis.ticks.length).toBeGreaterThanOrEqual(MIN_TIME_TICKS);
          for (const t of axis.ticks) expect(t >= t0 && t <= t0 + span).toBe(true);
          const labelled = axis.ticks.map((t, i) => ({ x: ((t - t0) / span) * width, label: axis.label(t, i) })).filter((l) => String(l.label) !== '');
          // Each label's box (centred on its tick, at its widest) clears the next by the gap.
          for (let i = 1; i < labelled.length; i++) {
            const [a, b] = [labelled[i - 1]!, labelled[i]!];
            expect(b.x - a.x).toBeGreaterThanOrEqual((labelWidth(a.label) + labelWidth(b.label)) / 2 + LABEL_GAP_PX - 1e-6);
          }
          // Two labels or more on a plot of three graphs a row (250 px) and wider.
          if (width >= 250) expect(labelled.length).toBeGreaterThanOrEqual(2);
          // Within a day the labels differ (across days a clock repeats, with the date where it changes).
          const texts = labelled.map((l) => String(l.label));
          if (span < 86400e3) expect(new Set(texts).size).toBe(texts.length);
        },
      ),
    );
  });

  it('a 31 s window at three graphs a row (a 250 px plot): ticks every 5 s, labels every 10 s, not crowded', () => {
    const t0 = Date.UTC(2026, 10, 29, 20, 43, 11);
    const axis = timeAxis(t0, t0 + 31_000, 250, 'time', t0);
    expect(axis.step).toBe(5000);
    expect(axis.labelStep).toBe(10_000);
    expect(axis.ticks.map((t, i) => axis.label(t, i))).toEqual(['', '20:43:20', '', '20:43:30', '', '20:43:40']);
    // Wide enough: every tick labelled.
    expect(timeAxis(t0, t0 + 31_000, 1200, 'time', t0).labelStep).toBe(timeAxis(t0, t0 + 31_000, 1200, 'time', t0).step);
  });

  it('a 31 s window on a narrow chart: four ticks or more, not one', () => {
    for (let start = 0; start < 10_000; start += 500) {
      const t0 = Date.UTC(2026, 10, 29, 20, 45, 49) + start;
      const { ticks } = timeTicks(t0, t0 + 31_000, 2);
      expect(ticks.length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('elapsed-time labels', () => {
  it('carry seconds at every step: a tick 7 minutes in reads 00:07:00, never 00:07 (minutes or seconds?)', () => {
    for (const [span, width] of [[3600e3, 600], [40 * 60e3, 500], [6 * 3600e3, 900], [90e3, 600]] as const) {
      const axis = timeAxis(1000, 1000 + span, width, 'elapsed', 1000);
      const labels = axis.ticks.map((t, i) => axis.label(t, i));
      for (const l of labels) expect(l, `${span} ms`).toMatch(/^\d\d:\d\d:\d\d$/);
    }
    const hour = timeAxis(0, 3600e3, 600, 'elapsed', 0);
    expect(hour.ticks.map((t, i) => hour.label(t, i))).toContain('00:10:00');
  });
});
