/**
 * A `dstatview` command run in this process (its module's `run(args)`, or the dispatcher's `main`), with its
 * standard output and error captured and, optionally, standard input given. The child-process tests
 * (cli.ts) show the real command; these reach the code a mutation run changes, which it does in this process
 * only, and take milliseconds where a child takes seconds.
 */
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { Outcome } from './cli.js';

export async function runInProcess(run: (args: string[]) => Promise<number>, args: string[], stdin?: Buffer): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin')!;
  if (stdin) Object.defineProperty(process, 'stdin', { value: Readable.from([stdin]), configurable: true, enumerable: true });
  try {
    const code = await run(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    if (stdin) Object.defineProperty(process, 'stdin', stdinDescriptor);
  }
}
