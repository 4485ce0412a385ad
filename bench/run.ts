/**
 * `npm run bench [-- PART...]`: the benchmarks, figures and ratios against references measured in the same
 * run. PARTs (default: all, in this order): parser, findings, server, compare, browser, compare-page, export, live.
 */
import { benchBrowser } from './browser.bench.js';
import { benchCompare, benchComparePage } from './compare.bench.js';
import { benchExport } from './export.bench.js';
import { benchFindings } from './findings.bench.js';
import { benchLive } from './live.bench.js';
import { benchParser } from './parse.bench.js';
import { benchServer } from './server.bench.js';

const PARTS: Record<string, () => unknown> = {
  parser: benchParser,
  findings: benchFindings,
  server: benchServer,
  compare: benchCompare,
  browser: benchBrowser,
  'compare-page': benchComparePage,
  export: benchExport,
  live: benchLive,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(p in PARTS));
if (unknown.length > 0) {
  console.error(`unknown benchmark part(s): ${unknown.join(', ')}; the parts are ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
console.log(`dstatview benchmarks — node ${process.version}, ${new Date().toISOString()}`);
for (const [name, run] of Object.entries(PARTS)) if (asked.length === 0 || asked.includes(name)) await run();
