#!/usr/bin/env node
/**
 * `npm run mutate [-- FOLDER|FILE ...]`: mutation testing (stryker.config.mjs) one target at a time, e.g.
 * `npm run mutate -- shared/series server/store`. Without arguments: every folder of shared/ and server/ and
 * their top-level files, each its own Stryker run. Each target keeps its own incremental file and JSON report
 * in reports/mutation/ (git-ignored), so re-running a target tests only the mutants whose code or covering
 * tests changed, and the score table (test/tools/mutation-score.mjs) is printed from every report there.
 * MUTATE_CONCURRENCY (default 2) sets the number of test processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
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

const targets = process.argv.slice(2);
mkdirSync(ROOT + OUT, { recursive: true });
let failed = 0;
for (const target of targets.length > 0 ? targets : defaultTargets()) {
  const name = slug(target);
  console.log(`\n== mutating ${target} (${OUT}/${name}.json)`);
  const result = spawnSync(
    process.execPath,
    [ROOT + 'node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MUTATE_GLOB: mutateGlob(target), MUTATE_NAME: name } },
  );
  if (result.status !== 0) {
    console.error(`mutate: Stryker failed on ${target} (exit ${result.status ?? result.signal})`);
    failed++;
  }
}
spawnSync(process.execPath, [ROOT + 'test/tools/mutation-score.mjs'], { cwd: ROOT, stdio: 'inherit' });
process.exitCode = failed > 0 ? 1 : 0;
