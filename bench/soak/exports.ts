/**
 * A crowd of export.zip requests for one big report (issue figures: 100 at once of a 3.7 MB log). Proves:
 * every answer is a 200 (a whole ZIP) or a 503 with Retry-After and a {code, message} body, within the
 * deadline; the server's peak resident memory stays under the bound; and 60 s (settleMs) after the crowd
 * its RSS is back within `settleBytes` of what it was before. Two waves: every request the same (they share
 * one making, then the kept file) and every request a different view (all but MAX_CONCURRENT_EXPORTS
 * refused at once).
 */
import { readFileSync } from 'node:fs';
import type { RunningServer } from '../../test/helpers/server.js';
import { makeLog } from '../make-log.js';
import { badErrorBody, postUpload, send, type Reply } from './http.js';

export interface ExportsOptions {
  /** Size of the log, bytes. */
  bytes: number;
  /** Requests at once per wave. */
  requests: number;
  deadlineMs: number;
  /** Peak RSS may not pass this. */
  maxPeakRss: number;
  /** How long to wait after the crowd before the last RSS reading. */
  settleMs: number;
  /** That reading may be at most this far above the one before the crowd. */
  settleBytes: number;
}

export interface ExportsResult {
  logBytes: number;
  byStatus: Record<string, number>;
  slowestMs: number;
  zipBytes: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  violations: string[];
}

const MiB = 1024 * 1024;

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

export async function exportCrowd(server: RunningServer, opts: ExportsOptions): Promise<ExportsResult> {
  const violations: string[] = [];
  const log = makeLog(undefined, { bytes: opts.bytes });
  const up = await postUpload(server.url, log, 60_000);
  if (up.status !== 201) throw new Error(`the log was not accepted: ${up.status} ${up.body.slice(0, 300)}`);
  const id = (JSON.parse(up.body) as { id: string }).id;
  const pid = server.pid();
  if (pid === null) throw new Error('the server is not running');
  // Idle first: the upload's own work (first screen, level of detail) is done and its garbage collected.
  await new Promise((r) => setTimeout(r, 5000));
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // the process is gone: reported as a failure below
    }
  }, 50);

  const byStatus: Record<string, number> = {};
  let slowest = 0;
  let zipBytes = 0;
  const check = (r: Reply, what: string) => {
    const key = r.failure ?? String(r.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    slowest = Math.max(slowest, r.ms);
    if (r.status === 200) {
      zipBytes = Math.max(zipBytes, r.body.length);
      if (!r.body.startsWith('PK\x03\x04')) violations.push(`${what}: a 200 that is not a ZIP`);
    } else if (r.status === 503) {
      if (!/^\d+$/.test(String(r.headers['retry-after'] ?? ''))) violations.push(`${what}: a 503 without Retry-After`);
      const bad = badErrorBody(r);
      if (bad) violations.push(`${what}: ${bad}`);
    } else {
      violations.push(`${what}: ${r.failure ?? r.status} ${r.body.slice(0, 200)}`);
    }
    if (r.ms > opts.deadlineMs) violations.push(`${what}: answered after ${Math.round(r.ms)} ms`);
  };
  try {
    const waves: Array<[string, (i: number) => string]> = [
      ['same view', () => `/api/reports/${id}/export.zip`],
      ['a view each', (i) => `/api/reports/${id}/export.zip?height=${150 + i}`],
    ];
    for (const [name, path] of waves) {
      const replies = await Promise.all(
        Array.from({ length: opts.requests }, (_, i) => send(server.url, { path: path(i), timeoutMs: opts.deadlineMs + 5000 })),
      );
      replies.forEach((r, i) => check(r, `${name} #${i}`));
      if (!replies.some((r) => r.status === 200)) violations.push(`${name}: no request got its ZIP`);
    }
  } finally {
    clearInterval(sampler);
  }
  if (!server.alive()) violations.push('the server died');
  await new Promise((r) => setTimeout(r, opts.settleMs));
  const rssAfter = server.alive() ? rssOf(pid) : 0;
  if (peak > opts.maxPeakRss) violations.push(`peak RSS ${(peak / MiB).toFixed(0)} MiB above ${(opts.maxPeakRss / MiB).toFixed(0)} MiB`);
  if (rssAfter > rssBefore + opts.settleBytes) {
    violations.push(`RSS ${(rssAfter / MiB).toFixed(0)} MiB ${opts.settleMs / 1000} s later, more than ${(opts.settleBytes / MiB).toFixed(0)} MiB above ${(rssBefore / MiB).toFixed(0)} MiB before`);
  }
  return {
    logBytes: Buffer.byteLength(log),
    byStatus,
    slowestMs: slowest,
    zipBytes,
    rssBeforeMiB: rssBefore / MiB,
    rssPeakMiB: peak / MiB,
    rssAfterMiB: rssAfter / MiB,
    violations,
  };
}
