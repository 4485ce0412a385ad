/**
 * Rows that do not line up with their header : pcp-dstat with some plugin combinations
 * writes 75 fields under a 76-column header and the values shift. Made here from real fixtures by taking
 * one field out of the data rows ("shift a column"); the error must say what is wrong, not "no data rows".
 */
import { describe, expect, it } from 'vitest';
import { DstatFormatError } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog } from '../../../shared/dstat/types.js';
import { readFixture } from '../../helpers/fixtures.js';

const parse = (text: string): DstatLog => parseDstat(text, { fallbackYear: 2000 });

/** The file with field `field` (0-based) taken out of every data line from 1-based line `from` to `to`. */
function shiftRows(text: string, from: number, to: number, field: number): string {
  return text
    .split('\n')
    .map((l, i) => (i + 1 >= from && i + 1 <= to && l !== '' ? l.split(',').filter((_, k) => k !== field).join(',') : l))
    .join('\n');
}

function errorOf(text: string): DstatFormatError {
  try {
    parse(text);
  } catch (err) {
    if (err instanceof DstatFormatError) return err;
    throw err;
  }
  return expect.fail('the file was read');
}

const SHIFTED =
  'the producer wrote rows that do not line up with its header. Record again without the plugins whose columns vary (--top-*, --proc-count …)';

describe('most rows with another field count than the header: ROWS_MISALIGNED, saying so', () => {
  it('pcp-dstat, every row one field short (its "new" column taken out)', () => {
    // pcp_tfvnrl.csv: 37 columns, 90 data rows on lines 7–96
    const err = errorOf(shiftRows(readFixture('pcp_tfvnrl.csv'), 7, 96, 3));
    expect(err.code).toBe('ROWS_MISALIGNED');
    expect(err.line).toBe(7);
    expect(err.message).toBe(`line 7: 90 of 90 data rows have 36 fields but the header has 37 (lines 7–96): ${SHIFTED}`);
  });

  it('"87 of 90": a few rows that happen to have the header\'s count do not make the run readable', () => {
    const err = errorOf(shiftRows(readFixture('pcp_tfvnrl.csv'), 7, 93, 3));
    expect(err.message).toBe(`line 7: 87 of 90 data rows have 36 fields but the header has 37 (lines 7–93): ${SHIFTED}`);
  });

  it('names the plugins of the header whose columns vary (pcp-dstat --top-cpu writing its name only)', () => {
    const lines = readFixture('pcp_tfvnrl.csv').split('\n');
    lines[4] += ',"most expensive cpu process",';
    lines[5] += ',"cmd","cpu"';
    for (let i = 6; i < 96; i++) lines[i] = lines[i]!.replace(/(,"missed \d+ ticks")?$/, ',"sha256sum"$1');
    const err = errorOf(lines.join('\n'));
    expect(err.message).toBe(
      `line 7: 90 of 90 data rows have 38 fields but the header has 39 (lines 7–96): ${SHIFTED}; this header has "most expensive cpu process"`,
    );
  });

  it('any producer: dstat 0.7.2 with a column taken out of every row', () => {
    const err = errorOf(shiftRows(readFixture('d072_tfvnrl.csv'), 8, 91, 5));
    expect(err.code).toBe('ROWS_MISALIGNED');
    expect(err.message).toBe(`line 8: 84 of 84 data rows have 68 fields but the header has 69 (lines 8–91): ${SHIFTED}`);
  });

  it('in a file of two runs, the misaligned run is left out with the reason and the other is read', () => {
    const first = readFixture('d072_tvfn.csv'); // 93 lines, 86 rows
    const second = readFixture('d072_tfvnrl.csv').split('\n').slice(2).join('\n'); // appended: no title, no Author
    const log = parse(first + '\n\n' + shiftRows(second, 6, 89, 5));
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.time).toHaveLength(86);
    expect(log.dialect.issues).toContainEqual({
      severity: 'warning',
      line: 101,
      message: `run 2 left out: 84 of 84 data rows have 68 fields but the header has 69 (lines 101–184): ${SHIFTED}`,
    });
  });
});

describe('a few rows with another field count are dropped one by one, as before', () => {
  it('3 of 84 rows one field short: 81 rows read, the 3 reported', () => {
    const log = parse(shiftRows(readFixture('d072_tfvnrl.csv'), 10, 12, 5));
    expect(log.dialect.rows).toEqual({ read: 84, kept: 81, dropped: 3 });
    expect(log.dialect.issues.filter((i) => /68 fields where the header has 69/.test(i.message)).map((i) => i.line)).toEqual([10, 11, 12]);
  });
});
