/**
 * The REAL built server as a child process (`node dist/server/main.js`), for browser tests and the browser
 * benchmark: a free port, a fresh temporary DATA_DIR, optional extra environment. `restart()` stops it and
 * starts it again on the same port and DATA_DIR (reports must survive). Its output is kept, and failures
 * quote the end of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_MAIN = join(ROOT, 'dist', 'server', 'main.js');
export const WEB_INDEX = join(ROOT, 'dist', 'web', 'index.html');

export interface StartOptions {
  /** Extra environment for the server (MAX_UPLOAD_BYTES …). PORT, HOST and DATA_DIR are set here. */
  env?: Record<string, string>;
  /** Use this DATA_DIR instead of a fresh temporary one (it is then not removed by stop()). */
  dataDir?: string;
  /** How long to wait for /healthz, ms. */
  startTimeoutMs?: number;
  /** Start the server under `ulimit -n` of this many open files (the soak's slow-client run). */
  openFiles?: number;
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far (all starts). */
  output(): string;
  /** Stop the process (SIGTERM, then SIGKILL) and remove the temporary DATA_DIR. */
  stop(): Promise<void>;
  /** Stop and start again on the same port and DATA_DIR; resolves once /healthz answers. */
  restart(): Promise<void>;
  /** `kill -9` the process (no cleanup of any kind); resolves once it is gone. restart() starts it again. */
  kill9(): Promise<void>;
  /** True while the process runs. */
  alive(): boolean;
  /** The server process's id (for /proc/<pid>/status), null when it is not running. */
  pid(): number | null;
}

/** Fail early, in words, when the build the tests need is not there. */
export function assertBuilt(): void {
  const missing = [SERVER_MAIN, WEB_INDEX].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `the built app is missing (${missing.map((p) => p.slice(ROOT.length)).join(', ')}): run npm run build first`,
    );
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const tail = (text: string, n = 4000): string => (text.length > n ? `…${text.slice(-n)}` : text);

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'dstatview-web-test-')));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.startTimeoutMs ?? 20_000;
  let out = '';
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    const command: [string, string[]] =
      options.openFiles === undefined
        ? [process.execPath, [SERVER_MAIN]]
        : ['/bin/sh', ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$1"`, process.execPath, SERVER_MAIN]];
    const proc = spawn(command[0], command[1], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Tests upload from one address in quick succession: the per-client limits are tested on their own.
        UPLOADS_PER_MINUTE: '100000',
        MAX_UPLOADS_PER_CLIENT: '1000',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    let exited: string | null = null;
    proc.once('exit', (code, signal) => (exited = `exited with ${signal ?? `code ${code}`}`));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exited) throw new Error(`the server (node dist/server/main.js) ${exited} before answering /healthz:\n${tail(out)}`);
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs} ms:\n${tail(out)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const halt = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  };

  await launch();
  return {
    url,
    port,
    dataDir,
    output: () => out,
    async stop() {
      await halt();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      out += '\n--- restart ---\n';
      await launch();
    },
    async kill9() {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGKILL');
      await gone;
    },
    alive() {
      const proc = child as ChildProcess | null;
      return proc !== null && proc.exitCode === null && proc.signalCode === null;
    },
    pid() {
      const proc = child as ChildProcess | null;
      return proc?.pid ?? null;
    },
  };
}

/**
 * Run a test body; if it fails, append the end of the server's output (and any page errors) to the message.
 */
export async function explained<T>(server: RunningServer | undefined, fn: () => Promise<T>, pageErrors?: string[]): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Error) {
      const extra: string[] = [];
      if (pageErrors && pageErrors.length > 0) extra.push(`--- page errors ---\n${pageErrors.slice(0, 20).join('\n')}`);
      if (server) extra.push(`--- server output (end) ---\n${tail(server.output(), 3000)}`);
      if (extra.length > 0) err.message += `\n${extra.join('\n')}`;
    }
    throw err;
  }
}

/** POST /api/reports (multipart, field `file`) from Node: the created report's id and url. */
export async function uploadCsv(
  server: { url: string },
  content: string | Uint8Array,
  fileName = 'dstat.csv',
): Promise<{ id: string; url: string; ms: number }> {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([bytes], { type: 'text/csv' }), fileName);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/reports`, { method: 'POST', body: form });
  const ms = performance.now() - t0;
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/reports → ${res.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { id: string; url: string };
  return { ...body, ms };
}
