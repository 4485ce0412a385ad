/**
 * The findings' cost (shared/findings/): every rule over every run of the 4 MB log beside its parse in the
 * same run (goal ≤ 10 % of parseDstat), and over a 100k-row run (goal ≤ 150 ms).
 */
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../shared/findings/evaluate.js';
import { makeLog } from './make-log.js';
import { timeIt } from './parse.bench.js';

/** Mean CPU ms (user + system, this process) of `runs` calls, after as many warm-up calls. */
function cpuMs(fn: () => unknown, runs: number): number {
  for (let i = 0; i < runs; i++) fn();
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / runs;
}

export function benchFindings(): Record<string, number> {
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 });
  const log = parseDstat(text);
  const rows = log.runs.reduce((s, r) => s + r.time.length, 0);
  // Warmed up alike (the findings' code is small and cold after the parse), median wall time and CPU time.
  const parseMs = timeIt(() => parseDstat(text), 9, 5);
  const findingsMs = timeIt(() => log.runs.map((r) => evaluateFindings(r)), 9, 10);
  const parseCpu = cpuMs(() => parseDstat(text), 9);
  const findingsCpu = cpuMs(() => log.runs.map((r) => evaluateFindings(r)), 9);
  const big = parseDstat(makeLog(undefined, { rows: 100_000 }));
  const bigRows = big.runs.reduce((s, r) => s + r.time.length, 0);
  const bigMs = timeIt(() => big.runs.map((r) => evaluateFindings(r)), 5, 3);
  const bigCpu = cpuMs(() => big.runs.map((r) => evaluateFindings(r)), 5);
  const found = log.runs.flatMap((r) => evaluateFindings(r).findings.map((f) => f.rule));
  console.log(`\n## Findings — every rule over the raw samples`);
  console.log(`4 MB log (${rows} rows): parseDstat ${parseMs.toFixed(1)} ms, findings ${findingsMs.toFixed(1)} ms = ${((100 * findingsMs) / parseMs).toFixed(1)} % of the parse (goal ≤ 10 %); found: ${found.join(', ') || 'nothing'}`);
  console.log(`  CPU time (steadier on a shared machine): parseDstat ${parseCpu.toFixed(1)} ms, findings ${findingsCpu.toFixed(1)} ms = ${((100 * findingsCpu) / parseCpu).toFixed(1)} %`);
  console.log(`${bigRows} rows: findings ${bigMs.toFixed(1)} ms, CPU ${bigCpu.toFixed(1)} ms (goal ≤ 150 ms)`);
  return { parseMs, findingsMs, share: findingsMs / parseMs, parseCpu, findingsCpu, bigRows, bigMs, bigCpu };
}
