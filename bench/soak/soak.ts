/**
 * The soak runs at a scale: `full` for `npm run soak` (the figures), `ci` for the reduced run
 * inside `npm test` (test/soak/soak.test.ts). Each run starts its own built server (dist/) on a fresh
 * DATA_DIR and returns its figures and any violation of what it proves.
 */
import { startServer, type StartOptions } from '../../test/helpers/server.js';
import { slowHeaders, viewsThenUploads, wideInputs, type SlowHeadersResult, type ViewsResult, type WideResult } from './admission.js';
import { crashDuringUploads, type CrashResult } from './crash.js';
import { crowd, type CrowdResult } from './crowd.js';
import { exportCrowd, type ExportsResult } from './exports.js';
import { gzipBomb, type BombResult } from './gzip-bomb.js';
import { fuzz, type FuzzResult } from './fuzz.js';
import { slowClients, type SlowResult } from './slow-clients.js';

export type Scale = 'full' | 'ci';

export const SCALES = {
  full: {
    // Fewer at once than one parser thread and its queue hold (9): the fuzz is about bad input, not load.
    fuzz: { uploads: 10_000, concurrency: 6 },
    // 4 MB logs: just under the default upload limit of 4 MiB.
    crowd: { clients: 50, bytes: 4_000_000, seconds: 30 },
    slow: { clients: 200, holdMs: 10_000, openFiles: 300 },
    slowMany: { clients: 10_000, holdMs: 10_000 },
    crash: { rounds: 20, uploads: 6 },
    // The probe's figures: 80 views in ~1.8 s made uploads fail for ~290 s; 118 slow connections of one
    // address held the whole connection cap under ulimit -n 300.
    views: { views: 80, uploads: 3, deadlineMs: 5000 },
    wide: { deadlineMs: 5000 },
    slowHeaders: { clients: 200, holdMs: 20_000, openFiles: 300 },
    // The figures: 100 at once of a 3.7 MB log, answered within 60 s, ≤ 1.5 GB, back within 100 MB.
    // The bomb: 250 MB of valid rows (~1.1 MB of gzip); RSS may rise at most 300 MB.
    bomb: { bytes: 250_000_000, maxRiseBytes: 300 * 1024 ** 2 },
    exports: { bytes: 3_700_000, requests: 100, deadlineMs: 60_000, maxPeakRss: 1.5 * 1024 ** 3, settleMs: 60_000, settleBytes: 100 * 1024 ** 2 },
  },
  ci: {
    fuzz: { uploads: 400, concurrency: 6, replyDeadlineMs: 30_000 },
    crowd: { clients: 8, bytes: 1024 * 1024, seconds: 4 },
    slow: { clients: 200, holdMs: 2000, openFiles: 300 },
    slowMany: null,
    crash: { rounds: 2, uploads: 3 },
    // Inside `npm test` on a shared machine: the same shapes; the 5 s bound is only reported.
    views: { views: 80, uploads: 3, deadlineMs: null },
    wide: { deadlineMs: null },
    slowHeaders: { clients: 200, holdMs: 3000, openFiles: 300 },
    bomb: { bytes: 64 * 1024 ** 2, maxRiseBytes: 300 * 1024 ** 2 },
    exports: { bytes: 1024 * 1024, requests: 12, deadlineMs: 60_000, maxPeakRss: 1.5 * 1024 ** 3, settleMs: 30_000, settleBytes: 100 * 1024 ** 2 },
  },
} as const;

async function withServer<T>(options: StartOptions, fn: (s: Awaited<ReturnType<typeof startServer>>) => Promise<T>): Promise<T> {
  const server = await startServer({ startTimeoutMs: 60_000, ...options });
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

export function runFuzz(scale: Scale): Promise<FuzzResult> {
  return withServer({}, (s) => fuzz(s.url, s.port, SCALES[scale].fuzz));
}

export function runCrowd(scale: Scale): Promise<CrowdResult> {
  // The real per-client limits; each client has its own address through X-Forwarded-For.
  const env = { TRUST_PROXY: 'true', UPLOADS_PER_MINUTE: '30', MAX_UPLOADS_PER_CLIENT: '4' };
  return withServer({ env }, (s) => crowd(s.url, SCALES[scale].crowd));
}

export function runSlowClients(scale: Scale, many = false): Promise<SlowResult> {
  const env = { TRUST_PROXY: 'true', UPLOADS_PER_MINUTE: '30', MAX_UPLOADS_PER_CLIENT: '4' };
  if (many) {
    const opts = SCALES.full.slowMany;
    return withServer({ env }, (s) => slowClients(s, opts));
  }
  const { openFiles, ...opts } = SCALES[scale].slow;
  return withServer({ env, openFiles }, (s) => slowClients(s, opts));
}

export function runExports(scale: Scale): Promise<ExportsResult> {
  return withServer({}, (s) => exportCrowd(s, SCALES[scale].exports));
}

export function runGzipBomb(scale: Scale): Promise<BombResult> {
  return withServer({}, (s) => gzipBomb(s, SCALES[scale].bomb));
}

export function runCrash(scale: Scale): Promise<CrashResult> {
  return withServer({}, (s) => crashDuringUploads(s, SCALES[scale].crash));
}

export function runViews(scale: Scale): Promise<ViewsResult> {
  return withServer({}, (s) => viewsThenUploads(s.url, SCALES[scale].views));
}

export function runWide(scale: Scale): Promise<WideResult> {
  return withServer({}, (s) => wideInputs(s.url, SCALES[scale].wide));
}

/** No TRUST_PROXY: the connection cap per address is on (its default, MAX_CONNECTIONS / 16). */
export function runSlowHeaders(scale: Scale): Promise<SlowHeadersResult> {
  const { openFiles, ...opts } = SCALES[scale].slowHeaders;
  return withServer({ openFiles }, (s) => slowHeaders(s, opts));
}
