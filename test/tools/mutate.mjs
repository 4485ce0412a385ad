#!/usr/bin/env node
/**
 * `npm run mutate [-- FOLDER|FILE ...]`: mutation testing (stryker.config.mjs) one target at a time, e.g.
 * `npm run mutate -- shared/series server/store`. Without arguments: every folder of shared/ and server/ and
 * their top-level files, each its own Stryker run. Each target keeps its own incremental file and JSON report
 * in reports/mutation/ (git-ignored), so re-running a target tests only the mutants whose code or covering
 * tests changed, and the score table (test/tools/mutation-score.mjs) is printed from every report there.
 * MUTATE_CONCURRENCY (default 2) sets the number of Stryker processes (one type checker, test runners).
 *
 * Which tests a target is judged by: shared/ is unit-tested folder by folder, so a folder of shared/ must
 * kill its mutants with its own tests (test/shared/series for shared/series, plus the web's unit tests that
 * import it, test/web/unit; all of test/shared for shared/*.ts); server/ is tested through the app, so every server test counts for any part of it.
 * `--all-tests` judges a target by every in-process test instead (slower: the fixture-wide parser and
 * upload tests cover most of the code).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = 'reports/mutation';

/** Every folder of shared/ and server/, then their top-level files as one target each. */
function defaultTargets() {
  return ['shared', 'server'].flatMap((top) => {
    const entries = readdirSync(ROOT + top, { withFileTypes: true });
    const folders = entries.filter((e) => e.isDirectory()).map((e) => `${top}/${e.name}`);
    return [...folders.sort(), `${top}/*.ts`];
  });
}

/** `shared/series` → `shared/series/**\/*.ts`; a file or a glob as given. */
function mutateGlob(target) {
  const path = target.replace(/\/+$/, '');
  if (path.includes('*')) return path;
  return statSync(ROOT + path).isDirectory() ? `${path}/**/*.ts` : path;
}

/** A file name for a target: `shared/series` → `shared.series`, `shared/*.ts` → `shared.root`. */
const slug = (target) => target.replace(/\/+$/, '').replace(/\/\*\.ts$/, '/root').replace(/[^\w.-]+/g, '.');

/** The web's unit tests (test/web/unit) that import from `shared/<sub>/`: some of shared/ (format, view) is
 * specified there, beside the web code that uses it. */
function webUnitTestsOf(sub) {
  const dir = 'test/web/unit/';
  if (!existsSync(ROOT + dir)) return [];
  return readdirSync(ROOT + dir)
    .filter((f) => f.endsWith('.test.ts') && readFileSync(ROOT + dir + f, 'utf8').includes(`shared/${sub}/`))
    .map((f) => dir + f);
}

/** Test globs a target is judged by (see above). */
function testGlobs(target) {
  const [top, sub] = target.replace(/\/+$/, '').split('/');
  if (top === 'shared' && sub && !sub.includes('*') && !sub.endsWith('.ts')) {
    const own = existsSync(`${ROOT}test/shared/${sub}`) ? [`test/shared/${sub}/**/*.test.ts`] : [];
    const globs = [...own, ...webUnitTestsOf(sub)];
    // A folder without tests of its own is judged by all of test/shared (vitest stops on an empty list).
    return (globs.length > 0 ? globs : ['test/shared/**/*.test.ts']).join(',');
  }
  return `test/${top}/**/*.test.ts`;
}

const allTests = process.argv.includes('--all-tests');
const targets = process.argv.slice(2).filter((a) => a !== '--all-tests');
// The tests of exports and pages inline the built web app (stryker.config.mjs copies dist/web).
if (!existsSync(ROOT + 'dist/web/offline/offline.js')) {
  console.error('mutate: dist/web is missing: run npm run build first');
  process.exit(2);
}
mkdirSync(ROOT + OUT, { recursive: true });
let failed = 0;
for (const target of targets.length > 0 ? targets : defaultTargets()) {
  const name = slug(target);
  console.log(`\n== mutating ${target}, judged by ${allTests ? 'every test' : testGlobs(target)} (${OUT}/${name}.json)`);
  // stryker.config.mjs and vitest.mutation.config.ts read the target from these variables.
  const env = {
    ...process.env,
    MUTATE_GLOB: mutateGlob(target),
    MUTATE_NAME: name,
    ...(allTests ? {} : { MUTATE_TESTS: testGlobs(target) }),
  };
  const stryker = ROOT + 'node_modules/@stryker-mutator/core/bin/stryker.js';
  const result = spawnSync(process.execPath, [stryker, 'run', 'stryker.config.mjs'], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`mutate: Stryker failed on ${target} (exit ${result.status ?? result.signal})`);
    failed++;
  }
}
spawnSync(process.execPath, [ROOT + 'test/tools/mutation-score.mjs'], { cwd: ROOT, stdio: 'inherit' });
process.exitCode = failed > 0 ? 1 : 0;
