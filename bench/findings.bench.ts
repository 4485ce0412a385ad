/**
 * The findings' cost (shared/findings/): every rule over every run of the 4 MB log, against two references
 * measured in the same run, call by call in turn (a shared machine's speed drifts over seconds; taking the
 * calls alternately puts the drift on both sides alike):
 * - what findings add to an upload's parse: the parser thread's whole task (server/parse-worker.ts: parse,
 *   statistics, findings, the stored JSON gzipped, the level of detail) — the goal, ≤ 10 %;
 * - `parseDstat` alone (the CSV read into columns), the strictest reference, printed beside it.
 * And over a 100k-row run (goal ≤ 150 ms). Median wall time, mean CPU time and best wall time.
 */
import { parseDstat } from '../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../shared/findings/evaluate.js';
import { deriveReport } from '../server/derive-report.js';
import { encodeLod } from '../server/lod/lod-task.js';
import { makeLog } from './make-log.js';

/** Calls before measuring and calls measured, the same for every function compared so that ratios are fair. */
const WARM = 10;
const RUNS = 9;

interface Measured {
  /** Median wall ms. */
  median: number;
  /** Least wall ms: what a call costs when the shared machine leaves it alone. */
  best: number;
  /** Mean CPU ms (user + system, this process). */
  cpu: number;
}

/**
 * Each function called `warm` times, then `runs` rounds of one call of each in turn (the order rotated each
 * round): wall time per call, and CPU time per call from process.cpuUsage around it.
 */
export function alternate(fns: readonly (() => unknown)[], runs: number, warm: number): Measured[] {
  for (const fn of fns) for (let i = 0; i < warm; i++) fn();
  const walls = fns.map(() => [] as number[]);
  const cpus = fns.map(() => 0);
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < fns.length; k++) {
      const j = (k + r) % fns.length;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      fns[j]!();
      walls[j]!.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpus[j]! += (c.user + c.system) / 1000;
    }
  }
  return walls.map((w, j) => {
    const sorted = [...w].sort((a, b) => a - b);
    return { median: sorted[sorted.length >> 1]!, best: sorted[0]!, cpu: cpus[j]! / runs };
  });
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

export function benchFindings(): Record<string, number> {
  const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 });
  const bytes = Buffer.from(text);
  const log = parseDstat(text);
  const rows = log.runs.reduce((s, r) => s + r.time.length, 0);
  const fields = { id: 'bench', fileName: 'bench.csv', createdAt: '2026-01-01T00:00:00.000Z', bytes: bytes.length };
  const findings = () => log.runs.map((r) => evaluateFindings(r));
  const parse = () => parseDstat(text);
  const upload = () => encodeLod(deriveReport(bytes, fields).report);
  const [f, p] = alternate([findings, parse], RUNS, WARM);
  const [f2, u] = alternate([findings, upload], 5, 2);
  const big = parseDstat(makeLog(undefined, { rows: 100_000 }));
  const bigRows = big.runs.reduce((s, r) => s + r.time.length, 0);
  const [bigM] = alternate([() => big.runs.map((r) => evaluateFindings(r))], 5, 3);
  const found = log.runs.flatMap((r) => evaluateFindings(r).findings.map((x) => x.rule));
  // The upload's task includes the findings: what they add is their share of the rest of it.
  const uploadRest = u!.median - f2!.median;
  const uploadRestCpu = u!.cpu - f2!.cpu;
  console.log(`\n## Findings — every rule over the raw samples`);
  console.log(`4 MB log (${rows} rows); found: ${found.join(', ') || 'nothing'}`);
  console.log(`  the parser thread's task of its upload ${u!.median.toFixed(1)} ms (CPU ${u!.cpu.toFixed(1)} ms), of which findings ${f2!.median.toFixed(1)} ms (CPU ${f2!.cpu.toFixed(1)} ms): they add ${pct(f2!.median, uploadRest)} (CPU ${pct(f2!.cpu, uploadRestCpu)}) to the upload's parse (goal ≤ 10 %)`);
  console.log(`  beside parseDstat alone: parseDstat ${p!.median.toFixed(1)} ms, findings ${f!.median.toFixed(1)} ms = ${pct(f!.median, p!.median)}; CPU ${p!.cpu.toFixed(1)} / ${f!.cpu.toFixed(1)} ms = ${pct(f!.cpu, p!.cpu)}; best ${p!.best.toFixed(1)} / ${f!.best.toFixed(1)} ms = ${pct(f!.best, p!.best)}`);
  console.log(`${bigRows} rows: findings ${bigM!.median.toFixed(1)} ms, CPU ${bigM!.cpu.toFixed(1)} ms (goal ≤ 150 ms)`);
  return {
    uploadMs: u!.median,
    uploadShare: f2!.median / uploadRest,
    parseMs: p!.median,
    findingsMs: f!.median,
    share: f!.median / p!.median,
    parseCpu: p!.cpu,
    findingsCpu: f!.cpu,
    parseBest: p!.best,
    findingsBest: f!.best,
    bigRows,
    bigMs: bigM!.median,
    bigCpu: bigM!.cpu,
  };
}
