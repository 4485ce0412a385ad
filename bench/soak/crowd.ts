/**
 * A crowd: `clients` concurrent clients (each its own address, through X-Forwarded-For and TRUST_PROXY),
 * each uploading `bytes`-sized logs back to back for `seconds`, while a prober asks /healthz every 100 ms.
 * No 500; every answer but 201 must be 503 or 429 with Retry-After; every 201 report must be readable.
 */
import { makeLog } from '../make-log.js';
import { badErrorBody, percentile, postUpload, send } from './http.js';

export interface CrowdOptions {
  clients: number;
  bytes: number;
  seconds: number;
}

export interface CrowdResult {
  uploads: number;
  byStatus: Record<string, number>;
  created: number;
  readable: number;
  uploadP50Ms: number;
  uploadP99Ms: number;
  healthz: { count: number; p50Ms: number; p99Ms: number; maxMs: number; failed: number };
  violations: string[];
}

export async function crowd(url: string, opts: CrowdOptions): Promise<CrowdResult> {
  const logs = Array.from({ length: 4 }, (_, i) => makeLog(undefined, { bytes: opts.bytes, seed: i + 1 }));
  const byStatus: Record<string, number> = {};
  const violations: string[] = [];
  const created: string[] = [];
  const uploadMs: number[] = [];
  const healthMs: number[] = [];
  let healthFailed = 0;
  const end = Date.now() + opts.seconds * 1000;

  const client = async (n: number) => {
    const address = `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    for (let k = 0; Date.now() < end; k++) {
      const r = await postUpload(url, logs[(n + k) % logs.length]!, 120_000, { 'x-forwarded-for': address });
      const key = r.failure ? `no answer (${r.failure})` : String(r.status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      uploadMs.push(r.ms);
      if (r.status === 201) {
        created.push((JSON.parse(r.body) as { id: string }).id);
        continue;
      }
      if (violations.length < 50) {
        if (r.status !== 503 && r.status !== 429) violations.push(`upload answered ${key}: ${r.body.slice(0, 200)}`);
        else if (!r.headers['retry-after']) violations.push(`${r.status} without Retry-After`);
        const bad = badErrorBody(r);
        if (bad) violations.push(`${r.status}: ${bad}`);
      }
      // What a well-behaved client does with Retry-After, capped so the run keeps its pressure.
      const wait = Math.min(Number(r.headers['retry-after'] ?? 1), 2);
      await new Promise((res) => setTimeout(res, wait * 1000));
    }
  };
  const prober = async () => {
    while (Date.now() < end) {
      const r = await send(url, { path: '/healthz', timeoutMs: 10_000 });
      if (r.status === 200) healthMs.push(r.ms);
      else healthFailed++;
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  await Promise.all([prober(), ...Array.from({ length: opts.clients }, (_, i) => client(i))]);

  let readable = 0;
  for (const id of created) {
    const r = await send(url, { path: `/api/reports/${id}`, headers: { 'accept-encoding': 'gzip' }, timeoutMs: 30_000 });
    if (r.status === 200) readable++;
    else if (violations.length < 50) violations.push(`report ${id} answered ${r.status}`);
  }
  if (healthFailed > 0) violations.push(`/healthz failed ${healthFailed} times`);
  return {
    uploads: uploadMs.length,
    byStatus,
    created: created.length,
    readable,
    uploadP50Ms: percentile(uploadMs, 50),
    uploadP99Ms: percentile(uploadMs, 99),
    healthz: {
      count: healthMs.length,
      p50Ms: percentile(healthMs, 50),
      p99Ms: percentile(healthMs, 99),
      maxMs: Math.max(...healthMs),
      failed: healthFailed,
    },
    violations,
  };
}
