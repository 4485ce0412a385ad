import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  formatSeconds,
  parseViewState,
  serialiseViewState,
  type ViewState,
} from '../../../shared/view/view-state.js';

const view = (patch: Partial<ViewState>): ViewState => ({ ...DEFAULT_VIEW, ...patch });

describe('parseViewState', () => {
  it('gives the default view for an empty query', () => {
    expect(parseViewState('')).toEqual(DEFAULT_VIEW);
    expect(parseViewState('?')).toEqual(DEFAULT_VIEW);
    expect(DEFAULT_VIEW).toMatchObject({ run: null, from: null, to: null, height: 200, cols: null, x: 'time', heatmap: true });
  });

  it('reads every parameter of docs/ui-contract.md §5', () => {
    const v = parseViewState(
      '?run=2&from=12.5&to=80&offset=10&duration=3600&height=320&cols=3&diskMax=104857600&iopsMax=5000' +
        '&netMax=12500000&x=elapsed&trend=1&smooth=5&hide=disk%3Aloop0,cpu%20usage%2Fidl&idle=1&heatmap=0' +
        '&finding=cpu-single-hot:2&link=eth0:10G,eth1:1G',
    );
    expect(v).toEqual({
      run: 2,
      from: 12.5,
      to: 80,
      offset: 10,
      duration: 3600,
      height: 320,
      cols: 3,
      diskMax: 104857600,
      iopsMax: 5000,
      netMax: 12500000,
      x: 'elapsed',
      trend: true,
      smooth: 5,
      hide: ['cpu usage/idl', 'disk:loop0'],
      idle: true,
      heatmap: false,
      finding: 'cpu-single-hot:2',
      link: [
        { nic: 'eth0', bitsPerSecond: 10e9 },
        { nic: 'eth1', bitsPerSecond: 1e9 },
      ],
    });
  });

  it('falls back to the default for each invalid value, keeping the valid ones, and never throws', () => {
    const v = parseViewState(
      '?run=0&from=abc&to=5&offset=-3&duration=1e3&height=50&cols=5&diskMax=-1&iopsMax=0x10&netMax=Infinity' +
        '&x=sideways&trend=maybe&smooth=0&idle=2&heatmap=&hide=&finding=Nope&link=eth0',
    );
    expect(v).toEqual(DEFAULT_VIEW);
    expect(parseViewState('?height=99999&cols=2.5&run=1.5&smooth=2.5&smooth=3601')).toEqual(DEFAULT_VIEW);
    expect(parseViewState('?height=%E0%A4%A&x=%&hide=%ZZ,ok')).toEqual(view({ hide: ['ok'] }));
  });

  it('needs both ends of the zoom window, in order', () => {
    expect(parseViewState('?from=10').from).toBeNull();
    expect(parseViewState('?to=10').to).toBeNull();
    expect(parseViewState('?from=20&to=10')).toMatchObject({ from: null, to: null });
    expect(parseViewState('?from=10&to=10')).toMatchObject({ from: null, to: null });
    expect(parseViewState('?from=0&to=0.5')).toMatchObject({ from: 0, to: 0.5 });
  });

  it('rounds seconds to the millisecond and limits to whole units', () => {
    expect(parseViewState('?from=1.23456&to=2.0004')).toMatchObject({ from: 1.235, to: 2 });
    expect(parseViewState('?diskMax=1.6').diskMax).toBe(2);
    expect(parseViewState('?height=201.6').height).toBe(202);
  });

  it('takes the first of repeated parameters and ignores unknown ones', () => {
    expect(parseViewState('?cols=2&cols=3&utm_source=mail').cols).toBe(2);
  });

  it('accepts the usual spellings of flags', () => {
    expect(parseViewState('?trend=true&idle=yes&heatmap=off')).toMatchObject({ trend: true, idle: true, heatmap: false });
    expect(parseViewState('?trend=0&heatmap=1')).toMatchObject({ trend: false, heatmap: true });
  });

  it('splits hide on literal commas only: a comma inside an item stays', () => {
    expect(parseViewState('?hide=other%3Aa%2Cb,net%3Aeth0,net%3Aeth0,').hide).toEqual(['net:eth0', 'other:a,b']);
    expect(parseViewState('?hide=memory+usage%2Ffree').hide).toEqual(['memory usage/free']);
  });
});

