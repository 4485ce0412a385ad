#!/usr/bin/env node
/**
 * `npm run typecheck`: the three TypeScript projects, each checked by its own tsc, two at a time (a tsc uses one
 * core; TYPECHECK_JOBS changes how many run at once):
 *   tsconfig.json         shared/, server/, test/, bench/, bin/ with Node's types
 *   shared/tsconfig.json  shared/ alone with no Node or DOM types (shared/ runs in both)
 *   web/tsconfig.json     the web app with the DOM's types
 * Each project's output is printed once its tsc ends; the exit status is 1 if any of them failed.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['tsconfig.json', 'shared/tsconfig.json', 'web/tsconfig.json'];
const jobs = Math.max(1, Number(process.env.TYPECHECK_JOBS) || 2);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    let ok = true;
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) ok = (await check(p)) && ok;
    return ok;
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
