import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers of tests (docs/testing.md), one vitest project each; `vitest run` (npm test) runs all
 * three, `vitest run --project NAME` (npm run test:fast = projects fast and fast-isolated, test:browser,
 * test:slow) one of them. In a run of all, fast runs first (two workers), then browser and slow side by side
 * (one worker each).
 *
 * - fast: shared/, server/ and the web app's pure modules (test/web/unit), in process — no browser, no built
 *   app, no child server; each file takes well under ~10 s alone.
 * - browser: test/web/*.test.ts — Chromium against the built server (needs `npm run build`).
 * - slow: the soak proofs, the S3 soak, the Docker emulation (npm ci), and the in-process files that take
 *   over ~10 s (SLOW_FILES) — each still a check of `npm test`.
 */

/**
 * Test files of test/shared and test/server that are not fast: over ~10 s alone on an idle 2-core machine
 * (whole-fixture sweeps through the app and its parser/render threads, property tests of thousands of runs),
 * a time bound that two files at once on a busy machine break, a child process (the compiled CLI,
 * server/main.ts), or the built app (dist/: the CLI's offline pages, the export routes), which
 * `npm run test:fast` must not need.
 */
const SLOW_FILES = [
  // over ~10 s
  'test/server/routes/reports.fixtures.test.ts',
  'test/server/routes/report-lod.test.ts',
  'test/server/routes/compare-first-screen.test.ts',
  'test/server/routes/reports.test.ts',
  'test/server/routes/reports.multi-upload.test.ts',
  'test/server/routes/reports.gzip-d2g.test.ts',
  'test/server/plugins/upload-limits.test.ts',
  'test/server/plugins/load-shedding.test.ts',
  'test/server/render/png.test.ts',
  'test/server/render/offline-first-screen.test.ts',
  'test/server/store/s3-report-store.contract.test.ts',
  'test/server/routes/pages.test.ts',
  'test/server/plugins/app-options.test.ts',
  'test/shared/report/lod.test.ts',
  'test/shared/chart/step-fill.test.ts',
  'test/shared/dstat/fuzz.test.ts',
  'test/server/cli/live.test.ts',
  'test/server/live/live-idle.test.ts',
  // /readyz's bound on a parser thread's cold start (5 s, under tsx), or two replicas on an S3 server
  // racing uploads within the 30 s test bound: kept out of the tier that runs two files at a time
  'test/server/routes/ready.test.ts',
  'test/server/routes/headers.test.ts',
  'test/server/plugins/operations.test.ts',
  'test/server/app.s3.test.ts',
  'test/server/live/live.s3.test.ts',
  // a child process
  'test/server/main.test.ts',
  'test/server/cli/stats.test.ts',
  'test/server/cli/commands.test.ts',
  'test/server/cli/compare-html.test.ts',
  'test/server/cli/module-loading.test.ts',
  // the built app (dist/)
  'test/server/cli/compare.test.ts',
  'test/server/cli/d2g.test.ts',
  'test/server/cli/report.test.ts',
  'test/server/export/offline-compare-html.test.ts',
  'test/server/export/report-files.test.ts',
  'test/server/export/write-files.test.ts',
  'test/server/routes/export.test.ts',
  'test/server/routes/export-lang.test.ts',
  'test/server/export/view-options.test.ts',
  'test/server/routes/export-admission.test.ts',
  'test/server/admission/heavy-work.test.ts',
];

const FAST = ['test/shared/**/*.test.ts', 'test/server/**/*.test.ts', 'test/web/unit/**/*.test.ts', 'test/docs/**/*.test.ts', 'test/tools/**/*.test.ts'];

/**
 * Fast-tier files that replace a module (vi.mock, vi.doMock): with a module graph shared between files
 * (isolate: false) the replacement would leak into the next file, so these run isolated. Found by reading the
 * files, so a new one cannot be forgotten.
 */
const MOCKING_FILES = ['test/shared', 'test/server', 'test/web/unit', 'test/docs', 'test/tools'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`)
    .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(f, 'utf8'))),
);

const SLOW_DIRS = ['test/soak/**/*.test.ts', 'test/bench/**/*.test.ts', 'test/docker/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: FAST,
          exclude: [...SLOW_FILES, ...MOCKING_FILES],
          // Both cores: vitest's default is one worker fewer than the cores (one, on a 2-core machine),
          // and these files wait on timers, threads and disk as much as they compute.
          maxWorkers: 2,
          // The files of a worker share one module graph: Fastify, the AWS SDK, canvas and the server's own
          // modules are loaded once per worker instead of once per file (most of this tier's time was
          // imports). Safe for files that mock no module; vitest still restores spies after each file.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The fast files that replace a module (vi.mock), each in a module graph of its own.
          name: 'fast-isolated',
          include: MOCKING_FILES,
          exclude: SLOW_FILES,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/web/*.test.ts'],
          // One file at a time (each starts the built server and a Chromium), beside the slow tier's one.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: [...SLOW_DIRS, ...SLOW_FILES],
          // One file at a time, at the same time as the browser tier: the Docker emulation's npm ci and the
          // soak's clients mostly wait on disk and sockets, the browser tests mostly on Chromium. On a machine
          // too busy for both, TEST_TIERS_SERIAL=1 runs this tier after the browser tier instead.
          maxWorkers: 1,
          sequence: { groupOrder: process.env.TEST_TIERS_SERIAL === '1' ? 2 : 1 },
        },
      },
    ],
  },
});
