/**
 * The options that travel in URLs: a report page's query from viewer options (view-query.ts), dstat2graphs'
 * form fields and arguments read and mapped to them (d2g-options.ts), a compare page's run list and query
 * (compare-ref.ts), and a comparison as the API's JSON (compare-json.ts).
 */
import { describe, expect, it } from 'vitest';
import { toCompareJson, type NamedRun } from '../../../shared/api/compare-json.js';
import { compareQuery, formatRunRefs, parseRunRefs } from '../../../shared/api/compare-ref.js';
import { D2G_FIELDS, D2gOptionError, d2gRange, d2gViewOptions, parseD2gOptions } from '../../../shared/api/d2g-options.js';
import { viewQuery } from '../../../shared/api/view-query.js';

const ID_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const ID_B = 'BBBBBBBBBBBBBBBBBBBBBw';

describe('viewQuery', () => {
  it("writes only the options that are set, in the contract's order, URL-encoded", () => {
    expect(viewQuery({})).toBe('');
    expect(viewQuery({ x: 'elapsed', height: 192 })).toBe('?height=192&x=elapsed');
    expect(viewQuery({ x: 'time', netMax: 3, iopsMax: 2, diskMax: 1, cols: 2, height: 300, duration: 60, offset: 10, run: 2 })).toBe(
      '?run=2&offset=10&duration=60&height=300&cols=2&diskMax=1&iopsMax=2&netMax=3&x=time',
    );
    expect(viewQuery({ offset: 0 })).toBe('?offset=0');
    expect(viewQuery({ x: 'a&b=c' as never })).toBe('?x=a%26b%3Dc');
  });
});

describe('parseD2gOptions', () => {
  it("takes dstat2graphs' fields in its form order, with its ranges and defaults", () => {
    expect(D2G_FIELDS).toEqual(['width', 'height', 'disk_limit', 'io_limit', 'net_limit', 'offset', 'duration', 'is_actual']);
    expect(d2gRange('width')).toEqual({ minimum: 64, maximum: 1024, default: 512 });
    expect(d2gRange('height')).toEqual({ minimum: 64, maximum: 1024, default: 192 });
    expect(d2gRange('is_actual')).toEqual({ minimum: 0, maximum: 1, default: 0 });
    expect(d2gRange('offset')).toEqual({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 });
  });

  it('reads whole numbers (spaces around allowed) at the ends of each range; absent fields stay absent', () => {
    expect(parseD2gOptions({})).toEqual({});
    expect(parseD2gOptions({ width: ' 64 ', height: '1024', is_actual: '1', offset: '0', other: 'x' })).toEqual({ width: 64, height: 1024, is_actual: 1, offset: 0 });
    expect(parseD2gOptions({ duration: String(Number.MAX_SAFE_INTEGER) })).toEqual({ duration: Number.MAX_SAFE_INTEGER });
  });

  it('refuses a value out of range or not a whole number, naming the field and its range', () => {
    const refused = (values: Record<string, string>): D2gOptionError => {
      try {
        parseD2gOptions(values);
      } catch (err) {
        if (err instanceof D2gOptionError) return err;
        throw err;
      }
      throw new Error(`accepted ${JSON.stringify(values)}`);
    };
    expect(refused({ width: '63' }).message).toBe('width must be an integer from 64 to 1024 (as in dstat2graphs), got "63"');
    expect(refused({ height: '1025' }).field).toBe('height');
    expect(refused({ is_actual: '2' }).message).toBe('is_actual must be 0 or 1 (as in dstat2graphs), got "2"');
    expect(refused({ net_limit: '-1' }).message).toBe('net_limit must be an integer ≥ 0 (as in dstat2graphs), got "-1"');
    expect(refused({ offset: String(Number.MAX_SAFE_INTEGER + 1) }).field).toBe('offset');
    for (const bad of ['', ' ', '1.5', '1e3', '0x10', 'abc', '12a', 'a12', '1 2', '12345678901234567']) {
      expect(refused({ duration: bad }).field, JSON.stringify(bad)).toBe('duration');
    }
    expect(refused({ disk_limit: 'x'.repeat(100) }).message).toContain(`got "${'x'.repeat(40)}"`);
    expect(refused({ disk_limit: 'x'.repeat(100) }).name).toBe('D2gOptionError');
    // the first bad field in form order is named
    expect(refused({ offset: 'x', width: 'y' }).field).toBe('width');
  });
});

