/**
 * The Δ table as text (shared/compare/table.ts): its cells (figures, signed changes, percentages), its
 * columns for any baseline, its row order, and the Markdown and TSV it is copied as. Real runs compared
 * are in compare.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  deltaTable,
  deltaTableMarkdown,
  deltaTableTsv,
  figure,
  runName,
  runTag,
  type ComparedSeries,
  type Delta,
  type RunFigures,
} from '../../../shared/compare/index.js';

const figures = (avg: number, p95 = avg, max = avg): RunFigures => ({ count: 10, min: 0, avg, p95, max, sd: 1 });
const change = (patch: Partial<Delta>): Delta => ({
  avg: 0,
  p95: 0,
  max: 0,
  avgPct: 0,
  p95Pct: 0,
  maxPct: 0,
  withinNoise: false,
  ...patch,
});
const series = (id: string, runs: (RunFigures | null)[], delta: (Delta | null)[], derived: number[] = []): ComparedSeries => {
  const cut = id.lastIndexOf('/');
  return { id, group: id.slice(0, cut), column: id.slice(cut + 1), unit: '%', runs, delta, derived };
};

describe('figure', () => {
  it('writes whole numbers from 1000 up, else 4 significant digits, an exponent only below 1e-4', () => {
    expect([0, 1000, 1234.5, 123456.7, -1500.6, 999.95, 12.3456, -0.5, 0.0001, 0.00005, -0.000012345].map(figure)).toEqual([
      '0',
      '1000',
      '1235',
      '123457',
      '-1501',
      '1000',
      '12.35',
      '-0.5',
      '0.0001',
      '5.00e-5',
      '-1.23e-5',
    ]);
  });
});

describe('runTag and runName', () => {
  it('tags runs A, B, C…', () => {
    expect([0, 1, 2, 25].map(runTag)).toEqual(['A', 'B', 'C', 'Z']);
  });

  it('names a run by file, run of a multi-run file, host and start (T as a space), leaving out what is empty', () => {
    expect(runName({ fileName: 'a.csv', run: 2, runs: 3, host: 'db1', start: '2026-11-29T20:45:49' })).toBe(
      'a.csv run 2 (db1, 2026-11-29 20:45:49)',
    );
    expect(runName({ fileName: 'a.csv', run: 1, runs: 1, host: '', start: '2026-11-29T20:45:49' })).toBe('a.csv (2026-11-29 20:45:49)');
    expect(runName({ fileName: 'a.csv', run: 1, runs: 1, host: 'db1', start: '' })).toBe('a.csv (db1)');
    expect(runName({ fileName: 'a.csv', run: 1, runs: 1, host: '', start: '' })).toBe('a.csv');
  });
});

describe('deltaTable', () => {
  const labels = [
    { tag: 'A', name: 'a.csv' },
    { tag: 'B', name: 'b.csv' },
    { tag: 'C', name: 'c.csv' },
  ];
  // Baseline B (1): A and C are compared against it.
  const rows = [
    series('z/y/up', [figures(1), figures(2, 4, 8), figures(3)], [change({ avg: -1, avgPct: -50, p95Pct: -250, maxPct: 0.04 }), null, change({ avg: 1, avgPct: 50, p95Pct: -0.04, maxPct: 100 })]),
    series('a/x/missing', [null, figures(5), figures(5)], [null, null, change({ avg: 0, avgPct: null, p95Pct: null, maxPct: null, withinNoise: true })], [2]),
    series('m/x/none', [figures(1), null, null], [null, null, null]),
  ];

  it('has a figure column triple per run, then a change column group per run other than the baseline', () => {
    const t = deltaTable(rows, labels, 1);
    expect(t.head).toEqual([
      'series', 'unit',
      'A avg', 'A p95', 'A max', 'B avg', 'B p95', 'B max', 'C avg', 'C p95', 'C max',
      'Δavg A', 'Δavg % A', 'Δp95 % A', 'Δmax % A', 'Δavg C', 'Δavg % C', 'Δp95 % C', 'Δmax % C',
    ]);
  });

  it('writes changes signed, percentages to 0.1 (whole from 100), no sign on a change that rounds to 0, dashes where a run lacks the series', () => {
    const t = deltaTable(rows, labels, 1, 'name');
    expect(t.rows).toEqual([
      ['a/x/missing (computed)', '%', '–', '–', '–', '5', '5', '5', '5', '5', '5', '–', '–', '–', '–', '0 (noise)', 'n/a', 'n/a', 'n/a'],
      ['m/x/none', '%', '1', '1', '1', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–'],
      ['z/y/up', '%', '1', '1', '1', '2', '4', '8', '3', '3', '3', '-1', '-50.0 %', '-250 %', '0.0 %', '+1', '+50.0 %', '0.0 %', '+100 %'],
    ]);
  });

  it('orders rows by name, or by the size of the change; a row is noise only when it has changes and all are within noise', () => {
    expect(deltaTable(rows, labels, 1, 'name').meta).toEqual([
      { id: 'a/x/missing', noise: true },
      { id: 'm/x/none', noise: false },
      { id: 'z/y/up', noise: false },
    ]);
    expect(deltaTable(rows, labels, 1).meta.map((m) => m.id)).toEqual(['z/y/up', 'a/x/missing', 'm/x/none']);
    // One run's change within noise and another's not: the row stands out.
    const mixed = series('s/x/mixed', [figures(1), figures(1), figures(9)], [change({ withinNoise: true }), null, change({ avg: 8 })]);
    expect(deltaTable([mixed], labels, 1).meta).toEqual([{ id: 's/x/mixed', noise: false }]);
    // Equal ids keep their order.
    const twins = [series('q/q/q', [figures(1)], [null]), series('q/q/q', [figures(2)], [null])];
    expect(deltaTable(twins, [labels[0]!], 0, 'name').rows.map((r) => r[2])).toEqual(['1', '2']);
  });
});

describe('deltaTableMarkdown and deltaTableTsv', () => {
  const labels = [
    { tag: 'A', name: 'before\\x | y\r\nz.csv' },
    { tag: 'B', name: 'after.csv' },
  ];
  const table = {
    head: ['series', 'unit', 'A avg', 'B avg'],
    rows: [['cpu|x\\y', '%', '1', '2\t3\n4']],
    meta: [{ id: 'cpu|x\\y', noise: false }],
  };

  it('Markdown: the runs (baseline marked), the noise rule, then the table, right-aligned figures, `|` `\\` and line breaks made inert', () => {
    expect(deltaTableMarkdown(table, labels, 1)).toBe(
      [
        '- **A**: before\\\\x \\| y z.csv',
        '- **B** (baseline): after.csv',
        '- within noise: |Δavg| ≤ standard deviation of the baseline over the window',
        '',
        '| series | unit | A avg | B avg |',
        '| --- | --- | ---: | ---: |',
        '| cpu\\|x\\\\y | % | 1 | 2\t3 4 |',
        '',
      ].join('\n'),
    );
  });

  it('TSV: a header line and a line per row, runs of tabs and line breaks in cells made one space', () => {
    expect(deltaTableTsv(table)).toBe('series\tunit\tA avg\tB avg\ncpu|x\\y\t%\t1\t2 3 4\n');
    expect(deltaTableTsv({ head: ['a'], rows: [['x\t\r\n\ty']], meta: [] })).toBe('a\nx y\n');
  });
});
