/**
 * What `dstatview report` loads: an HTML file no CommonJS module (the first one an ES module imports costs
 * Node 20 ~100 ms of CPU, a sixth of `report -o OUT.html` on the 4 MB log: write-html.ts, common.ts), a
 * ZIP its ZIP writer. The compiled CLI with a module hook that logs every module it loads; run
 * `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, cliTempDir, ROOT } from '../../helpers/cli.js';
import { fixturePath } from '../../helpers/fixtures.js';

const HOOK = fileURLToPath(new URL('../../helpers/module-log/register.mjs', import.meta.url));
const dir = cliTempDir('dstatview-modules-');
const execute = promisify(execFile);

vi.setConfig({ testTimeout: 180_000 });

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/web/offline/offline.js')) || !existsSync(BIN)) throw new Error('not built: run npm run build first');
});

/** The modules `dstatview …args` loads, as `format url` lines. */
async function modulesLoaded(name: string, ...args: string[]): Promise<string[]> {
  const log = join(dir, `${name}.log`);
  await execute(process.execPath, ['--import', HOOK, BIN, ...args], { cwd: ROOT, env: { ...process.env, MODULE_LOG: log } });
  return readFileSync(log, 'utf8').trim().split('\n');
}

describe('dstatview report loads only what its output needs', () => {
  it('an HTML file: no CommonJS module at all (no ZIP writer, no server error module)', async () => {
    const loaded = await modulesLoaded('html', 'report', fixturePath('d072_tfvnrl.csv'), '-o', join(dir, 'r.html'));
    expect(loaded.some((l) => l.includes('/dist/shared/dstat/parse-dstat.js'))).toBe(true);
    expect(loaded.filter((l) => l.startsWith('commonjs '))).toEqual([]);
  });

  it('a ZIP: its ZIP writer (so the hook sees CommonJS modules when they are loaded)', async () => {
    const loaded = await modulesLoaded('zip', 'report', fixturePath('d072_tfvnrl.csv'), '-o', join(dir, 'r.zip'));
    expect(loaded.some((l) => l.startsWith('commonjs ') && l.includes('/node_modules/yazl/'))).toBe(true);
  });
});
