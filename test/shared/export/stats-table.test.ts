/**
 * Statistics tables: rows from a real run, and the four text forms (CSV, TSV, Markdown, JSON) read back.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import {
  runStatsRows,
  statsCsv,
  statsJson,
  statsMarkdown,
  statsTsv,
  type StatsTableRow,
} from '../../../shared/export/stats-table.js';
import { readFixture } from '../../helpers/fixtures.js';

const fields = { id: 'x', fileName: 'x.csv', createdAt: '2026-01-01T00:00:00Z', bytes: 0 };

function run(name: string) {
  return toReportJson(parseDstat(readFixture(name)), fields).runs.at(-1)!;
}

describe('runStatsRows', () => {
  it('has one row per numeric series with the series\' own statistics, labelled by its chart', () => {
    const r = run('d072_tfvnrl.csv');
    const rows = runStatsRows(r.series);
    const numeric = r.series.filter((s) => s.kind === 'number');
    expect(rows.map((x) => x.id)).toEqual(numeric.map((s) => s.id));
    for (const [i, s] of numeric.entries()) {
      const st = s.kind === 'number' ? s.stats : null;
      expect(rows[i]).toMatchObject({ unit: s.unit, min: st?.min ?? null, avg: st?.avg ?? null, p95: st?.p95 ?? null, max: st?.max ?? null });
    }
    expect(rows.find((x) => x.id === 'dsk/vda/read')!.label).toBe('Disk I/O vda: read');
    expect(rows.find((x) => x.id === 'load avg/1m')!.label).toMatch(/^Load average.*: 1 ?m/i);
  });

  it('labels a series no chart names by its id, and keeps a series without samples with null figures', () => {
    const rows = runStatsRows([
      { id: 'foo/bar', group: 'foo', column: 'bar', unit: '', kind: 'number', stats: null },
      { id: 'top/name', group: 'top', column: 'name', unit: '', kind: 'text', stats: null },
    ]);
    expect(rows.length).toBe(1);
    expect(rows[0]!.min).toBeNull();
  });
});

const tricky: StatsTableRow[] = [
  { id: 'a/b', label: 'say "hi", | <script>alert(1)</script>\tx\ny', unit: 'bytes/s', min: 0, avg: 1.5, p95: 2, max: 1e21 },
  { id: 'c/d', label: 'plain', unit: '%', min: null, avg: null, p95: null, max: null },
];

describe('text forms', () => {
  it('CSV: quoted where needed, CRLF, full numbers, empty for missing', () => {
    const csv = statsCsv(tricky);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,label,unit,min,avg,p95,max');
    expect(lines[1]).toBe('a/b,"say ""hi"", | <script>alert(1)</script>\tx\ny",bytes/s,0,1.5,2,1e+21');
    expect(lines[2]).toBe('c/d,plain,%,,,,');
    // Every line ends with CRLF, the last one too (RFC 4180 allows it; spreadsheets expect it).
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('TSV: one line per row, no tab or line break inside a cell', () => {
    const lines = statsTsv(tricky).split('\n').slice(0, -1);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split('\t').length)).toEqual([7, 7, 7]);
    expect(lines[1]!.split('\t')[1]).toBe('say "hi", | <script>alert(1)</script> x y');
  });

  it('TSV and Markdown: a run of line breaks and tabs (a CRLF) becomes one space; every form ends with a newline', () => {
    const crlf: StatsTableRow[] = [{ ...tricky[1]!, label: 'one\r\n\ttwo' }];
    expect(statsTsv(crlf).split('\n')[1]!.split('\t')[1]).toBe('one two');
    expect(statsMarkdown(crlf, { columns: ['label'] }).split('\n')[2]).toBe('| one \ttwo |');
    for (const text of [statsTsv(crlf), statsMarkdown(crlf, { columns: ['label'] }), statsJson(crlf)]) expect(text.endsWith('\n')).toBe(true);
  });

  it('Markdown: a table whose cells cannot break it or become markup; figures right-aligned', () => {
    const md = statsMarkdown(tricky, { columns: ['label', 'min', 'max'], headings: { label: 'Series' }, format: (v, u) => `${v} ${u}` });
    const lines = md.trimEnd().split('\n');
    expect(lines[0]).toBe('| Series | min | max |');
    expect(lines[1]).toBe('| --- | ---: | ---: |');
    expect(lines[2]).toBe('| say "hi", \\| \\<script\\>alert(1)\\</script\\>\tx y | 0 bytes/s | 1e+21 bytes/s |');
    // Every row has as many unescaped pipes as the heading.
    const pipes = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    expect(lines.map(pipes)).toEqual(lines.map(() => pipes(lines[0]!)));
  });

  it('JSON: the rows with numbers and nulls', () => {
    expect(JSON.parse(statsJson(tricky))).toEqual(tricky);
  });
});
