/**
 * `dstatview live LOG [--server URL] [--idle S]`: follow a growing dstat log (as `tail -F`; `-` for standard
 * input) and turn it into a live report that others can open while it grows. The report's URL is the first
 * line of standard output, printed as soon as the log's first line is there. New complete lines are sent at
 * most once a second (a line still being written waits until it ends); it ends when the log has not grown
 * for S seconds (default 60), at the end of standard input, or on SIGINT / SIGTERM, and then finishes the
 * report: it becomes the ordinary report of the whole file, as if it had been uploaded.
 *
 * Nothing is lost: every batch is sent at its byte offset until the server acknowledges it (retried with
 * backoff: client.ts), and the server drops what it already has. Started again on the same file, it carries
 * on with the same report (state.ts). A file cut shorter or replaced starts the report's log over.
 * Without --server it starts a server of its own on 127.0.0.1 (a free port; reports in --data-dir or a
 * temporary directory) and serves the report there until Ctrl-C.
 */
import { basename } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LIVE_IDLE_SECONDS, DEFAULT_MAX_UPLOAD_BYTES, LIVE_APPEND_MAX_BYTES, MAX_LIVE_IDLE_SECONDS } from '../../shared/limits.js';
import { InputError, intOption, parseCommandLine, parseServer, reportError, STDIN, UsageError } from './common.js';
import { LiveClient, LiveRefused, sleep } from './live/client.js';
import { FileSource, StreamSource, type LogSource } from './live/source.js';
import { StateFile } from './live/state.js';

export const usage = `Usage: dstatview live LOG [--server URL] [--idle S]

Follow LOG while dstat writes it (- for standard input, e.g.
  dstat -tfvnrl --output /dev/stdout 1 | dstatview live - --server URL)
and print the address of its live report as the first line: its charts grow as rows arrive. When LOG has
not grown for S seconds, at the end of standard input, or on Ctrl-C, the report is finished: it becomes the
report of the whole file, as if uploaded. Run again on the same file, it carries on with the same report.

Options:
  --server URL     the dstatview server (or DSTATVIEW_SERVER); UPLOAD_TOKEN as for uploads. Without it a
                   server of this command's own serves the report on 127.0.0.1 until Ctrl-C
  --idle S         seconds without growth that end the log (default ${DEFAULT_LIVE_IDLE_SECONDS})
  --data-dir DIR   without --server: where its server keeps reports (default: a temporary directory)
  -h, --help       show this help`;

/** Least time between two batches, ms. */
const SEND_EVERY_MS = 1000;
/** How often the log is looked at, ms. */
const POLL_MS = 100;

interface Local {
  base: URL;
  close(): Promise<void>;
}

