/**
 * GET /api/compare for two 4 MB reports through real HTTP: cold (the reports parsed into columns) and warm
 * (cached columns, another window each time so nothing but the columns is reused), against the reference
 * of GET /api/reports/:id of one of them measured in the same run. Goal (issue 8): warm ≤ 200 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { makeLog } from './make-log.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status, bytes: body.byteLength };
}

export async function benchCompare(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dstatview-bench-compare-'));
  const app = await buildApp({ dataDir: join(dir, 'data'), maxUploadBytes: 4 * 1024 * 1024, webDir: null });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const ids: string[] = [];
    for (const seed of [1, 2]) {
      const body = new FormData();
      const text = makeLog(undefined, { bytes: 4 * 1024 * 1024 - 4096, seed });
      body.set('file', new Blob([text], { type: 'text/csv' }), `run${seed}.csv`);
      const res = await fetch(`${base}/api/reports`, { method: 'POST', body });
      ids.push(((await res.json()) as { id: string }).id);
    }
    const compareUrl = `${base}/api/compare?ids=${ids.join(',')}`;
    const cold = await timed(compareUrl);
    const windowed: number[] = [];
    const whole: number[] = [];
    const reference: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 9; i++) {
      reference.push((await timed(`${base}/api/reports/${ids[0]}`)).ms);
      const w = await timed(compareUrl);
      whole.push(w.ms);
      bytes = w.bytes;
      windowed.push((await timed(`${compareUrl}&from=${i * 60}&to=${i * 60 + 3600}`)).ms);
    }
    const r = median(reference);
    const ratio = (ms: number) => (ms / r).toFixed(2);
    console.log('\n## Compare — GET /api/compare, two 4 MB reports, real HTTP (median of 9) — goal warm ≤ 200 ms');
    console.log(`cold (both CSVs parsed into columns in the worker pool): ${cold.ms.toFixed(0)} ms, status ${cold.status}`);
    console.log(`warm, whole runs (the default; ${bytes} bytes): ${median(whole).toFixed(1)} ms, ${ratio(median(whole))} × reference`);
    console.log(`warm, a new 1 h window each time (figures from the raw rows again): ${median(windowed).toFixed(1)} ms, ${ratio(median(windowed))} × reference`);
    console.log(`reference: GET /api/reports/:id of one of them (gzip as stored) ${r.toFixed(1)} ms`);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
