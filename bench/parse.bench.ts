/**
 * Parser speed: parseDstat (our tokenizer + typed columns) against csv-parse used naively on the same
 * 4 MB log in the same run, linearity (time per MB on 1× and 4× the input), and a file of thousands of
 * one-row appended runs against a normal log of the same size (their time per MB must stay near the
 * normal log's: shared/dstat/column-store.ts says what keeps it there).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { appendedRuns } from '../test/helpers/appended-runs.js';
import { fixturePath } from '../test/helpers/fixtures.js';
import { makeLog } from './make-log.js';

/** Median ms of `runs` calls after `warm` warm-up calls. */
export function timeIt(fn: () => unknown, runs = 9, warm = 3): number {
  for (let i = 0; i < warm; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

/** csv-parse as one would use it first: the whole text, then numbers out of every record. */
function csvParseNaive(text: string): number {
  const records: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true });
  let n = 0;
  for (const r of records) for (const cell of r) if (cell !== '' && !Number.isNaN(Number(cell))) n++;
  return n;
}

export function benchParser(): Record<string, number> {
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 });
  const mb = Buffer.byteLength(text) / (1024 * 1024);
  const rows = parseDstat(text).runs[0]!.time.length;
  const ours = timeIt(() => parseDstat(text));
  const tokenizeOnly = timeIt(() => parse(text, { relax_column_count: true, skip_empty_lines: true }), 5, 1);
  const naive = timeIt(() => csvParseNaive(text), 5, 1);
  const big = text + makeLog(undefined, { bytes: 12 * 1024 * 1024 }).split('\n').slice(8).join('\n');
  const bigMb = Buffer.byteLength(big) / (1024 * 1024);
  const oursBig = timeIt(() => parseDstat(big), 3, 1);
  console.log(`\n## Parser — ${mb.toFixed(2)} MB, ${rows} rows × 69 columns (d072_long_tfvnrl.csv extended)`);
  console.log(`parseDstat (columns, units, dialect report)   ${ours.toFixed(1).padStart(7)} ms  ${(mb / ours * 1000).toFixed(1).padStart(6)} MB/s`);
  console.log(`csv-parse sync, tokenizing only               ${tokenizeOnly.toFixed(1).padStart(7)} ms  ${(mb / tokenizeOnly * 1000).toFixed(1).padStart(6)} MB/s`);
  console.log(`csv-parse sync + Number() per cell (naive)    ${naive.toFixed(1).padStart(7)} ms  ${(mb / naive * 1000).toFixed(1).padStart(6)} MB/s`);
  console.log(`ratio: ${(naive / ours).toFixed(1)}× faster than naive csv-parse, ${(tokenizeOnly / ours).toFixed(1)}× faster than csv-parse tokenizing alone (goal ≥ 5×)`);
  console.log(`linearity: ${bigMb.toFixed(1)} MB in ${oursBig.toFixed(0)} ms = ${(oursBig / bigMb).toFixed(1)} ms/MB vs ${(ours / mb).toFixed(1)} ms/MB on ${mb.toFixed(1)} MB`);
  const manyRuns = benchManyRuns(text);
  return { parseMs: ours, csvParseMs: tokenizeOnly, naiveMs: naive, ratio: naive / ours, manyRunsRatio: manyRuns.ratio };
}

/** One-row appended runs of d072_tvfn.csv (46 columns) up to the size of `normal`, against `normal`. */
export function benchManyRuns(normal: string): { ms: number; normalMs: number; ratio: number } {
  const text = appendedRuns(readFileSync(fixturePath('d072_tvfn.csv'), 'utf8'), normal.length);
  const runs = parseDstat(text).runs.length;
  const ms = timeIt(() => parseDstat(text), 3, 1);
  const normalMs = timeIt(() => parseDstat(normal), 3, 1);
  const mb = text.length / (1024 * 1024);
  console.log(`many runs: ${runs} one-row runs in ${mb.toFixed(2)} MB ${ms.toFixed(0)} ms vs a normal log of the same size ${normalMs.toFixed(0)} ms: ratio ${(ms / normalMs).toFixed(1)} (5.8 when first measured: 3.5 s vs 0.6 s)`);
  return { ms, normalMs, ratio: ms / normalMs };
}
