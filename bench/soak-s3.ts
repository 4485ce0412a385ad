/**
 * Proofs for STORE=s3 against a real S3 API server on 127.0.0.1 (s3rver, in this process), with the BUILT
 * server (`node dist/server/main.js`) as child processes:
 *
 *   crash check   uploads from several clients while the server is killed with SIGKILL, N times; afterwards
 *                 no report is visible in part, and every acknowledged (201) report is byte-identical;
 *   two replicas  two servers on one bucket: uploads on both at once, every report read back from the other
 *                 one, byte for byte; deleted on one (DELETE with the deleteToken, when the route exists) →
 *                 404 on the other. Cross-replica reads are timed against same-replica reads (the reference).
 *
 *   node --import tsx bench/soak-s3.ts           full run (20 crashes)
 *   node --import tsx bench/soak-s3.ts --quick   the reduced run (also what test/bench/soak-s3.test.ts runs)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { assertBuilt, freePort, ROOT, SERVER_MAIN } from '../test/helpers/server.js';
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from '../test/helpers/s3-server.js';

const FIXTURES = ['d072_tfvnrl.csv', 'd066_tvfn.csv', 'd073_tfvnrl.csv', 'deb080_tfvnrl.csv'];
const PREFIX = 'soak/';
/** A start may take long on a loaded machine (2 cores shared by many processes), ms. */
const START_TIMEOUT_MS = 90_000;
/** Concurrent uploads in the two-replica check (the load tests of the server are elsewhere). */
const REPLICA_CLIENTS = 8;

export interface CrashFigures {
  rounds: number;
  uploadsStarted: number;
  acknowledged: number;
  /** Acknowledged reports read back byte for byte (CSV) with a whole ReportJson: must equal acknowledged. */
  identical: number;
  /** Ids whose summary exists but some part is missing or cut: must be 0. */
  partialVisible: number;
  /** Ids with parts but no summary (a crash between PUTs): invisible, answered 404, swept after an hour. */
  invisibleLeftovers: number;
  /** Files left in the local staging directory after the next start. */
  stagingLeft: number;
  msPerRound: number;
}

export interface ReplicaFigures {
  uploads: number;
  crossReadsIdentical: number;
  deleted: number | null;
  goneOnOther: number | null;
  sameReplicaReadMsP50: number;
  crossReplicaReadMsP50: number;
}

interface Child {
  url: string;
  proc: ChildProcess;
  output(): string;
}

