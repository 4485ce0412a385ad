/**
 * The dstatview server as a Fastify plugin (`dstatview`) and `buildApp(config)`, which makes a Fastify
 * instance with it: used by main.ts to listen and by the tests through `app.inject()`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from './plugins/compress.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import firstScreens from './plugins/first-screen.js';
import multipart from './plugins/multipart.js';
import parserPool from './plugins/parser-pool.js';
import rederive from './plugins/rederive.js';
import security from './plugins/security.js';
import staticFiles from './plugins/static.js';
import store from './plugins/store.js';
import configRoute from './routes/config.js';
import health from './routes/health.js';
import pages from './routes/pages.js';
import reports from './routes/reports.js';
import type { ReportStore } from './store/report-store.js';

export interface AppConfig {
  /** Where FsReportStore keeps reports. */
  dataDir: string;
  /** Largest upload in bytes (already validated and capped, see config.ts). */
  maxUploadBytes: number;
  /** The built web app (dist/web); null or a directory without index.html: API only. */
  webDir: string | null;
  /** Fastify's logger option: false (the default) is silent. */
  logger?: FastifyServerOptions['logger'];
  /** Parser worker threads at most. */
  parserThreads?: number;
  /** Use this store instead of FsReportStore(dataDir). */
  store?: ReportStore;
}

export type App = FastifyInstance<
  FastifyInstance['server'],
  Parameters<FastifyInstance['routing']>[0],
  Parameters<FastifyInstance['routing']>[1],
  FastifyInstance['log'],
  TypeBoxTypeProvider
>;

/** Everything the server does, registered in dependency order. */
export const dstatview = fp<AppConfig>(
  async function dstatview(fastify, config) {
    const { maxUploadBytes } = config;
    await fastify.register(security);
    await fastify.register(compress);
    await fastify.register(multipart, { maxUploadBytes });
    await fastify.register(store, { dataDir: config.dataDir, ...(config.store ? { store: config.store } : {}) });
    await fastify.register(parserPool, {
      maxUploadBytes,
      ...(config.parserThreads ? { threads: config.parserThreads } : {}),
    });
    await fastify.register(rederive);
    await fastify.register(firstScreens);
    await fastify.register(staticFiles, { webDir: config.webDir });
    await fastify.register(errorHandler, { maxUploadBytes });

    await fastify.register(health);
    await fastify.register(configRoute, { maxUploadBytes });
    await fastify.register(reports, { maxUploadBytes });
    await fastify.register(pages);
  },
  { name: 'dstatview', fastify: '5.x' },
);

export async function buildApp(config: AppConfig): Promise<App> {
  const app = Fastify({
    logger: config.logger ?? false,
    // No route takes a plain body; multipart uploads are bounded by the multipart limits instead.
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 64 },
    http: { maxHeaderSize: 16 * 1024 },
    // A slow client gets two minutes to send its whole upload.
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(dstatview, config);
  return app as unknown as App;
}