export async function run(args: string[]): Promise<number> {
  let local: Local | null = null;
  let source: LogSource | null = null;
  let stopping = false;
  const onSignal = () => {
    if (stopping) process.exit(130);
    stopping = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const { values, positionals } = parseCommandLine(args, {
      server: { type: 'string' },
      idle: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('expected one LOG (or - for standard input)');
    const idleSeconds = intOption('idle', values.idle, 1, MAX_LIVE_IDLE_SECONDS) ?? DEFAULT_LIVE_IDLE_SECONDS;
    const file = positionals[0]!;
    const server = values.server ?? process.env.DSTATVIEW_SERVER;
    if (server && values['data-dir']) throw new UsageError('--data-dir is for the server of its own: not with --server');
    let base: URL;
    if (server) {
      base = parseServer(server);
    } else {
      local = await startLocal(values['data-dir']);
      base = local.base;
    }
    const client = new LiveClient({
      base,
      uploadToken: process.env.UPLOAD_TOKEN?.trim() || null,
      onRetry: (what, waitMs) => process.stderr.write(`dstatview: could not ${what}; trying again in ${(waitMs / 1000).toFixed(1)} s\n`),
      stopping: () => stopping,
    });
    source = file === STDIN ? new StreamSource(process.stdin) : new FileSource(file);

    // The URL as soon as the log has its first line (the header starts it).
    for (;;) {
      const p = await source.poll();
      if (p.size > 0 && (await source.read(0, Math.min(p.size, 64 * 1024))).includes(0x0a)) break;
      if (p.ended || stopping) throw new InputError(file === STDIN ? '<stdin>' : file, 'ended before its first line');
      await sleep(POLL_MS);
    }
    const identity = await source.identity();
    const stateFile = identity ? new StateFile(base.href, identity) : null;
    let acked = 0;
    let state = await stateFile?.read();
    if (state) {
      const known = await client.status(state.id).catch(() => null);
      if (known?.state === 'live') acked = known.size;
      else state = null;
    }
    if (!state) {
      const opened = await client.open(file === STDIN ? 'stdin.csv' : basename(file), idleSeconds);
      state = { id: opened.id, appendToken: opened.appendToken, deleteToken: opened.deleteToken, url: new URL(opened.url, base).href };
      await stateFile?.write(state);
    }
    process.stdout.write(`${state.url}\n`);
    const { id, appendToken } = state;

    let resetPending = false;
    let size = 0;
    let lastGrowth = Date.now();
    let lastSend = 0;
    /** Send bytes [acked, acked + bytes.length): the server's answer says what it has. */
    const send = async (bytes: Buffer): Promise<void> => {
      try {
        acked = (await client.append(id, appendToken, acked, bytes, resetPending)).size;
      } catch (err) {
        if (!(err instanceof LiveRefused && err.code === 'LIVE_OFFSET_MISMATCH')) throw err;
        // Our idea of what the server has was wrong (it restarted from its disk): carry on from its count.
        acked = (await client.status(id)).size;
        if (acked > size) resetPending = true;
        if (resetPending) acked = 0;
        return;
      }
      resetPending = false;
      source!.ack(acked);
    };

    let ended = false;
    for (;;) {
      const p = await source.poll();
      ended = p.ended;
      if (p.reset || p.size < acked) {
        resetPending = true;
        acked = 0;
        process.stderr.write('dstatview: the log started over (cut shorter or replaced): so does the report\n');
      }
      if (p.size !== size || p.reset) lastGrowth = Date.now();
      size = p.size;
      if (stopping || ended || Date.now() - lastGrowth > idleSeconds * 1000) break;
      if (Date.now() - lastSend >= SEND_EVERY_MS && (size > acked || resetPending)) {
        const chunk = await source.read(acked, LIVE_APPEND_MAX_BYTES);
        // Whole lines only: a line still being written waits for its end.
        const end = chunk.lastIndexOf(0x0a) + 1;
        if (end > 0 || resetPending) {
          lastSend = Date.now();
          await send(chunk.subarray(0, end));
          // More than one batch behind: the next one now.
          if (size - acked > LIVE_APPEND_MAX_BYTES / 2) lastSend = 0;
          continue;
        }
      }
      await sleep(POLL_MS, () => stopping);
    }

    // The end: everything left, a last line without its newline too, then the report as uploaded.
    size = (await source.poll()).size;
    while (acked < size || resetPending) await send(await source.read(acked, LIVE_APPEND_MAX_BYTES));
    try {
      await client.finish(id, appendToken);
    } catch (err) {
      if (!(err instanceof LiveRefused && err.status === 404)) throw err;
      // Finished already (by the server after its idle time)
    }
    await stateFile?.remove();
    process.stderr.write(`dstatview: finished ${state.url}\n`);
    if (state.deleteToken) process.stderr.write(`delete token: ${state.deleteToken}\n(dstatview delete URL --token TOKEN deletes the report; this token is not shown again)\n`);
    if (local && !stopping) {
      process.stderr.write('dstatview: serving it until Ctrl-C\n');
      while (!stopping) await sleep(POLL_MS);
    }
    return 0;
  } catch (err) {
    if (err instanceof LiveRefused) return reportError(new InputError('server', err.message), usage);
    return reportError(err, usage);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await source?.close();
    await local?.close();
  }
}

/** A server of this command's own on 127.0.0.1, a free port; its reports in `dataDir` or a temporary one. */
async function startLocal(dataDir: string | undefined): Promise<Local> {
  const { buildApp } = await import('../app.js');
  const { defaultWebDir } = await import('../web-dir.js');
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'dstatview-live-')));
  const app = await buildApp({ dataDir: dir, maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES, webDir: defaultWebDir(), parserThreads: 1 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stderr.write(`dstatview: serving at ${address} (reports in ${dir})\n`);
  return {
    base: new URL(address),
    async close() {
      await app.close();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