async function startChild(env: Record<string, string>, dataDir: string): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const proc = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited before answering /healthz:\n${out.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${out.slice(-3000)}`);
    }
    await sleep(50);
  }
  return { url, proc, output: () => out };
}

async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.proc.once('exit', () => r()));
  child.proc.kill(signal);
  await gone;
}

function s3Env(s3: S3TestServer, bucket: string): Record<string, string> {
  return {
    STORE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_PREFIX: PREFIX,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    AWS_REGION: 'us-east-1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

async function upload(url: string, bytes: Buffer, name: string): Promise<{ status: number; body: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  const res = await fetch(`${url}/api/reports`, { method: 'POST', body: form, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, string> };
}

async function getBytes(url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function loadFixtures(): Promise<Array<{ name: string; bytes: Buffer }>> {
  return Promise.all(FIXTURES.map(async (name) => ({ name, bytes: await readFile(join(ROOT, 'test', 'fixtures', name)) })));
}

export async function s3CrashCheck(options: { rounds: number; clients: number; s3: S3TestServer }): Promise<CrashFigures> {
  assertBuilt();
  const { s3 } = options;
  const bucket = await s3.newBucket();
  const env = s3Env(s3, bucket);
  const dataDir = await mkdtemp(join(tmpdir(), 'dstatview-soak-s3-'));
  const fixtures = await loadFixtures();
  const acknowledged = new Map<string, Buffer>();
  let started = 0;
  const t0 = performance.now();
  try {
    for (let round = 0; round < options.rounds; round++) {
      const child = await startChild(env, dataDir);
      let running = true;
      let firstAck: () => void = () => undefined;
      const acked = new Promise<void>((r) => (firstAck = r));
      const clients = Array.from({ length: options.clients }, async (_, c) => {
        for (let i = 0; running; i++) {
          const f = fixtures[(round + c + i) % fixtures.length]!;
          started++;
          try {
            const res = await upload(child.url, f.bytes, f.name);
            if (res.status === 201 && res.body.id) {
              acknowledged.set(res.body.id, f.bytes);
              firstAck();
            }
          } catch {
            // The server died under this upload: not acknowledged, so nothing is promised.
          }
        }
      });
      // Once uploads are going through (the first 201, or 60 s), kill at a moment that varies from round to
      // round (0–1.1 s later), with the other clients' uploads in flight.
      await Promise.race([acked, sleep(60_000)]);
      await sleep((round * 397) % 1100);
      await stopChild(child, 'SIGKILL');
      running = false;
      await Promise.all(clients);
    }
    const msPerRound = (performance.now() - t0) / options.rounds;

    // The next start, then every acknowledged report through the API, and every id in the bucket.
    const child = await startChild(env, dataDir);
    try {
      let identical = 0;
      for (const [id, sent] of acknowledged) {
        const csv = await getBytes(`${child.url}/api/reports/${id}/csv`);
        const json = await getBytes(`${child.url}/api/reports/${id}`);
        if (csv.status === 200 && csv.bytes.equals(sent) && json.status === 200 && isJson(json.bytes)) identical++;
      }
      const { partialVisible, invisibleLeftovers } = await scanBucket(s3, bucket, child.url);
      const stagingLeft = (await readdir(join(dataDir, 'staging')).catch(() => [])).length;
      return {
        rounds: options.rounds,
        uploadsStarted: started,
        acknowledged: acknowledged.size,
        identical,
        partialVisible,
        invisibleLeftovers,
        stagingLeft,
        msPerRound,
      };
    } finally {
      await stopChild(child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every report id in the bucket: visible ones must be whole (all parts, a whole gzip), the rest answer 404. */
async function scanBucket(s3: S3TestServer, bucket: string, url: string) {
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  try {
    const parts = new Map<string, Set<string>>();
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${PREFIX}reports/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        const [id, part] = o.Key!.slice(`${PREFIX}reports/`.length).split('/');
        if (!parts.has(id!)) parts.set(id!, new Set());
        parts.get(id!)!.add(part!);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    let partialVisible = 0;
    let invisibleLeftovers = 0;
    for (const [id, names] of parts) {
      if (!names.has('summary.json')) {
        invisibleLeftovers++;
        if ((await getBytes(`${url}/api/reports/${id}`)).status !== 404) partialVisible++;
        continue;
      }
      if (!names.has('source.csv') || !names.has('report.json.gz')) {
        partialVisible++;
        continue;
      }
      const gz = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${PREFIX}reports/${id}/report.json.gz` }));
      try {
        JSON.parse(gunzipSync(Buffer.from(await gz.Body!.transformToByteArray())).toString());
      } catch {
        partialVisible++;
      }
    }
    return { partialVisible, invisibleLeftovers };
  } finally {
    client.destroy();
  }
}

