/**
 * The compare page's view from its URL query (shared/view/compare-view.ts, docs/ui-contract.md §18): every
 * parameter read, what is missing or malformed taken as the default (never a throw), and the round trip
 * with compareQuery, which writes it.
 */
import { describe, expect, it } from 'vitest';
import { compareQuery } from '../../../shared/api/compare-ref.js';
import { parseCompareView, reportIds } from '../../../shared/view/compare-view.js';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'Bb-_0123456789abcdefgh';

describe('parseCompareView', () => {
  it('reads the runs (with a window of a run), baseline, shifts, window, sort, idle, alignment and minimum change', () => {
    const v = parseCompareView(`?ids=${A},${B}:2@5-65&baseline=1&shift=-1.5,30&from=10&to=70.25&sort=name&idle=1&align=clock&minChange=10`);
    expect(v).toEqual({
      refs: [
        { id: A, run: null },
        { id: B, run: 2, window: { from: 5, to: 65 } },
      ],
      error: null,
      baseline: 1,
      shifts: [-1.5, 30],
      from: 10,
      to: 70.25,
      sort: 'name',
      idle: true,
      align: 'clock',
      minChange: 10,
      window: 'whole',
      layout: 'overlay',
    });
    expect(compareQuery(v)).toBe(`?ids=${A},${B}:2@5-65&baseline=1&shift=-1.5,30&from=10&to=70.25&sort=name&idle=1&minChange=10&align=clock`);
  });

  it('defaults: baseline 0, no shift, no window, sorted by change, idle devices not drawn', () => {
    expect(parseCompareView(`?ids=${A},${B}`)).toEqual({
      refs: [
        { id: A, run: null },
        { id: B, run: null },
      ],
      error: null,
      baseline: 0,
      shifts: [0, 0],
      from: null,
      to: null,
      sort: 'change',
      idle: false,
      align: 'elapsed',
      minChange: 5,
      window: 'whole',
      layout: 'overlay',
    });
  });

  it('refused ids: no runs and the reason; the rest still defaults', () => {
    const v = parseCompareView('?ids=../etc,x&baseline=1&shift=5');
    expect(v.refs).toEqual([]);
    expect(v.error).toMatch(/"\.\.\/etc" is not a report id/);
    expect(v.baseline).toBe(0);
    expect(v.shifts).toEqual([]);
    expect(parseCompareView('').error).toMatch(/ids is empty/);
  });

  it('a baseline that is not a whole index of a run is 0', () => {
    for (const b of ['2', '-1', '0.5', 'x', '', ' ', 'Infinity']) {
      expect(parseCompareView(`?ids=${A},${B}&baseline=${b}`).baseline, b).toBe(0);
    }
    expect(parseCompareView(`?ids=${A},${B}&baseline=1`).baseline).toBe(1);
    expect(parseCompareView(`?ids=${A},${B}&baseline=%201%20`).baseline).toBe(1);
  });

  it('shifts: in ids order, an empty or malformed one 0, extra ones ignored', () => {
    expect(parseCompareView(`?ids=${A},${B}&shift=,7`).shifts).toEqual([0, 7]);
    expect(parseCompareView(`?ids=${A},${B}&shift=abc,%20`).shifts).toEqual([0, 0]);
    expect(parseCompareView(`?ids=${A},${B}&shift=1,2,3`).shifts).toEqual([1, 2]);
    expect(parseCompareView(`?ids=${A},${B}&shift=4`).shifts).toEqual([4, 0]);
    expect(parseCompareView(`?ids=${A},${B}&shift=Infinity,-Infinity`).shifts).toEqual([0, 0]);
  });

  it('a window needs both ends, finite, from before to', () => {
    const w = (q: string) => {
      const v = parseCompareView(`?ids=${A}&${q}`);
      return [v.from, v.to];
    };
    expect(w('from=0&to=5')).toEqual([0, 5]);
    expect(w('from=-5&to=0')).toEqual([-5, 0]);
    expect(w('from=5')).toEqual([null, null]);
    expect(w('to=5')).toEqual([null, null]);
    expect(w('from=5&to=5')).toEqual([null, null]);
    expect(w('from=6&to=5')).toEqual([null, null]);
    expect(w('from=&to=5')).toEqual([null, null]);
    expect(w('from=%20&to=5')).toEqual([null, null]); // blank, not 0
    expect(w('from=NaN&to=5')).toEqual([null, null]);
  });

  it('sort takes only its words; idle is a switch spelt as on a report page (1/0, true/false…)', () => {
    expect(parseCompareView(`?ids=${A}&sort=Name`).sort).toBe('change');
    expect(parseCompareView(`?ids=${A}&sort=`).sort).toBe('change');
    expect(parseCompareView(`?ids=${A}&idle=true`).idle).toBe(true);
    expect(parseCompareView(`?ids=${A}&idle=0`).idle).toBe(false);
    expect(parseCompareView(`?ids=${A}&idle=maybe`).idle).toBe(false);
  });

  it('reads back what compareQuery writes', () => {
    const v = parseCompareView(`?ids=${B}:3,${A}&baseline=1&shift=0,-2&from=1&to=2&sort=name&idle=1`);
    expect(parseCompareView(compareQuery(v))).toEqual(v);
  });
});

describe('reportIds', () => {
  it('each report once, in the order first named', () => {
    expect(reportIds(parseCompareView(`?ids=${B}:1,${A},${B}:2`))).toEqual([B, A]);
    expect(reportIds(parseCompareView('?ids=nope'))).toEqual([]);
  });
});
