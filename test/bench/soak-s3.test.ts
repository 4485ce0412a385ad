/**
 * The reduced run of bench/soak-s3.ts (the full one is `npm run soak`): kill -9 during uploads on STORE=s3
 * and two replicas on one bucket, against the built server and a real S3 API server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrash, describeReplicas, s3CrashCheck, s3TwoReplicaCheck } from '../../bench/soak-s3.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

describe('STORE=s3 under kill -9 and with two replicas (reduced soak)', () => {
  it('shows no partial report and keeps every acknowledged one byte for byte after kill -9 ×2', { timeout: 240_000 }, async () => {
    const crash = await s3CrashCheck({ rounds: 2, clients: 2, s3 });
    console.log(describeCrash(crash));
    expect(crash.acknowledged).toBeGreaterThan(0);
    expect(crash.identical).toBe(crash.acknowledged);
    expect(crash.partialVisible).toBe(0);
  });

  it('serves every report from either replica, byte for byte', { timeout: 240_000 }, async () => {
    const replicas = await s3TwoReplicaCheck({ uploads: 4, s3 });
    expect(replicas.crossReadsIdentical).toBe(replicas.uploads);
    expect(replicas.goneOnOther).toBe(replicas.deleted);
    console.log(describeReplicas(replicas));
  });
});
