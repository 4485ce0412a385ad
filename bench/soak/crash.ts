/**
 * `kill -9` during uploads, `rounds` times on one DATA_DIR: each round starts the server, sends
 * `uploads` distinct logs at once, kills the process at a random moment, and starts it again. Then: no
 * staging left after the start, every acknowledged (201) report is there with its CSV byte for byte, and
 * every report directory is a whole, readable report (none half-written).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningServer } from '../../test/helpers/server.js';
import { makeLog } from '../make-log.js';
import { postUpload, send } from './http.js';

export interface CrashOptions {
  rounds: number;
  uploads: number;
  seed?: number;
}

export interface CrashResult {
  rounds: number;
  sent: number;
  acknowledged: number;
  stored: number;
  identical: number;
  stagingLeftAfterStart: number;
  violations: string[];
}

export async function crashDuringUploads(server: RunningServer, opts: CrashOptions): Promise<CrashResult> {
  let seed = opts.seed ?? 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const acknowledged = new Map<string, string>();
  const violations: string[] = [];
  let sent = 0;
  let stagingLeft = 0;
  for (let round = 0; round < opts.rounds; round++) {
    let firstAck!: () => void;
    const acked = new Promise<void>((res) => (firstAck = res));
    const logs = Array.from({ length: opts.uploads }, (_, i) => makeLog(undefined, { bytes: 200_000 + i * 50_000, seed: round * 100 + i + 1 }));
    const replies = logs.map(async (log) => {
      sent++;
      const r = await postUpload(server.url, log, 60_000);
      if (r.status === 201) {
        acknowledged.set((JSON.parse(r.body) as { id: string }).id, log);
        firstAck();
      }
    });
    // Once the first is acknowledged, the others are somewhere between received, parsed and being stored.
    await Promise.race([acked, new Promise((res) => setTimeout(res, 20_000))]);
    await new Promise((res) => setTimeout(res, random() * 300));
    await server.kill9();
    await Promise.all(replies);
    await server.restart();
    stagingLeft += (await readdir(join(server.dataDir, 'staging'))).length;
  }

  let identical = 0;
  for (const [id, log] of acknowledged) {
    const r = await send(server.url, { path: `/api/reports/${id}/csv`, timeoutMs: 30_000 });
    if (r.status === 200 && Buffer.from(r.body, 'latin1').equals(Buffer.from(log))) identical++;
    else violations.push(`acknowledged report ${id}: ${r.status}, ${r.status === 200 ? 'different bytes' : 'missing'}`);
  }
  const stored = (await readdir(join(server.dataDir, 'reports'))).filter((n) => !n.startsWith('.'));
  for (const id of stored) {
    const report = await send(server.url, { path: `/api/reports/${id}`, headers: { 'accept-encoding': 'gzip' }, timeoutMs: 30_000 });
    const csv = await send(server.url, { path: `/api/reports/${id}/csv`, timeoutMs: 30_000 });
    if (report.status !== 200 || csv.status !== 200) violations.push(`stored report ${id} is not whole: ${report.status}/${csv.status}`);
  }
  if (stagingLeft > 0) violations.push(`${stagingLeft} staging entries left after a start`);
  return {
    rounds: opts.rounds,
    sent,
    acknowledged: acknowledged.size,
    stored: stored.length,
    identical,
    stagingLeftAfterStart: stagingLeft,
    violations,
  };
}
