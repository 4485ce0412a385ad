/** The report store: `fastify.store`. FsReportStore under DATA_DIR unless the app is given another one. */
import fp from 'fastify-plugin';
import { FsReportStore } from '../store/fs-report-store.js';
import type { ReportStore } from '../store/report-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: ReportStore;
  }
}

export interface StorePluginOptions {
  dataDir: string;
  /** Another implementation (tests, a future S3 store); used as is instead of FsReportStore. */
  store?: ReportStore;
}

export default fp<StorePluginOptions>(
  async function store(fastify, opts) {
    const store = opts.store ?? new FsReportStore(opts.dataDir);
    await store.init();
    fastify.decorate('store', store);
    fastify.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'store', fastify: '5.x' },
);
