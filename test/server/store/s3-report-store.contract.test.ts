/**
 * The ReportStore contract on S3ReportStore, against a real S3 API server (s3rver) on 127.0.0.1. The
 * contract's check runs before and after every PUT and DELETE the store sends (an SDK middleware).
 */
import { afterAll, beforeAll } from 'vitest';
import { S3ReportStore } from '../../../server/store/s3-report-store.js';
import type { ReportStore } from '../../../server/store/report-store.js';
import { startS3Server, type S3TestServer } from '../../helpers/s3-server.js';
import { mutationHook, storeContract } from './contract.js';

let s3: S3TestServer;
const stores: ReportStore[] = [];
const hook = mutationHook();

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await s3.close();
});

storeContract('S3ReportStore', {
  async newStore() {
    // A prefix, as in a shared bucket: nothing may be written or read outside it.
    const store = new S3ReportStore(await s3.settings(await s3.newBucket(), 'team-a/'));
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const mutates = context.commandName === 'PutObjectCommand' || context.commandName === 'DeleteObjectCommand';
        if (mutates) await hook.checkpoint();
        const result = await next(args);
        if (mutates) await hook.checkpoint();
        return result;
      },
      { step: 'initialize', name: 'contractCheckpoint' },
    );
    await store.init();
    stores.push(store);
    return store;
  },
  onMutation: hook.onMutation,
});
