/** `npm run bench`: every benchmark, figures and ratios against references measured in the same run. */
import { benchBrowser } from './browser.bench.js';
import { benchCompare, benchComparePage } from './compare.bench.js';
import { benchExport } from './export.bench.js';
import { benchParser } from './parse.bench.js';
import { benchServer } from './server.bench.js';

console.log(`dstatview benchmarks — node ${process.version}, ${new Date().toISOString()}`);
benchParser();
await benchServer();
await benchCompare();
await benchBrowser();
await benchComparePage();
await benchExport();
