/**
 * server/main.ts as a process: starts from the environment, prints its URL, answers, stops on SIGTERM;
 * refuses a bad setting with one clear line and no stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/app.js';

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

afterAll(removeTempDirs);

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

function waitFor(child: ChildProcess, output: () => string, re: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = output().match(re);
      if (m) {
        cleanup();
        resolve(m);
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`exited before ${re}: ${output()}`));
    };
    const cleanup = () => {
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', onExit);
    check();
  });
}

describe('main', () => {
  it('listens, prints its URL, answers /healthz, and exits 0 on SIGTERM', async () => {
    const { child, output } = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: await tempDir(), WEB_DIR: await tempDir() });
    try {
      const [, url] = await waitFor(child, output, /dstatview is up: (http:\/\/127\.0\.0\.1:\d+\/)/);
      expect(output()).toContain('web app not built');
      const res = await fetch(`${url}healthz`);
      expect(await res.json()).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('logs no line per request at the default level; LOG_LEVEL=debug logs one per request; a bad LOG_LEVEL is refused', async () => {
    for (const level of [undefined, 'debug'] as const) {
      const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: await tempDir(), WEB_DIR: await tempDir() };
      if (level) env.LOG_LEVEL = level;
      const { child, output } = start(env);
      try {
        const [, url] = await waitFor(child, output, /dstatview is up: (http:\/\/127\.0\.0\.1:\d+\/)/);
        expect((await fetch(`${url}healthz?probe=1`)).status).toBe(200);
        if (level === 'debug') await waitFor(child, output, /"url":"\/healthz\?probe=1"/);
        child.kill('SIGTERM');
        await once(child, 'exit');
        const lines = output().split('\n').filter((l) => l.includes('/healthz?probe=1'));
        if (level === 'debug') {
          expect(lines).toHaveLength(1);
          expect(JSON.parse(lines[0]!)).toMatchObject({ level: 20, method: 'GET', statusCode: 200, msg: 'request' });
        } else {
          expect(lines, output()).toEqual([]);
          expect(output()).not.toMatch(/incoming request|request completed/);
        }
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }
    const bad = start({ PORT: '0', DATA_DIR: await tempDir(), LOG_LEVEL: 'loud' });
    const [code] = await once(bad.child, 'exit');
    expect(code).toBe(1);
    expect(bad.output().trim()).toBe('dstatview: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
  });

  it('refuses a bad setting with one clear line, exit code 1, no stack', async () => {
    const { child, output } = start({ PORT: 'eighty', DATA_DIR: await tempDir() });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().trim()).toBe('dstatview: PORT must be an integer from 0 to 65535, got "eighty"');
  });

  it('refuses a DATA_DIR it cannot write, without a stack', async () => {
    const file = join(await tempDir(), 'a-file');
    await writeFile(file, '');
    const { child, output } = start({ PORT: '0', DATA_DIR: join(file, 'data') });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toMatch(/^dstatview: DATA_DIR \S+ is not a writable directory \(ENOTDIR\)/);
    expect(output()).not.toMatch(/\n\s+at /);
  });
});