export async function s3TwoReplicaCheck(options: { uploads: number; s3: S3TestServer }): Promise<ReplicaFigures> {
  assertBuilt();
  const { s3 } = options;
  const env = s3Env(s3, await s3.newBucket());
  const dirs = [await mkdtemp(join(tmpdir(), 'dstatview-replica-a-')), await mkdtemp(join(tmpdir(), 'dstatview-replica-b-'))];
  const [a, b] = [await startChild(env, dirs[0]!), await startChild(env, dirs[1]!)];
  const fixtures = await loadFixtures();
  try {
    // Uploads on both replicas at once (REPLICA_CLIENTS at a time); each remembered with where it was made.
    const made: Array<{ id: string; deleteToken: string | undefined; bytes: Buffer; home: Child; other: Child }> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: REPLICA_CLIENTS }, async () => {
        for (let i = next++; i < options.uploads; i = next++) {
          const [home, other] = i % 2 ? [a, b] : [b, a];
          const f = fixtures[i % fixtures.length]!;
          const res = await upload(home.url, f.bytes, f.name);
          if (res.status !== 201) {
            throw new Error(`upload ${i} answered ${res.status}: ${JSON.stringify(res.body)}\n${home.output().slice(-3000)}`);
          }
          made.push({ id: res.body.id!, deleteToken: res.body.deleteToken, bytes: f.bytes, home, other });
        }
      }),
    );
    let crossReadsIdentical = 0;
    const same: number[] = [];
    const cross: number[] = [];
    for (const r of made) {
      // Reference first (the replica that stored it), then the other one; both from the same bucket.
      let t = performance.now();
      const own = await getBytes(`${r.home.url}/api/reports/${r.id}/csv`);
      same.push(performance.now() - t);
      t = performance.now();
      const theirs = await getBytes(`${r.other.url}/api/reports/${r.id}/csv`);
      cross.push(performance.now() - t);
      if (own.status === 200 && theirs.status === 200 && theirs.bytes.equals(r.bytes)) crossReadsIdentical++;
    }
    // Delete on the other replica (the route comes with the deleteToken; older builds have neither).
    let deleted: number | null = null;
    let goneOnOther: number | null = null;
    if (made.every((r) => typeof r.deleteToken === 'string')) {
      deleted = 0;
      goneOnOther = 0;
      for (const r of made.slice(0, Math.ceil(made.length / 2))) {
        const res = await fetch(`${r.other.url}/api/reports/${r.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${r.deleteToken}` },
        });
        if (res.status === 204) deleted++;
        if ((await getBytes(`${r.home.url}/api/reports/${r.id}`)).status === 404) goneOnOther++;
      }
    }
    return {
      uploads: made.length,
      crossReadsIdentical,
      deleted,
      goneOnOther,
      sameReplicaReadMsP50: median(same),
      crossReplicaReadMsP50: median(cross),
    };
  } finally {
    await stopChild(a);
    await stopChild(b);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString());
    return true;
  } catch {
    return false;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The figures as docs/s3.md shows them. */
export function describeCrash(crash: CrashFigures): string {
  return [
    `S3 crash check: ${crash.rounds} × kill -9 during uploads (${crash.msPerRound.toFixed(0)} ms per round)`,
    `  uploads started ${crash.uploadsStarted}, acknowledged (201) ${crash.acknowledged}, byte-identical after restart ${crash.identical}`,
    `  partial reports visible ${crash.partialVisible}; invisible leftovers (parts without summary, 404) ${crash.invisibleLeftovers}; local staging files after restart ${crash.stagingLeft}`,
  ].join('\n');
}

export function describeReplicas(replicas: ReplicaFigures): string {
  const ratio = replicas.crossReplicaReadMsP50 / replicas.sameReplicaReadMsP50;
  return [
    `S3 two replicas on one bucket: ${replicas.uploads} uploads on both at once`,
    `  read back byte-identical from the other replica ${replicas.crossReadsIdentical}/${replicas.uploads}`,
    replicas.deleted === null
      ? '  delete: no DELETE route in this build'
      : `  deleted on the other replica ${replicas.deleted}, then 404 on the first ${replicas.goneOnOther}`,
    `  CSV read p50: same replica ${replicas.sameReplicaReadMsP50.toFixed(1)} ms (reference), other replica ${replicas.crossReplicaReadMsP50.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const s3 = await startS3Server();
  try {
    console.log(`dstatview S3 soak (${quick ? 'reduced' : 'full'}) — node ${process.version}, ${new Date().toISOString()}`);
    const crash = await s3CrashCheck({ rounds: quick ? 3 : 20, clients: quick ? 3 : 6, s3 });
    console.log(describeCrash(crash));
    const replicas = await s3TwoReplicaCheck({ uploads: quick ? 8 : 40, s3 });
    console.log(describeReplicas(replicas));
    const ok =
      crash.partialVisible === 0 &&
      crash.identical === crash.acknowledged &&
      replicas.crossReadsIdentical === replicas.uploads &&
      replicas.deleted === replicas.goneOnOther;
    if (!ok) {
      console.error('FAILED: see the figures above');
      process.exitCode = 1;
    }
  } finally {
    await s3.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
