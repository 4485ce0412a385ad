/**
 * Whatever a user uploads, the parser returns a well-formed log or a DstatFormatError — never another
 * exception, never a hang (the vitest timeout bounds each property), never an inconsistent result.
 * Inputs: random mutations of real fixtures (cut, duplicate, swap, delete, garbage bytes, huge fields).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDstatFormatError } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog } from '../../../shared/dstat/types.js';
import { readFixture } from '../../helpers/fixtures.js';

const SOURCES = [
  'd072_tfvnrl.csv',
  'd072_tfvnrl_appended-2-runs.csv',
  'pcp_tfvnrl.csv',
  'pcp_tty80_tfvnrl.csv',
  'dool134_tfvnrl.csv',
  'd073_T-explicit-lists-many-plugins.csv',
  'found__octu0-dstat-graph__examples_dstat_070.csv',
].map(readFixture);

type Mutation = (text: string) => string;

const lineSplit = (t: string) => t.split('\n');

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (t: string) => t.slice(0, Math.floor(t.length * f))),
  fc.tuple(fc.nat(), fc.nat(40), fc.nat(5)).map(([at, len, times]) => (t: string) => {
    const lines = lineSplit(t);
    const i = at % lines.length;
    const chunk = lines.slice(i, i + len);
    return [...lines.slice(0, i), ...Array.from({ length: times }, () => chunk).flat(), ...lines.slice(i)].join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (t: string) => {
    const lines = lineSplit(t);
    const i = a % lines.length;
    const j = b % lines.length;
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat(2000)).map(([at, len]) => (t: string) => {
    const i = at % (t.length + 1);
    return t.slice(0, i) + t.slice(i + len);
  }),
  fc.tuple(fc.nat(), fc.string({ unit: fc.constantFrom('\u0000', '"', ',', '\n', '\r', 'x', '9', '.', '-', ':', '\ufffd', 'é', ' ') , maxLength: 30 }))
    .map(([at, junk]) => (t: string) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + junk + t.slice(i);
    }),
  fc.tuple(fc.nat(), fc.integer({ min: 1000, max: 300_000 }), fc.constantFrom('9', 'a', '"', ',')).map(
    ([at, size, ch]) =>
      (t: string) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + ch.repeat(size) + t.slice(i);
      },
  ),
);

function checkConsistent(log: DstatLog): void {
  expect(log.runs.length).toBeGreaterThan(0);
  expect(log.dialect.runs).toBe(log.runs.length);
  let kept = 0;
  for (const run of log.runs) {
    const rows = run.time.length;
    kept += rows;
    expect(rows).toBeGreaterThan(0);
    expect(run.lines.length).toBe(rows);
    for (const t of run.time) expect(Number.isFinite(t)).toBe(true);
    const ids = new Set<string>();
    for (const s of run.series) {
      expect(s.values.length).toBe(rows);
      expect(ids.has(s.id)).toBe(false);
      ids.add(s.id);
    }
  }
  expect(log.dialect.rows.kept).toBe(kept);
}

function parseOrTypedError(text: string): void {
  let log: DstatLog;
  try {
    log = parseDstat(text, { fallbackYear: 2026 });
  } catch (err) {
    if (!isDstatFormatError(err)) throw err;
    expect(err.message).toMatch(/\S/);
    return;
  }
  checkConsistent(log);
}

describe('parseDstat on mutated real files', () => {
  it('returns a consistent log or a DstatFormatError for one mutation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOURCES), mutation, (source, mutate) => parseOrTypedError(mutate(source))),
      { numRuns: 600 },
    );
  });

  it('returns a consistent log or a DstatFormatError for several mutations in a row', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOURCES), fc.array(mutation, { minLength: 2, maxLength: 6 }), (source, ms) =>
        parseOrTypedError(ms.reduce((t, m) => m(t), source)),
      ),
      { numRuns: 300 },
    );
  });

  it('returns a DstatFormatError or a log for arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 2000 }), (text) => parseOrTypedError(text)), { numRuns: 1000 });
  });
});

describe('bounded memory', () => {
  /** A run whose header has `width` columns (one device each: no group is wider than MAX_GROUP_COLUMNS). */
  function wideHeader(width: number): string {
    const groups = Array.from({ length: width - 1 }, (_, i) => `"dsk/x${i}",`).join('');
    return (
      '"Dstat 0.7.2 CSV output"\n"Host:","h"\n"Cmdline:","dstat -t",,,,"Date:","29 Nov 2026 20:45:49 UTC"\n' +
      `"system",${groups}\n"time",${'"read",'.repeat(width - 1)}\n`
    );
  }

  it('keeps memory proportional to the file: a very wide header over many short rows is not allocated up front', () => {
    // 200 000 rows announced × 20 000 columns would be 32 GB of Float64Array if sized by line count
    const rows = '29-11 20:45:50,1\n'.repeat(200_000);
    expect(() => parseDstat(wideHeader(20_000) + rows, { fallbackYear: 2026 })).toThrow(/200000 of 200000 data rows have 2 fields but the header has 20000/);
  });

  it('refuses rows that announce far more cells than the file holds (time-only rows under a wide header)', () => {
    const rows = '29-11 20:45:50\n'.repeat(200_000);
    expect(() => parseDstat(wideHeader(20_000) + rows, { fallbackYear: 2026 })).toThrow(/far more cells than the file holds/);
  });
});
