/**
 * Where a worker thread's module is: `relative` (no extension) beside `moduleUrl`, with the caller's own
 * extension — `.js` in the build, `.ts` when run from source, where the thread then needs tsx too.
 * A module of its own so that a pool's owner loads nothing else for it (the CLI's render pool is not a
 * Fastify plugin).
 */
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function workerLocation(relative: string, moduleUrl: string): { filename: string; execArgv?: string[] } {
  const ext = extname(fileURLToPath(moduleUrl));
  const filename = fileURLToPath(new URL(`${relative}${ext}`, moduleUrl));
  if (ext !== '.ts') return { filename };
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}
