/**
 * The fast path for ordinary data rows (shared/dstat/plain-row.ts) against the general path it skips
 * (tokenize.ts + RowReader.fieldsOf/keep + toNumber): the same parse of every fixture, bit for bit, and the
 * same number for every cell.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { toNumber } from '../../../shared/dstat/cells.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { plainRowEnds, plainRowSwitch, readNumber } from '../../../shared/dstat/plain-row.js';
import type { DstatLog } from '../../../shared/dstat/types.js';
import { appendedRuns } from '../../helpers/appended-runs.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

/** The parse with every typed array replaced by its bytes in hex: equal only when equal bit for bit
 * (NaN, -0 included), and errors as values. */
function canonical(log: DstatLog): unknown {
  const hex = (a: Float64Array | Int32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  return JSON.parse(
    JSON.stringify(log, (_key, value: unknown) =>
      value instanceof Float64Array || value instanceof Int32Array ? { bytes: hex(value), length: value.length } : value,
    ),
  );
}

function parseBothWays(text: string): { fast: unknown; general: unknown } {
  const outcome = (): unknown => {
    try {
      return canonical(parseDstat(text, { fallbackYear: 2026 }));
    } catch (e) {
      return { error: { name: (e as Error).name, message: (e as Error).message, ...(e as object) } };
    }
  };
  try {
    plainRowSwitch.on = false;
    const general = outcome();
    plainRowSwitch.on = true;
    return { fast: outcome(), general };
  } finally {
    plainRowSwitch.on = true;
  }
}

afterEach(() => {
  plainRowSwitch.on = true;
});

describe('the fast path for plain rows parses exactly as the general path', () => {
  it.each(FIXTURE_NAMES)('%s', (name) => {
    const text = readFixture(name);
    const { fast, general } = parseBothWays(text);
    expect(fast).toEqual(general);
  });

  it.each(FIXTURE_NAMES)('%s cut short (no line end after the last row), with CRLF line ends', (name) => {
    const text = readFixture(name);
    const cut = parseBothWays(text.trimEnd());
    expect(cut.fast).toEqual(cut.general);
    const crlf = parseBothWays(text.replace(/\n/g, '\r\n'));
    expect(crlf.fast).toEqual(crlf.general);
  });

  it('on many appended one-row runs', () => {
    const { fast, general } = parseBothWays(appendedRuns(readFixture('d072_tvfn.csv'), 200_000));
    expect(fast).toEqual(general);
  });

  it('on rows damaged in every way a cell or a row can be (property)', () => {
    const source = readFixture('d072_tvfn.csv').split('\n');
    const firstData = source.findIndex((l) => /^\d\d-\d\d /.test(l));
    const cell = fc.constantFrom(
      '', ' ', '1e5', ' 1', '1 ', '+1', '-0', '-0.0', '.5', '5.', '1.', '-', '.', '-.5', '0x10', '0b1', 'Infinity',
      '-Infinity', 'NaN', 'abc', '1.2.3', '00012.50', '123456789012345678', '9007199254740993', '0.1234567890123456789012',
      '0.12345678901234567890123', 'missed 2 ticks', '"q"', 'a"b', '29-11 20:45:50', 'x,y',
    );
    const damage = fc.record({
      row: fc.nat(),
      column: fc.nat(),
      cell,
      // what happens to the row besides: nothing, trailing commas, a missed-ticks note, a field less
      tail: fc.constantFrom('', ',,', ',"missed 3 ticks"', ',missed 1 tick', 'drop-last'),
    });
    fc.assert(
      fc.property(fc.array(damage, { minLength: 1, maxLength: 8 }), fc.boolean(), (damages, cut) => {
        const lines = source.slice();
        for (const d of damages) {
          const li = firstData + (d.row % (lines.length - 1 - firstData));
          const fields = lines[li]!.split(',');
          fields[d.column % fields.length] = d.cell;
          if (d.tail === 'drop-last') fields.pop();
          lines[li] = fields.join(',') + (d.tail === 'drop-last' ? '' : d.tail);
        }
        const text = lines.join('\n');
        const { fast, general } = parseBothWays(cut ? text.trimEnd() : text);
        expect(fast).toEqual(general);
      }),
      { numRuns: 150 },
    );
  });

  it('takes unquoted rows of exactly the header\'s width, without a missed-ticks note', () => {
    const ends = new Int32Array(3);
    expect(plainRowEnds('1,2.5,', 3, ends)).toBe(true);
    expect([...ends]).toEqual([1, 5, 6]);
    expect(plainRowEnds('1,2.5', 3, ends)).toBe(false);
    expect(plainRowEnds('1,2.5,3,4', 3, ends)).toBe(false);
    expect(plainRowEnds('1,"2",3', 3, ends)).toBe(false);
    expect(plainRowEnds('1,2,missed 3 ticks', 3, ends)).toBe(false);
  });
});

/** `cell` read in the middle of a line, so that the bounds are honoured. */
function readCell(cell: string): number {
  const line = `9,${cell},9`;
  return readNumber(line, 2, 2 + cell.length);
}

describe('readNumber equals toNumber', () => {
  it('on every unquoted cell of every fixture', () => {
    let cells = 0;
    for (const name of FIXTURE_NAMES) {
      for (const line of readFixture(name).split(/\r?\n/)) {
        if (line.includes('"')) continue;
        let start = 0;
        for (const cell of line.split(',')) {
          const ours = readNumber(line, start, start + cell.length);
          if (!Object.is(ours, toNumber(cell))) expect.fail(`${name}: ${JSON.stringify(cell)} read as ${ours}, toNumber ${toNumber(cell)}`);
          start += cell.length + 1;
          cells++;
        }
      }
    }
    expect(cells).toBeGreaterThan(500_000);
  });

  it.each([
    '', ' ', '0', '00', '007', '0.0', '-0', '+0', '-0.0', '.5', '-.5', '+.5', '5.', '1.', '-1.', '.', '-', '+', '-.', '..5',
    '1..2', '1.2.3', '12345678901234567', '9007199254740991', '9007199254740992', '9007199254740993', '90071992547409.93', '0.9007199254740993', '12345678901234567890',
    '0.1234567890123456789012', '0.12345678901234567890123', '1.0000000000000000000001', '123.4567890123456789012',
    '0.000000000000000000001', '0.0000000000000000000001', '0.00000000000000000000001', '1e5', '1E5', '1e-5', '-1e5', ' 1',
    '1 ', '\t1', '+1', '++1', '+-1', '--1', '0x10', '0X10', '0b1', '0o7', 'Infinity', '-Infinity', '+Infinity', 'NaN', 'abc',
    '1a', '١٢', '2.440', '412749824.0', '23777837056.0', '0.30000000000000004', '4.35', '2.675', '1.005', '9.999999999999999',
  ])('%j', (cell) => {
    expect(Object.is(readCell(cell), toNumber(cell))).toBe(true);
  });

  it('on any decimal a double prints, and on any short string of number characters (property)', () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 0, max: 25 }), (d, digits) => {
        for (const cell of [String(d), Number.isFinite(d) && Math.abs(d) < 1e21 ? d.toFixed(Math.min(digits, 100)) : '']) {
          expect(Object.is(readCell(cell), toNumber(cell))).toBe(true);
        }
      }),
      { numRuns: 20_000 },
    );
    // 14 to 24 digits with a point anywhere: mantissas on both sides of 2^53, fractions on both sides of 22 digits
    const digits = fc.string({ unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), minLength: 14, maxLength: 24 });
    fc.assert(
      fc.property(digits, fc.nat(), fc.boolean(), (ds, at, negative) => {
        const p = at % (ds.length + 1);
        const cell = (negative ? '-' : '') + ds.slice(0, p) + '.' + ds.slice(p);
        expect(Object.is(readCell(cell), toNumber(cell))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', '-', '+', 'e', ' ', 'x'), maxLength: 30 }), (cell) => {
        expect(Object.is(readCell(cell), toNumber(cell))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
