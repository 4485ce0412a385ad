/**
 * The view as a URL query (shared/view/view-state.ts, docs/ui-contract.md §5): the edges of what parse takes
 * and what serialise writes. The main examples and the round-trip properties are in
 * test/web/unit/view-state.test.ts, beside the page that uses them.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseViewState, sameView, serialiseViewState, type ViewState } from '../../../shared/view/view-state.js';

const view = (patch: Partial<ViewState>): ViewState => ({ ...DEFAULT_VIEW, ...patch });

describe('negative zero', () => {
  it('is read as 0, so that the view round-trips through its URL', () => {
    const v = parseViewState('?offset=-0&duration=-0.0&diskMax=-0&iopsMax=-0.&netMax=-.0');
    expect(v).toEqual(DEFAULT_VIEW);
    expect(Object.is(v.offset, 0) && Object.is(v.diskMax, 0) && Object.is(v.netMax, 0)).toBe(true);
    expect(parseViewState(serialiseViewState(v))).toEqual(v);
    expect(parseViewState('?from=-0&to=5')).toMatchObject({ from: 0, to: 5 });
    expect(Object.is(parseViewState('?from=-0&to=5').from, 0)).toBe(true);
  });
});

describe('parseViewState: the query string', () => {
  it('is read with or without its leading ?', () => {
    expect(parseViewState('run=2&cols=3')).toEqual(view({ run: 2, cols: 3 }));
  });

  it('takes a name without `=` as that name with an empty value: its first occurrence, worth the default', () => {
    expect(parseViewState('?hide')).toEqual(DEFAULT_VIEW);
    expect(parseViewState('?cols&cols=3').cols).toBeNull();
    expect(parseViewState('?hide&hide=cpu').hide).toEqual([]);
  });
});

describe('parseViewState: numbers', () => {
  it('are plain decimals, trimmed, with an optional sign and digits on either side of the point', () => {
    expect(parseViewState('?cols=%203%20&height=300+&offset=%2B5&from=.25&to=.75&duration=7.')).toEqual(
      view({ cols: 3, height: 300, offset: 5, from: 0.25, to: 0.75, duration: 7 }),
    );
  });

  it('take seconds up to MAX_SECONDS (1e10) and Y limits up to 2^53 − 1, both ends included', () => {
    expect(parseViewState('?offset=10000000000&duration=10000000001')).toMatchObject({ offset: 10_000_000_000, duration: 0 });
    expect(parseViewState('?diskMax=9007199254740991&netMax=9007199254740992')).toMatchObject({ diskMax: 9007199254740991, netMax: 0 });
  });

  it('take runs 1 to 1 000 000 and columns 1 to 4', () => {
    expect(parseViewState('?run=1000000').run).toBe(1_000_000);
    expect(parseViewState('?run=1000001').run).toBeNull();
    expect(parseViewState('?cols=0').cols).toBeNull();
    expect(parseViewState('?cols=4').cols).toBe(4);
  });

  it('give no zoom window without `to`, even when `from` is 0', () => {
    expect(parseViewState('?from=0')).toMatchObject({ from: null, to: null });
  });
});

describe('parseViewState: words', () => {
  it('flags: 1/true/yes/on and 0/false/no/off, any case, trimmed', () => {
    for (const on of ['1', 'true', 'yes', 'on', 'ON', '+True+']) expect(parseViewState(`?trend=${on}`).trend).toBe(true);
    for (const off of ['0', 'false', 'no', 'off', 'NO', '+off+']) expect(parseViewState(`?heatmap=${off}`).heatmap).toBe(false);
  });

  it('x: `elapsed` or `time`, trimmed', () => {
    expect(parseViewState('?x=+elapsed+').x).toBe('elapsed');
    expect(parseViewState('?x=%20elapsed').x).toBe('elapsed');
  });

  it('hide: items trimmed, empty ones dropped', () => {
    expect(parseViewState('?hide=+cpu+,net%3Aeth0%20,%20').hide).toEqual(['cpu', 'net:eth0']);
  });
});

describe('serialiseViewState: what is not a valid view is not written', () => {
  it('a run below 1', () => {
    expect(serialiseViewState(view({ run: 0 }))).toBe('');
  });

  it('a zoom window of no width or starting before the run', () => {
    expect(serialiseViewState(view({ from: 10, to: 10 }))).toBe('');
    expect(serialiseViewState(view({ from: -5, to: 10 }))).toBe('');
  });
});

describe('sameView', () => {
  it('is true when both views give the same URL, false otherwise', () => {
    expect(sameView(view({ hide: ['b', 'a'] }), view({ hide: ['a', 'b', 'a'] }))).toBe(true);
    expect(sameView(view({ from: 10, to: 5 }), DEFAULT_VIEW)).toBe(true);
    expect(sameView(view({ trend: true }), DEFAULT_VIEW)).toBe(false);
  });
});
