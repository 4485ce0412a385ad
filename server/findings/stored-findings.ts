/**
 * A stored report's findings per run as its parse stored them, read from the head of its encoded level of
 * detail (plugins/report-lod.ts, shared/report/columnar-codec.ts): the header holds every run's findings
 * ahead of the columns, so only its first bytes are inflated — no parse of the report in a worker. Null when
 * a run was stored without findings (then they are made from its samples: findings/findings-task.ts).
 */
import { createGunzip } from 'node:zlib';
import type { ReportFindingsJson } from '../../shared/api/findings-schema.js';
import { columnarHeaderEnd, decodeColumnarHeader } from '../../shared/report/columnar-codec.js';

export async function storedFindings(lodGz: Uint8Array): Promise<ReportFindingsJson | null> {
  const header = decodeColumnarHeader(await headerBytes(lodGz));
  const runs = header.runs.map((run) => run.findings ?? null);
  return runs.every((f) => f !== null) ? { runs: runs as ReportFindingsJson['runs'] } : null;
}

/** The inflated bytes up to the header's end (or all of them when the header says more than there is). */
function headerBytes(gz: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, length));
      gunzip.destroy();
    };
    let end: number | null = null;
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      try {
        if (end === null && length >= 12) end = columnarHeaderEnd(Buffer.concat(chunks, length).subarray(0, 12));
        if (end !== null && length >= end) finish();
      } catch (err) {
        done = true;
        reject(err as Error);
        gunzip.destroy();
      }
    });
    gunzip.on('end', finish);
    gunzip.on('error', (err) => {
      if (done) return;
      done = true;
      reject(err);
    });
    gunzip.end(gz);
  });
}
