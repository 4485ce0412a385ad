// @ts-check
/**
 * Mutation testing of shared/ and server/ (`npm run mutate`, not part of `npm test` or CI): StrykerJS plants
 * small bugs in the sources one at a time and runs the tests that cover each; a mutant no test notices
 * ("survived") points at a missing test. Run through test/tools/mutate.mjs, which mutates one folder per run
 * and keeps an incremental file per folder (reports/mutation/), so a run after a small change re-tests only
 * what changed. Sized for a shared 2-core machine: two test processes at most.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  // Mutants that do not compile are dropped before any test runs; the check covers the sources only.
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level values: the TypeBox schemas, the catalogue's table, limits) can only be
  // tested by re-running every test from a fresh module load, about a minute each here; they are left out
  // (reported as ignored) unless MUTATE_STATIC=1. Literal-table tests pin those values instead
  // (test/shared/catalogue/catalogue.test.ts, test/shared/api/schemas.test.ts).
  ignoreStatic: process.env.MUTATE_STATIC !== '1',
  // server/main.ts and server/cli/main.ts only start a process (the server's, the CLI's) and are tested as
  // processes (test/server/main.test.ts, test/server/cli/commands.test.ts), where a mutant switched on in the
  // test process cannot reach: left out rather than counted as untested. What they run is tested in process.
  // MUTATE_GLOB (set by test/tools/mutate.mjs) narrows a run to one folder or file.
  mutate: [...(process.env.MUTATE_GLOB ?? 'shared/**/*.ts,server/**/*.ts').split(','), '!server/main.ts', '!server/cli/main.ts'],
  // dist/web is copied into the sandbox: the export, page and first-screen tests inline the built web app
  // (run `npm run build` first; test/tools/mutate.mjs checks). Without it they failed in their beforeAll,
  // which Stryker's dry run took as tests covering nothing: server/export read 70 % with 60 'no coverage'.
  ignorePatterns: ['/dist/*', '!/dist/web', 'data', 'reports', 'coverage', '.stryker-tmp', '*.log'],
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  incremental: true,
  reporters: ['clear-text', 'progress', 'json'],
  // test/tools/mutate.mjs names one report per target; mutation-score.mjs reads them all.
  jsonReporter: { fileName: `reports/mutation/${process.env.MUTATE_NAME ?? 'all'}.json` },
  incrementalFile: `reports/mutation/${process.env.MUTATE_NAME ?? 'all'}.incremental.json`,
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // A test that waits for a timer (queue full, idle timeouts) may take a while under load; not a kill.
  timeoutMS: 10_000,
  timeoutFactor: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
