/**
 * The Δ table as text (shared/compare/table.ts): its cells (figures in the page's units or raw, signed
 * changes, intervals, verdicts), its columns for any baseline, its rows grouped by chart, idle series left
 * out, and the Markdown and TSV it is copied as (with their header). Real runs compared
 * are in compare.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  deltaTable,
  deltaTableMarkdown,
  deltaTableTsv,
  figure,
  hostsTable,
  ownWindowsText,
  SIGNIFICANCE_METHOD,
  runName,
  runTag,
  type ComparedSeries,
  type Delta,
  type RunFigures,
} from '../../../shared/compare/index.js';

const figures = (avg: number, p95 = avg, max = avg): RunFigures => ({ count: 10, min: Math.min(0, avg), avg, p95, max, sd: 1, nEff: 10, se: 0.3 });
const change = (patch: Partial<Delta>): Delta => ({
  avg: 0,
  p95: 0,
  max: 0,
  avgPct: 0,
  p95Pct: 0,
  maxPct: 0,
  verdict: 'significant',
  avgCi: [0, 0],
  ...patch,
  withinNoise: (patch.verdict ?? 'significant') !== 'significant',
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
    series('z/y/up', [figures(1), figures(2, 4, 8), figures(3)], [change({ avg: -1, avgPct: -50, p95Pct: -250, maxPct: 0.04, avgCi: [-1.5, -0.5] }), null, change({ avg: 1, avgPct: 50, p95Pct: -0.04, maxPct: 100, avgCi: [0.25, 1.75] })]),
    series('a/x/missing', [null, figures(5), figures(5)], [null, null, change({ avg: 0, avgPct: null, p95Pct: null, maxPct: null, verdict: 'noise', avgCi: [-1, 1] })], [2]),
    series('m/x/none', [figures(1), null, null], [null, null, null]),
  ];
  const names = new Map([
    ['z/y/up', { chart: 'Zeta', label: 'up', order: 1 }],
    ['a/x/missing', { chart: 'Alpha', label: 'missing', order: 2 }],
    ['m/x/none', { chart: 'Alpha', label: 'none', order: 2 }],
  ]);

  it('has chart and series, a figure column triple per run, then per run other than the baseline its change, interval, percentages and verdict', () => {
    const t = deltaTable(rows, labels, 1);
    expect(t.head).toEqual([
      'chart', 'series',
      'A avg', 'A p95', 'A max', 'B avg', 'B p95', 'B max', 'C avg', 'C p95', 'C max',
      'Δavg A', 'Δavg 95 % interval A', 'verdict A', 'Δavg % A', 'Δp95 % A', 'Δmax % A',
      'Δavg C', 'Δavg 95 % interval C', 'verdict C', 'Δavg % C', 'Δp95 % C', 'Δmax % C',
    ]);
    expect(deltaTable(rows, labels, 1, { raw: true }).head.slice(0, 3)).toEqual(['chart', 'series', 'unit']);
    expect(deltaTable(rows, labels, 1, { lang: 'ja' }).head.slice(0, 3)).toEqual(['グラフ', '系列', 'A 平均']);
  });

  it('raw: figures as numbers, changes signed, percentages to 0.1 (whole from 100), no sign on a change that rounds to 0, dashes where a run lacks the series', () => {
    const t = deltaTable(rows, labels, 1, { order: 'name', raw: true, names });
    expect(t.rows).toEqual([
      ['Zeta', 'up', '%', '1', '1', '1', '2', '4', '8', '3', '3', '3', '-1', '-1.5 … -0.5', 'significant', '-50.0 %', '-250 %', '0.0 %', '+1', '+0.25 … +1.75', 'significant', '+50.0 %', '0.0 %', '+100 %'],
      ['Alpha', 'missing (computed)', '%', '–', '–', '–', '5', '5', '5', '5', '5', '5', '–', '–', '–', '–', '–', '–', '0', '-1 … +1', 'within noise', 'n/a', 'n/a', 'n/a'],
      ['Alpha', 'none', '%', '1', '1', '1', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', '–'],
    ]);
  });

  it("in the page's units and number format by default (a % to 0.1, bytes in IEC units, thousands grouped)", () => {
    const bytes = { ...series('dsk/total/read', [figures(791080963), figures(23532923313)], [null, change({ avg: 22741842350, avgPct: 2875, avgCi: [1e10, 3e10] })]), unit: 'bytes' };
    const pct = series('cpu/x/usr', [figures(12.345), figures(1234.5)], [null, change({ avg: 1222.155, avgPct: 9900 })]);
    const t = deltaTable([bytes, pct], labels.slice(0, 2), 0, 'name');
    expect(t.rows[1]!.slice(2, 9)).toEqual(['754 MiB', '754 MiB', '754 MiB', '21.9 GiB', '21.9 GiB', '21.9 GiB', '+21.2 GiB']);
    expect(t.rows[1]![9]).toBe('+9.31 GiB … +27.9 GiB');
    expect(t.rows[0]!.slice(2, 3)).toEqual(['12.3 %']);
    expect(t.rows[0]![8]).toBe('+1222.2 %');
  });

  it('groups rows by chart: charts and rows by significance, then by the size of the change; by name: in page order', () => {
    expect(deltaTable(rows, labels, 1, { names }).meta.map((m) => m.id)).toEqual(['z/y/up', 'a/x/missing', 'm/x/none']);
    expect(deltaTable(rows, labels, 1, { order: 'name', names }).meta).toEqual([
      { id: 'z/y/up', chart: 'Zeta', noise: false, verdict: 'significant' },
      { id: 'a/x/missing', chart: 'Alpha', noise: true, verdict: 'noise' },
      { id: 'm/x/none', chart: 'Alpha', noise: false, verdict: null },
    ]);
    // A chart's rows stay together even when another chart's row is bigger than its second one.
    const grouped = [
      series('c1/x/a', [figures(1), figures(2)], [null, change({ avgPct: 90 })]),
      series('c2/x/b', [figures(1), figures(2)], [null, change({ avgPct: 50 })]),
      series('c1/x/c', [figures(1), figures(2)], [null, change({ avgPct: 10 })]),
      series('c2/x/d', [figures(1), figures(2)], [null, change({ avgPct: 80, verdict: 'noise' })]),
    ];
    const gnames = new Map(grouped.map((s) => [s.id, { chart: s.group, label: s.column, order: 0 }]));
    expect(deltaTable(grouped, labels.slice(0, 2), 0, { names: gnames }).meta.map((m) => m.id)).toEqual(['c1/x/a', 'c1/x/c', 'c2/x/b', 'c2/x/d']);
    // One run's change within noise and another's significant: the row stands out.
    const mixed = series('s/x/mixed', [figures(1), figures(1), figures(9)], [change({ verdict: 'noise' }), null, change({ avg: 8 })]);
    expect(deltaTable([mixed], labels, 1).meta).toEqual([{ id: 's/x/mixed', chart: 's/x', noise: false, verdict: 'significant' }]);
  });

  it('leaves out series zero in every run and counts them; keeps them when asked', () => {
    const zero = series('loop0/x/read', [figures(0, 0, 0), figures(0, 0, 0)], [null, change({ verdict: 'noise' })]);
    const t = deltaTable([zero, ...rows.slice(0, 1)], labels, 1);
    expect(t.meta.map((m) => m.id)).toEqual(['z/y/up']);
    expect(t.idle).toBe(1);
    expect(deltaTable([zero], labels, 1, { idle: true }).rows).toHaveLength(1);
  });
});

describe('deltaTableMarkdown and deltaTableTsv', () => {
  const labels = [
    { tag: 'A', name: 'before\\x | y\r\nz.csv' },
    { tag: 'B', name: 'after.csv' },
  ];
  const table = {
    head: ['chart', 'series', 'A avg', 'B avg'],
    rows: [['cpu|x\\y', '=usr', '1', '2\t3\n4']],
    meta: [{ id: 'cpu|x\\y', chart: 'cpu', noise: false, verdict: null }],
    idle: 3,
    twins: 0,
    textColumns: 2,
  };

  it('Markdown: the runs (baseline marked), window, method and what was left out, then the table, right-aligned figures, `|` `\\` and line breaks made inert', () => {
    expect(deltaTableMarkdown(table, labels, 1, { window: '10 s to 20 s', minChange: 5 })).toBe(
      [
        '- **A**: before\\\\x \\| y z.csv',
        '- **B (baseline)**: after.csv',
        '- **window**: 10 s to 20 s',
        `- **method**: ${SIGNIFICANCE_METHOD.replace(/\|/g, '\\|')} (minimum change 5 %)`,
        '- **left out**: 3 series zero in every run (idle devices, unused columns)',
        '',
        '| chart | series | A avg | B avg |',
        '| --- | --- | ---: | ---: |',
        '| cpu\\|x\\\\y | =usr | 1 | 2\t3 4 |',
        '',
      ].join('\n'),
    );
  });

  it('TSV: the same header as key and value, a blank line, a heading line and a line per row; tabs and line breaks made one space, formula-like text quoted', () => {
    expect(deltaTableTsv(table)).toBe("chart\tseries\tA avg\tB avg\ncpu|x\\y\t'=usr\t1\t2 3 4\n");
    expect(deltaTableTsv(table, labels, 1, { lang: 'ja' }).split('\n').slice(0, 6)).toEqual([
      'A\tbefore\\x | y z.csv',
      'B (基準)\tafter.csv',
      '区間\tラン全体 (経過時間で揃えています)',
      `方法\t${SIGNIFICANCE_METHOD}`,
      '省略\tすべてのランで 0 の系列 3 個 (アイドルなデバイス、未使用の列)',
      '',
    ]);
  });
});

describe('hostsTable (layout=hosts)', () => {
  const labels = [
    { tag: 'A', name: 'web.csv (web1)' },
    { tag: 'B', name: 'db.csv (db1)' },
  ];
  const rows = [
    series('z/y/up', [figures(1, 4, 8), figures(2, 5, 9)], [null, change({ avg: 1, avgPct: 100 })]),
    series('a/x/gone', [figures(3), null], [null, null]),
    series('q/x/idle', [{ ...figures(0), min: 0, max: 0 }, { ...figures(0), min: 0, max: 0 }], [null, null]),
  ];
  const names = new Map([
    ['z/y/up', { chart: 'Zeta', label: 'up', order: 1 }],
    ['a/x/gone', { chart: 'Alpha', label: 'gone', order: 2 }],
  ]);

  it("gives each run's min, avg, p95 and max side by side, no change nor verdict, rows in page order, idle series counted", () => {
    const t = hostsTable(rows, labels, { names, raw: true });
    expect(t.head).toEqual(['chart', 'series', 'unit', 'A min', 'A avg', 'A p95', 'A max', 'B min', 'B avg', 'B p95', 'B max']);
    expect(t.rows).toEqual([
      ['Zeta', 'up', '%', '0', '1', '4', '8', '0', '2', '5', '9'],
      ['Alpha', 'gone', '%', '0', '3', '3', '3', '–', '–', '–', '–'],
    ]);
    expect(t.meta.map((m) => m.verdict)).toEqual([null, null]);
    expect(t.idle).toBe(1);
  });

  it('its copies say the layout instead of the method and name no baseline', () => {
    const t = hostsTable(rows, labels, { names });
    const md = deltaTableMarkdown(t, labels, 0, { layout: 'hosts' });
    expect(md).toContain('- **A**: web.csv (web1)\n- **B**: db.csv (db1)\n');
    expect(md).toContain("- **layout**: hosts side by side: each run's own figures, no change (different machines)\n");
    expect(md).not.toContain('baseline');
    expect(md).not.toContain(SIGNIFICANCE_METHOD);
    expect(md).not.toContain('Δ');
    const ja = deltaTableTsv(hostsTable(rows, labels, { names, lang: 'ja' }), labels, 0, { layout: 'hosts', lang: 'ja' });
    expect(ja).toContain('レイアウト\t');
    expect(ja.split('\n').find((l) => l.startsWith('グラフ'))).toBe('グラフ\t系列\tA min\tA 平均\tA p95\tA max\tB min\tB 平均\tB p95\tB max');
  });

  it("names each run's own window (ID@FROM-TO) in the header's window, a run without one whole; none: null", () => {
    const three = [...labels, { tag: 'C', name: 'c.csv' }];
    expect(ownWindowsText([null, undefined, null], three)).toBeNull();
    expect(ownWindowsText([{ from: 10, to: 40 }, null, { from: 45.5, to: 75 }], three)).toBe(
      "each run's own window (A 10–40 s, B whole run, C 45.5–75 s), its start the run's zero",
    );
    expect(ownWindowsText([{ from: 10, to: 40 }], labels.slice(0, 1), 'ja')).toBe('各ランの区間 (A 10–40 s)、その開始をランの 0 として');
  });
});
