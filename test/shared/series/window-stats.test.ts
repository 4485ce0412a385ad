import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seriesStats } from '../../../shared/series/stats.js';
import { windowStats } from '../../../shared/series/window-stats.js';
import { isDstatFormatError } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

describe('windowStats (the definitions of stats.ts, computed by selection)', () => {
  it('gives min, mean, nearest-rank p95 and max of the rows in the window, empty cells left out', () => {
    const v = Float64Array.from([5, NaN, 1, 9, 3, 7, NaN, 100]);
    expect(windowStats(v, 0, 7)).toEqual({ count: 5, min: 1, avg: 5, p95: 9, max: 9 });
    expect(windowStats(v, 2, 4)).toEqual({ count: 2, min: 1, avg: 5, p95: 9, max: 9 });
    expect(windowStats(v)).toEqual({ count: 6, min: 1, avg: 125 / 6, p95: 100, max: 100 });
  });

  it('p95 of 1..100 is 95, of 1..20 is 19', () => {
    expect(windowStats(Float64Array.from({ length: 100 }, (_, i) => 100 - i))?.p95).toBe(95);
    expect(windowStats(Float64Array.from({ length: 20 }, (_, i) => i + 1))?.p95).toBe(19);
  });

  it('is null for an empty window or one with no value', () => {
    expect(windowStats(Float64Array.from([1, 2]), 1, 1)).toBeNull();
    expect(windowStats(Float64Array.from([NaN, NaN]))).toBeNull();
    expect(windowStats(new Float64Array(0))).toBeNull();
  });

  it('handles an idle series (all zero) and large windows', () => {
    expect(windowStats(new Float64Array(200_000))).toEqual({ count: 200_000, min: 0, avg: 0, p95: 0, max: 0 });
  });

  it('equals seriesStats (stats.ts) exactly on any data and window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })), { nil: null }), {
          maxLength: 300,
        }),
        fc.nat(320),
        fc.nat(320),
        (cells, a, b) => {
          const v = Float64Array.from(cells, (c) => (c === null || Object.is(c, -0) ? NaN : c));
          const [from, to] = a <= b ? [a, b] : [b, a];
          expect(windowStats(v, from, to)).toEqual(seriesStats(v, from, to));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('windowStats, selection on awkward data', () => {
  it('equals seriesStats on few distinct values in many orders (ties around the 95th rank)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }), (cells) => {
        const v = Float64Array.from(cells);
        expect(windowStats(v)).toEqual(seriesStats(v));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('windowStats on the real logs (the report JSON\'s statistics are made with it)', () => {
  it('equals seriesStats on every numeric series of every fixture, whole run and its second half', () => {
    let compared = 0;
    for (const name of FIXTURE_NAMES) {
      let log;
      try {
        log = parseDstat(readFixture(name));
      } catch (err) {
        if (isDstatFormatError(err)) continue;
        throw err;
      }
      for (const run of log.runs) {
        for (const s of run.series) {
          if (s.kind !== 'number') continue;
          const half = s.values.length >> 1;
          expect(windowStats(s.values, 1), `${name} ${s.id}`).toEqual(seriesStats(s.values, 1));
          expect(windowStats(s.values, half), `${name} ${s.id}`).toEqual(seriesStats(s.values, half));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