describe('d2gViewOptions', () => {
  it('maps every field; zero limits, offset and duration mean automatic / none', () => {
    expect(d2gViewOptions({})).toEqual({});
    expect(d2gViewOptions({ offset: 0, duration: 0, disk_limit: 0, io_limit: 0, net_limit: 0 })).toEqual({});
    expect(d2gViewOptions({ offset: 5, duration: 60, disk_limit: 1, io_limit: 2, net_limit: 3, is_actual: 1 })).toEqual({
      offset: 5,
      duration: 60,
      diskMax: 1,
      iopsMax: 2,
      netMax: 3,
      x: 'time',
    });
    expect(d2gViewOptions({ is_actual: 0 }).x).toBe('elapsed');
  });

  it("height: at least the viewer's 100 px; width: graphs of that width in a 1200 px page, 1 to 4", () => {
    expect(d2gViewOptions({ height: 64 }).height).toBe(100);
    expect(d2gViewOptions({ height: 101 }).height).toBe(101);
    expect([1024, 600, 512, 400, 300, 64].map((width) => d2gViewOptions({ width }).cols)).toEqual([1, 2, 2, 3, 4, 4]);
  });
});

describe('parseRunRefs and formatRunRefs', () => {
  it('reads ids, each optionally with its run, skipping empty items; writes them back the same', () => {
    const r = parseRunRefs(`${ID_A},,${ID_B}:2,${ID_A}:1234567`);
    expect(r).toEqual({ ok: true, refs: [{ id: ID_A, run: null }, { id: ID_B, run: 2 }, { id: ID_A, run: 1234567 }] });
    if (r.ok) expect(formatRunRefs(r.refs)).toBe(`${ID_A},${ID_B}:2,${ID_A}:1234567`);
  });

  it('refuses no id, too many, run 0, an 8-digit run, anything not an id', () => {
    expect(parseRunRefs('')).toEqual({ ok: false, message: 'ids is empty: name the reports to compare, e.g. ids=ID1,ID2' });
    expect(parseRunRefs(',,')).toMatchObject({ ok: false });
    expect(parseRunRefs(Array(8).fill(ID_A).join(','))).toMatchObject({ ok: true });
    expect(parseRunRefs(Array(9).fill(ID_A).join(','))).toEqual({ ok: false, message: '9 runs named; at most 8 can be compared at once' });
    for (const bad of [`${ID_A}:0`, `${ID_A}:12345678`, `${ID_A}:`, `${ID_A}:x`, `x${ID_A}`, `x:${ID_A}`, `x:${ID_A}:2`, `${ID_A}:1:2`, 'short']) {
      expect(parseRunRefs(bad), bad).toEqual({ ok: false, message: `"${bad}" is not a report id (ID, ID:RUN, RUN from 1, or either @FROM-TO)` });
    }
    expect(parseRunRefs('y'.repeat(200))).toEqual({ ok: false, message: `"${'y'.repeat(80)}" is not a report id (ID, ID:RUN, RUN from 1, or either @FROM-TO)` });
  });
});