describe('serialiseViewState', () => {
  it('writes nothing for the default view', () => {
    expect(serialiseViewState(DEFAULT_VIEW)).toBe('');
  });

  it('writes only what differs, in a fixed order, with readable keys', () => {
    expect(
      serialiseViewState(
        view({ heatmap: false, hide: ['net:eth0', 'cpu usage/idl', 'other:a,b'], from: 5, to: 65.25, x: 'elapsed', run: 1 }),
      ),
    ).toBe('?run=1&from=5&to=65.25&x=elapsed&hide=cpu%20usage/idl,net:eth0,other:a%2Cb&heatmap=0');
    expect(serialiseViewState(view({ diskMax: 104857600, trend: true, idle: true, cols: 1, height: 300 }))).toBe(
      '?height=300&cols=1&diskMax=104857600&trend=1&idle=1',
    );
  });

  it('drops a zoom window that is not a window', () => {
    expect(serialiseViewState(view({ from: 10, to: null }))).toBe('');
    expect(serialiseViewState(view({ from: 10, to: 5 }))).toBe('');
  });

  it('formats seconds without exponents or float noise', () => {
    expect(formatSeconds(0.1 + 0.2)).toBe('0.3');
    expect(formatSeconds(12)).toBe('12');
    expect(formatSeconds(1e9 + 0.001)).toBe('1000000000.001');
  });
});

describe('round trip', () => {
  it('parse(serialise(v)) is v for the examples above', () => {
    for (const v of [
      DEFAULT_VIEW,
      view({ run: 3, from: 0, to: 1.001, offset: 2.5, duration: 60, height: 150, cols: 4 }),
      view({ diskMax: 1, iopsMax: 2, netMax: 3, x: 'elapsed', trend: true, idle: true, heatmap: false }),
      view({ hide: ['a,b', 'c d/e', 'ü:%', 'disk:loop0'].sort() }),
    ]) {
      expect(parseViewState(serialiseViewState(v))).toEqual(v);
    }
  });

  it('holds for any view parse can give, and serialise(parse(q)) is stable', () => {
    const seconds = fc.integer({ min: 0, max: 10_000_000 }).map((ms) => ms / 1000);
    const arbitraryView = fc.record({
      run: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
      window: fc.option(fc.tuple(seconds, seconds).filter(([a, b]) => a !== b), { nil: null }),
      offset: seconds,
      duration: seconds,
      height: fc.integer({ min: 100, max: 1200 }),
      cols: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      diskMax: fc.nat(),
      iopsMax: fc.nat(),
      netMax: fc.nat(),
      x: fc.constantFrom('time' as const, 'elapsed' as const),
      trend: fc.boolean(),
      smooth: fc.integer({ min: 1, max: 3600 }),
      hide: fc.uniqueArray(fc.string({ minLength: 1 }).filter((s) => s.trim() === s), { maxLength: 5 }),
      idle: fc.boolean(),
      heatmap: fc.boolean(),
      finding: fc.option(
        fc.tuple(fc.constantFrom('cpu-busy', 'swapping', 'net-near-link'), fc.integer({ min: 1, max: 9 })).map(([r, n]) => (n === 1 ? r : `${r}:${n}`)),
        { nil: null },
      ),
      link: fc
        .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), fc.integer({ min: 1, max: 400 })), { selector: ([nic]) => nic, maxLength: 3 })
        .map((items) => items.map(([nic, m]) => ({ nic, bitsPerSecond: m * 1e8 })).sort((a, b) => (a.nic < b.nic ? -1 : 1))),
    });
    fc.assert(
      fc.property(arbitraryView, ({ window, hide, ...rest }) => {
        const v: ViewState = {
          ...rest,
          from: window ? Math.min(...window) : null,
          to: window ? Math.max(...window) : null,
          hide: [...hide].sort(),
        };
        const q = serialiseViewState(v);
        expect(parseViewState(q)).toEqual(v);
        expect(serialiseViewState(parseViewState(q))).toBe(q);
      }),
    );
  });

  it('never throws on any query string', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        const v = parseViewState(q);
        expect(parseViewState(serialiseViewState(v))).toEqual(v);
      }),
    );
  });
});
