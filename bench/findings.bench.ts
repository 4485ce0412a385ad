/**
 * The findings' cost (shared/findings/): every rule over every run of the 4 MB log beside its parse in the
 * same run (goal ≤ 10 % of parseDstat), and over a 100k-row run (goal ≤ 150 ms). Both measured alike: the
 * same warm-up and repetitions; median wall time, mean CPU time and best wall time.
 */
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../shared/findings/evaluate.js';
import { makeLog } from './make-log.js';
import { timeIt } from './parse.bench.js';

/** Calls before measuring and calls measured, the same for the parse and the findings so that their ratio is fair. */
const WARM = 10;
const RUNS = 9;

/** Mean CPU ms (user + system, this process) of `runs` calls, after as many warm-up calls. */
function cpuMs(fn: () => unknown, runs: number): number {
  for (let i = 0; i < runs; i++) fn();
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / runs;
}

/** Least wall ms of `runs` calls after `warm`: what a call costs when the shared machine leaves it alone. */
function bestMs(fn: () => unknown, runs: number, warm: number): number {
  for (let i = 0; i < warm; i++) fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export function benchFindings(): Record<string, number> {
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 });
  const log = parseDstat(text);
  const rows = log.runs.reduce((s, r) => s + r.time.length, 0);
  // Warmed up alike and measured alike: median wall time, CPU time and the best wall time.
  const parseMs = timeIt(() => parseDstat(text), RUNS, WARM);
  const findingsMs = timeIt(() => log.runs.map((r) => evaluateFindings(r)), RUNS, WARM);
  const parseCpu = cpuMs(() => parseDstat(text), RUNS);
  const findingsCpu = cpuMs(() => log.runs.map((r) => evaluateFindings(r)), RUNS);
  const parseBest = bestMs(() => parseDstat(text), RUNS, 1);
  const findingsBest = bestMs(() => log.runs.map((r) => evaluateFindings(r)), RUNS, 1);
  const big = parseDstat(makeLog(undefined, { rows: 100_000 }));
  const bigRows = big.runs.reduce((s, r) => s + r.time.length, 0);
  const bigMs = timeIt(() => big.runs.map((r) => evaluateFindings(r)), 5, 3);
  const bigCpu = cpuMs(() => big.runs.map((r) => evaluateFindings(r)), 5);
  const found = log.runs.flatMap((r) => evaluateFindings(r).findings.map((f) => f.rule));
  console.log(`\n## Findings — every rule over the raw samples`);
  console.log(`4 MB log (${rows} rows): parseDstat ${parseMs.toFixed(1)} ms, findings ${findingsMs.toFixed(1)} ms = ${((100 * findingsMs) / parseMs).toFixed(1)} % of the parse (goal ≤ 10 %); found: ${found.join(', ') || 'nothing'}`);
  console.log(`  CPU time (steadier on a shared machine): parseDstat ${parseCpu.toFixed(1)} ms, findings ${findingsCpu.toFixed(1)} ms = ${((100 * findingsCpu) / parseCpu).toFixed(1)} %`);
  console.log(`  best wall time of ${RUNS}: parseDstat ${parseBest.toFixed(1)} ms, findings ${findingsBest.toFixed(1)} ms = ${((100 * findingsBest) / parseBest).toFixed(1)} %`);
  console.log(`${bigRows} rows: findings ${bigMs.toFixed(1)} ms, CPU ${bigCpu.toFixed(1)} ms (goal ≤ 150 ms)`);
  return { parseMs, findingsMs, share: findingsMs / parseMs, parseCpu, findingsCpu, parseBest, findingsBest, bigRows, bigMs, bigCpu };
}
