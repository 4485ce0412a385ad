/**
 * `npm run soak`: every soak run at full scale (`-- --ci` for the reduced one, or name runs:
 * `-- fuzz crowd slow many crash views wide slowheaders exports bomb`). Prints the figures; exits 1 when anything it
 * proves was violated.
 */
import { runCrash, runCrowd, runExports, runFuzz, runGzipBomb, runSlowClients, runSlowHeaders, runViews, runWide, type Scale } from './soak.js';

const args = process.argv.slice(2);
const scale: Scale = args.includes('--ci') ? 'ci' : 'full';
const names = args.filter((a) => !a.startsWith('--'));
const wanted = (n: string) => names.length === 0 || names.includes(n);

const runs: Array<[string, () => Promise<{ violations: string[] }>]> = [
  ['fuzz', () => runFuzz(scale)],
  ['crowd', () => runCrowd(scale)],
  ['slow', () => runSlowClients(scale)],
  ...(scale === 'full' ? [['many', () => runSlowClients(scale, true)] as [string, () => Promise<{ violations: string[] }>]] : []),
  ['crash', () => runCrash(scale)],
  ['views', () => runViews(scale)],
  ['wide', () => runWide(scale)],
  ['slowheaders', () => runSlowHeaders(scale)],
  ['exports', () => runExports(scale)],
  ['bomb', () => runGzipBomb(scale)],
];

console.log(`dstatview soak (${scale}) — node ${process.version}, ${new Date().toISOString()}`);
let failed = false;
for (const [name, run] of runs) {
  if (!wanted(name)) continue;
  const t0 = performance.now();
  const result = await run();
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  // The first violations say what went wrong; the count says how often.
  const shown = { ...result, violations: result.violations.slice(0, 10), violationCount: result.violations.length };
  console.log(`\n## ${name} (${seconds} s)\n${JSON.stringify(shown, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v), 2)}`);
  if (result.violations.length > 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
