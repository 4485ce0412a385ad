/**
 * The report store: `fastify.store`, made from the store settings (STORE=fs|s3, see config.ts) by
 * createStore, or given ready-made (tests).
 */
import fp from 'fastify-plugin';
import { createStore, type StoreSettings } from '../store/create-store.js';
import type { ReportStore } from '../store/report-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: ReportStore;
  }
}

export interface StorePluginOptions {
  settings: StoreSettings;
  /** A ready store, used as is instead of one made from `settings`. */
  store?: ReportStore;
}

export default fp<StorePluginOptions>(
  async function store(fastify, opts) {
    const store = opts.store ?? createStore(opts.settings);
    await store.init();
    fastify.decorate('store', store);
    fastify.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'store', fastify: '5.x' },
);
