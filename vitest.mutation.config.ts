/**
 * The test run Stryker mutates against (`npm run mutate`): every in-process test of shared/ and server/.
 * Left out: the browser tests (test/web/*.test.ts: minutes per mutant, and they test web/, which is not
 * mutated), the Dockerfile check, and the tests that only run the code in a child process (the built CLI,
 * server/main.ts as a process): a mutant is switched on inside the test process only, so those tests would
 * run the unmutated code and only cost time. The CLI's commands are also tested in process
 * (test/helpers/cli-in-process.ts), in the files that keep their child-process cases too.
 * MUTATE_TESTS (set by test/tools/mutate.mjs: comma-separated globs) narrows the run to the tests of the
 * folder being mutated.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// One run of every in-process test, without the base's tiers (vitest.config.ts `projects`: fast, browser, slow).
const { projects: _tiers, ...baseTest } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    // Replaces the base list (mergeConfig would append to it).
    include: process.env.MUTATE_TESTS?.split(',') ?? ['test/**/*.test.ts'],
    // Stryker's instrumented code under a loaded 2-core machine: shared/dstat's fuzz test (1,900 parses of
    // mutated real files) took over the base 30 s in the initial run and failed it; a mutant's run is
    // bounded by Stryker's own timeout (stryker.config.mjs timeoutMS), not by this.
    testTimeout: 180_000,
    exclude: [
      'test/web/*.test.ts',
      'test/docker/**',
      'test/server/main.test.ts',
      'test/server/cli/compare-html.test.ts',
      'test/server/cli/module-loading.test.ts',
      '**/node_modules/**',
    ],
  },
});
