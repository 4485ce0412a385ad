/**
 * A report's runs as columns for comparisons (run-columns.ts), on real logs: the numeric series of every
 * run, the same typed arrays (transferred, not copied), the buffers to transfer and the bytes they hold.
 */
import { describe, expect, it } from 'vitest';
import { columnBuffers, columnBytes, toRunColumns } from '../../../server/compare/run-columns.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

const parse = (name: string) => parseDstat(readFixture(name));

describe('toRunColumns', () => {
  it('keeps every run with its meta, interval, time and since-boot flag', () => {
    const log = parse('d072_tfvnrl_appended-2-runs.csv');
    const runs = toRunColumns(log);
    expect(runs).toHaveLength(log.runs.length);
    expect(runs.length).toBeGreaterThan(1);
    runs.forEach((r, i) => {
      const run = log.runs[i]!;
      expect(r.index).toBe(run.index);
      expect(r.meta).toBe(run.meta);
      expect(r.intervalMs).toBe(run.intervalMs);
      expect(r.time).toBe(run.time);
      expect(r.firstRowIsSinceBoot).toBe(run.firstRowIsSinceBoot);
    });
  });

  it('keeps the numeric series only, with their names and units, sharing their arrays', () => {
    const log = parse('d073_T-explicit-lists-many-plugins.csv');
    const [run] = log.runs;
    const [cols] = toRunColumns(log);
    const numeric = run!.series.filter((s) => s.kind === 'number');
    expect(run!.series.length).toBeGreaterThan(numeric.length); // the file has text series too (most expensive process)
    expect(cols!.series.map((s) => s.id)).toEqual(numeric.map((s) => s.id));
    cols!.series.forEach((s, i) => {
      const src = numeric[i]!;
      expect(s).toEqual({ id: src.id, group: src.group, column: src.column, unit: src.unit, kind: 'number', values: src.values });
      expect(s.values).toBe(src.kind === 'number' ? src.values : null);
      expect(Object.keys(s).sort()).toEqual(['column', 'group', 'id', 'kind', 'unit', 'values']);
    });
  });
});

describe('columnBuffers and columnBytes', () => {
  const runs = toRunColumns(parse('d072_tfvnrl_appended-2-runs.csv'));

  it('lists each buffer of the time and value columns once', () => {
    const buffers = columnBuffers(runs);
    const expected = new Set(runs.flatMap((r) => [r.time.buffer, ...r.series.map((s) => s.values.buffer)]));
    expect(buffers).toHaveLength(expected.size);
    expect(new Set(buffers)).toEqual(expected);
  });

  it('lists a buffer shared by two columns once', () => {
    const shared = new Float64Array(8);
    const run = { ...runs[0]!, time: shared.subarray(0, 4), series: [{ ...runs[0]!.series[0]!, values: shared.subarray(4) }] };
    expect(columnBuffers([run])).toEqual([shared.buffer]);
  });

  it('counts the bytes of every time and value column, views by their own length', () => {
    const expected = runs.reduce((sum, r) => sum + r.time.length * 8 + r.series.reduce((s, c) => s + c.values.length * 8, 0), 0);
    expect(columnBytes(runs)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const shared = new Float64Array(8);
    const run = { ...runs[0]!, time: shared.subarray(0, 3), series: [{ ...runs[0]!.series[0]!, values: shared.subarray(3) }] };
    expect(columnBytes([run])).toBe(64);
    expect(columnBytes([])).toBe(0);
  });
});
