/**
 * The findings' cost (shared/findings/): every rule over every run of the 4 MB log beside its parse in the
 * same run (goal ≤ 10 % of parseDstat), and over a 100k-row run (goal ≤ 150 ms).
 */
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../shared/findings/evaluate.js';
import { makeLog } from './make-log.js';
import { timeIt } from './parse.bench.js';

export function benchFindings(): Record<string, number> {
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 });
  const log = parseDstat(text);
  const rows = log.runs.reduce((s, r) => s + r.time.length, 0);
  const parseMs = timeIt(() => parseDstat(text));
  const findingsMs = timeIt(() => log.runs.map((r) => evaluateFindings(r)));
  const big = parseDstat(makeLog(undefined, { rows: 100_000 }));
  const bigRows = big.runs.reduce((s, r) => s + r.time.length, 0);
  const bigMs = timeIt(() => big.runs.map((r) => evaluateFindings(r)), 5, 1);
  const found = log.runs.flatMap((r) => evaluateFindings(r).findings.map((f) => f.rule));
  console.log(`\n## Findings — every rule over the raw samples`);
  console.log(`4 MB log (${rows} rows): parseDstat ${parseMs.toFixed(1)} ms, findings ${findingsMs.toFixed(1)} ms = ${((100 * findingsMs) / parseMs).toFixed(1)} % of the parse (goal ≤ 10 %); found: ${found.join(', ') || 'nothing'}`);
  console.log(`${bigRows} rows: findings ${bigMs.toFixed(1)} ms (goal ≤ 150 ms)`);
  return { parseMs, findingsMs, share: findingsMs / parseMs, bigRows, bigMs };
}
