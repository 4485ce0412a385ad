import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_PARSE_LINE_OPTIONS, referenceTokenize, tokenizeLine } from '../../../shared/dstat/tokenize.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

/** Non-blank lines of a file, without their terminators. */
function linesOf(text: string): string[] {
  return text.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
}

describe('the line tokenizer yields exactly what csv-parse yields', () => {
  it.each(FIXTURE_NAMES)('on every line of %s', (name) => {
    const lines = linesOf(readFixture(name));
    expect(lines.length).toBeGreaterThan(0);
    for (const [i, line] of lines.entries()) {
      const ours = tokenizeLine(line);
      const reference = parse(line, CSV_PARSE_LINE_OPTIONS)[0];
      if (JSON.stringify(ours) !== JSON.stringify(reference)) {
        expect.fail(`line ${i + 1} of ${name}: ${JSON.stringify(ours)} ≠ csv-parse ${JSON.stringify(reference)}`);
      }
    }
  });

  it.each(FIXTURE_NAMES)('on the whole of %s, as csv-parse reads the file in one go', (name) => {
    const text = readFixture(name);
    const reference = parse(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
    const ours = linesOf(text).map((l) => tokenizeLine(l));
    expect(ours).toEqual(reference);
  });

  it('covers both fast paths on the fixtures: unquoted rows and quoted header rows', () => {
    const all = FIXTURE_NAMES.flatMap((n) => linesOf(readFixture(n)));
    expect(all.filter((l) => !l.includes('"')).length).toBeGreaterThan(10_000);
    expect(all.filter((l) => l.includes('"')).length).toBeGreaterThan(100);
  });
});

describe('quoting', () => {
  it.each([
    ['"a""b",c', ['a"b', 'c']],
    ['"a,b",,"c"', ['a,b', '', 'c']],
    ['"x",', ['x', '']],
    [',', ['', '']],
    ['29-11 20:52:12,"sha256sum",47.608', ['29-11 20:52:12', 'sha256sum', '47.608']],
    ['1,"missed 3 ticks"', ['1', 'missed 3 ticks']],
  ])('%s', (line, expected) => {
    expect(tokenizeLine(line)).toEqual(expected);
    expect(referenceTokenize(line)).toEqual(expected);
  });

  it('hands irregular quoting to csv-parse (a quote inside an unquoted field)', () => {
    expect(tokenizeLine('a"b,c')).toEqual(referenceTokenize('a"b,c'));
    expect(tokenizeLine('a"b,c')).toEqual(['a"b', 'c']);
  });

  it('gives null for a line even csv-parse cannot read (an unclosed quote)', () => {
    expect(tokenizeLine('"unclosed,1,2')).toBeNull();
  });

  it('agrees with csv-parse on any line of quoted and unquoted fields (property)', () => {
    const field = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', '1', '.', ' ', '/', ':', '%', '-') }),
      fc.string({ unit: fc.constantFrom('a', ',', '"', ' ', '1') }).map((s) => `"${s.replace(/"/g, '""')}"`),
    );
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 12 }), (fields) => {
        const line = fields.join(',');
        expect(tokenizeLine(line)).toEqual(referenceTokenize(line));
      }),
      { numRuns: 2000 },
    );
  });
});
