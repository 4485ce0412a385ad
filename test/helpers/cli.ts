/**
 * The compiled CLI (dist/server/cli/main.js, what bin/dstatview.js runs where there are no sources) as a
 * child process: a child then starts in a fraction of tsx's time. Run `npm run build` first (as `npm test`
 * does).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'dist', 'server', 'cli', 'main.js');
const execute = promisify(execFile);

/** A new directory under the system's temporary one for a test file's outputs, removed with everything in it
 * after the file's tests. Call it at the file's top level (it registers an afterAll hook there). */
export function cliTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

export async function dstatview(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [BIN, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The command with `input` on standard input. */
export function withStdin(input: Buffer, ...args: string[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}
