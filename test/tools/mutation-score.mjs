#!/usr/bin/env node
/**
 * The mutation score per folder, from every Stryker JSON report in reports/mutation/ (one per target of
 * `npm run mutate`; where two reports hold the same file, the newer one counts). Score = detected (killed or
 * timed out) / (detected + survived + not covered), as Stryker counts it; mutants that do not compile are not
 * counted, nor static ones skipped by the run (shown beside). Goals: shared/ and server/store/ ≥ 90 %, the rest of server/ ≥ 85 %.
 * `--survivors` lists every surviving mutant with its place and replacement.
 * Survivors judged equivalent (no test can tell them from the original) are listed with the reason in
 * test/tools/mutation-equivalents.md, one `file:line:column Mutator: "replacement"` each; the table shows
 * them beside, and a second score without them ("w/o eq."). A listed place that no longer survives is ignored.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../reports/mutation/', import.meta.url));
const GROUPS = [
  { name: 'shared/', goal: 90, has: (f) => f.startsWith('shared/') },
  { name: 'server/store/', goal: 90, has: (f) => f.startsWith('server/store/') },
  { name: 'server/ (rest)', goal: 85, has: (f) => f.startsWith('server/') && !f.startsWith('server/store/') },
];
const DETECTED = new Set(['Killed', 'Timeout']);
const EQUIVALENTS = fileURLToPath(new URL('./mutation-equivalents.md', import.meta.url));

/** `file:line:col Mutator: "replacement"` of every survivor judged equivalent. */
function readEquivalents() {
  if (!existsSync(EQUIVALENTS)) return new Set();
  const keys = readFileSync(EQUIVALENTS, 'utf8')
    .split('\n')
    .map((line) => /^- `([^`]+)`/.exec(line)?.[1])
    .filter((k) => k !== undefined);
  return new Set(keys);
}
const equivalents = readEquivalents();
const keyOf = (file, m) =>
  `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '')}`;
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** file → mutants, the newest report winning. */
function readReports() {
  if (!existsSync(DIR)) return new Map();
  const reports = readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.incremental.json'))
    .map((f) => ({ path: DIR + f, mtime: statSync(DIR + f).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime);
  const files = new Map();
  for (const r of reports) {
    const report = JSON.parse(readFileSync(r.path, 'utf8'));
    for (const [file, { mutants }] of Object.entries(report.files)) files.set(file.replace(/\\/g, '/'), mutants);
  }
  return files;
}

function tally(entries) {
  const t = { detected: 0, survived: 0, noCoverage: 0, ignored: 0, equivalent: 0, total: 0 };
  for (const [file, m] of entries) {
    if (m.status === 'Survived' && equivalents.has(keyOf(file, m))) t.equivalent++;
    if (DETECTED.has(m.status)) t.detected++;
    else if (m.status === 'Survived') t.survived++;
    else if (m.status === 'NoCoverage') t.noCoverage++;
    else if (m.status === 'Ignored') t.ignored++;
    if (DETECTED.has(m.status) || UNDETECTED.has(m.status)) t.total++;
  }
  return t;
}

const pct = (t) => (t.total === 0 ? '   –  ' : `${((100 * t.detected) / t.total).toFixed(1).padStart(5)} %`);
const pctEq = (t) =>
  t.total - t.equivalent === 0 ? '   –  ' : `${((100 * t.detected) / (t.total - t.equivalent)).toFixed(1).padStart(5)} %`;
const row = (name, t, goal = '') =>
  `${name.padEnd(28)} ${pct(t)}  ${String(t.detected).padStart(5)} / ${String(t.total).padEnd(5)}` +
  `  survived ${String(t.survived).padStart(4)}  no coverage ${String(t.noCoverage).padStart(4)}` +
  `  equivalent ${String(t.equivalent).padStart(4)}  w/o eq. ${pctEq(t)}  static, not run ${String(t.ignored).padStart(4)}  ${goal}`;

const files = readReports();
if (files.size === 0) {
  console.log('no mutation reports in reports/mutation/ yet: run `npm run mutate` first');
  process.exit(0);
}
/** [file, mutant] of every file that `has`. */
const entriesOf = (has) => [...files].filter(([f]) => has(f)).flatMap(([f, mutants]) => mutants.map((m) => [f, m]));
const folderOf = (f) => f.split('/').slice(0, -1).join('/') + '/';
console.log('\nmutation score per folder (reports/mutation/)');
for (const folder of [...new Set([...files.keys()].map(folderOf))].sort()) {
  console.log(row(folder, tally(entriesOf((f) => folderOf(f) === folder))));
}
console.log('');
for (const g of GROUPS) {
  const t = tally(entriesOf(g.has));
  const score = (100 * t.detected) / (t.total - t.equivalent);
  const met = t.total === 0 ? 'not run' : score >= g.goal ? `goal ≥ ${g.goal} % (w/o eq.): met` : `goal ≥ ${g.goal} % (w/o eq.): NOT met`;
  console.log(row(g.name, t, met));
}
if (process.argv.includes('--survivors')) {
  console.log('\nsurvivors:');
  for (const [file, mutants] of [...files].sort()) {
    for (const m of mutants.filter((x) => UNDETECTED.has(x.status))) {
      const at = `${file}:${m.location.start.line}:${m.location.start.column}`;
      const status = m.status === 'Survived' && equivalents.has(keyOf(file, m)) ? 'Equivalent' : m.status;
      console.log(`${at.padEnd(44)} ${status.padEnd(10)} ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '')}`);
    }
  }
}