describe('compareQuery', () => {
  const base: Parameters<typeof compareQuery>[0] = { refs: [{ id: ID_A, run: null }, { id: ID_B, run: 3 }], baseline: 0, shifts: [0, 0], from: null, to: null, sort: 'change', idle: false };

  it('writes the ids and only what differs from the default, in a fixed order, seconds to the millisecond', () => {
    expect(compareQuery(base)).toBe(`?ids=${ID_A},${ID_B}:3`);
    expect(compareQuery({ ...base, baseline: 1, shifts: [0, -1.23456], from: 0.0004, to: 12.3456, sort: 'name', idle: true })).toBe(
      `?ids=${ID_A},${ID_B}:3&baseline=1&shift=0,-1.235&from=0&to=12.346&sort=name&idle=1`,
    );
    expect(compareQuery({ ...base, from: 1, to: null })).toBe(`?ids=${ID_A},${ID_B}:3`);
    expect(compareQuery({ ...base, from: null, to: 1 })).toBe(`?ids=${ID_A},${ID_B}:3`);
  });
});

describe('toCompareJson', () => {
  const run = (id: string, start: number, rows: number, intervalMs: number, value: (i: number) => number): NamedRun => ({
    id,
    run: 1,
    runs: 1,
    fileName: `${id.slice(0, 3)}.csv`,
    meta: { host: 'h', producer: 'dstat', timezone: 'UTC' },
    intervalMs,
    firstRowIsSinceBoot: false,
    time: Float64Array.from({ length: rows }, (_, i) => start + i * 1000),
    series: [{ id: 'cpu/usr', group: 'total cpu usage', column: 'usr', unit: '%', kind: 'number', values: Float64Array.from({ length: rows }, (_, i) => value(i)) }],
  });

  it('describes each run (start, duration, interval, shift, rows counted) and each series', () => {
    const a = run(ID_A, Date.UTC(2026, 0, 1, 10), 11, 1000, () => 10);
    const b = run(ID_B, Date.UTC(2026, 0, 2, 10), 21, NaN, () => 20);
    const json = toCompareJson([a, b], { baseline: 0, shifts: [0, 5], window: null });
    expect(json.runs.map((r) => [r.id, r.fileName, r.host, r.producer, r.start, r.timezone, r.durationS, r.intervalS, r.shift])).toEqual([
      [ID_A, 'AAA.csv', 'h', 'dstat', '2026-01-01T10:00:00', 'UTC', 10, 1, 0],
      [ID_B, 'BBB.csv', 'h', 'dstat', '2026-01-02T10:00:00', 'UTC', 20, 0, 5],
    ]);
    expect(json.runs.map((r) => r.rows)).toEqual([11, 21]);
    expect(json.baseline).toBe(0);
    expect(json.window).toBeNull();
    expect(Object.keys(json.series)).toEqual(['cpu/usr']);
    expect(json.series['cpu/usr']).toMatchObject({ unit: '%', group: 'total cpu usage', column: 'usr' });
    expect(json.noiseRule).toBeTruthy();
  });

  it("'common': the stretch every run covers; refused when they do not overlap; an empty run has no start", () => {
    const a = run(ID_A, 0, 11, 1000, () => 1);
    const b = run(ID_B, 0, 31, 1000, () => 2);
    const json = toCompareJson([a, b], { baseline: 0, shifts: [0, 0], window: 'common' });
    expect(json.window).toEqual({ from: 0, to: 10 });
    expect(json.runs.map((r) => r.rows)).toEqual([11, 11]);
    expect(() => toCompareJson([a, b], { baseline: 0, shifts: [0, 100], window: 'common' })).toThrow('the runs have no stretch of elapsed time in common');
    // A window of aligned seconds [2, 5]: the rows inside it (2, 3, 4, 5), not counted from the start.
    const part = toCompareJson([a, b], { baseline: 0, shifts: [0, 0], window: { from: 2, to: 5 } });
    expect(part.window).toEqual({ from: 2, to: 5 });
    expect(part.runs.map((r) => r.rows)).toEqual([4, 4]);
    const empty = run(ID_B, 0, 0, 1000, () => 0);
    const e = toCompareJson([a, empty], { baseline: 0, shifts: [], window: null });
    expect(e.runs[1]).toMatchObject({ start: '', durationS: 0, rows: 0, shift: 0 });
  });
});
