/**
 * Files of many short runs (`dstat --output` appending to one file run after run: thousands of one-row runs
 * in 4 MB), made from real fixtures.
 *
 * What would make them slow is one typed array (one ArrayBuffer) per column per run: every live ArrayBuffer
 * makes each young-generation GC a little slower, so the cost of a run would grow with the runs read before it.
 * The tests below pin the layout that keeps the work per run constant — a run's time and numeric columns
 * are views of one buffer of its own, exactly the size of its rows — without timing anything (the speed
 * itself is measured against a normal log of the same size by bench/parse.bench.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import type { DstatLog, DstatRun } from '../../../shared/dstat/types.js';
import { MAX_RUNS } from '../../../shared/limits.js';
import { appendedRuns } from '../../helpers/appended-runs.js';
import { readFixture } from '../../helpers/fixtures.js';

const parse = (text: string): DstatLog => parseDstat(text, { fallbackYear: 2000 });

function numericColumns(run: DstatRun): Float64Array[] {
  return run.series.flatMap((s) => (s.kind === 'number' ? [s.values] : []));
}

describe('a file of many one-row runs', () => {
  const source = readFixture('d072_tvfn.csv'); // 86 rows, 46 columns; its first row is on line 8
  const text = appendedRuns(source, 400_000);
  const log = parse(text);
  const single = parse(source).runs[0]!;

  it('reads every appended run, each with the source\'s first row', () => {
    const appended = (text.match(/^"Host:"/gm) ?? []).length - 1;
    expect(appended).toBeGreaterThan(300);
    expect(log.runs).toHaveLength(1 + appended);
    expect(log.dialect.rows).toEqual({ read: 86 + appended, kept: 86 + appended, dropped: 0 });
    for (const run of log.runs.slice(1)) {
      expect(run.time.length).toBe(1);
      expect(run.time[0]).toBe(single.time[0]);
      expect(run.firstRowIsSinceBoot).toBe(true);
      expect(run.series.map((s) => [s.id, s.values[0]])).toEqual(single.series.map((s) => [s.id, s.values[0]]));
    }
  });

  it('keeps each run\'s time and numeric columns in one buffer of its own, sized to its rows', () => {
    const seen = new Set<ArrayBufferLike>();
    for (const run of log.runs) {
      const columns = [run.time, ...numericColumns(run)];
      const buffers = new Set(columns.map((c) => c.buffer));
      expect(buffers.size, `run ${run.index}: buffers`).toBe(1);
      const [buffer] = buffers;
      expect(seen.has(buffer!), `run ${run.index} shares a buffer with an earlier run`).toBe(false);
      seen.add(buffer!);
      // nothing beyond the kept rows is retained: (1 time + numeric columns) × rows × 8 bytes
      expect(buffer!.byteLength).toBe(columns.length * run.time.length * 8);
      for (const c of columns) expect(c.length).toBe(run.time.length);
    }
  });

  it('a run read from a shared buffer still has columns that do not overlap', () => {
    const run = log.runs[0]!;
    const ranges = [run.time, ...numericColumns(run)].map((c) => [c.byteOffset, c.byteOffset + c.byteLength] as const);
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
  });
});

describe('MAX_RUNS', () => {
  it(`a file of more than ${MAX_RUNS} runs is TOO_LARGE, naming the limit`, () => {
    // header-only appended runs keep the text small: the limit is on runs, not on rows
    const block = '\n\n"Host:","vm",,,,"User:","root"\n"Cmdline:","dstat -t --output f.csv 1"\n"system"\n"time"\n29-11 20:45:49';
    const text = readFixture('d072_tvfn.csv') + block.repeat(MAX_RUNS) + '\n';
    expect(() => parse(text)).toThrow(new RegExp(`more than ${MAX_RUNS} runs`));
  });
});
