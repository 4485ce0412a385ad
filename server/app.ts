/**
 * The dstatview server as a Fastify plugin (`dstatview`) and `buildApp(config)`, which makes a Fastify
 * instance with it: used by main.ts to listen and by the tests through `app.inject()`.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DEFAULT_OPS_LIMITS, defaultConnectionsPerAddress, type OpsLimits } from './config.js';
import connectionCap from './admission/connection-cap.js';
import compress from './plugins/compress.js';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler.js';
import loadShedding from './plugins/load-shedding.js';
import metrics from './plugins/metrics.js';
import firstScreens from './plugins/first-screen.js';
import compareFirstScreens from './plugins/compare-first-screen.js';
import multipart from './plugins/multipart.js';
import parserPool from './plugins/parser-pool.js';
import rederive from './plugins/rederive.js';
import retention from './plugins/retention.js';
import runColumns from './plugins/run-columns.js';
import security from './plugins/security.js';
import stagingSweep from './plugins/staging-sweep.js';
import staticFiles from './plugins/static.js';
import storageUsage from './plugins/storage-usage.js';
import store from './plugins/store.js';
import uploadLimits from './plugins/upload-limits.js';
import uploadToken from './plugins/upload-token.js';
import compare from './routes/compare.js';
import configRoute from './routes/config.js';
import deleteReport from './routes/delete-report.js';
import firstScreenFiles from './routes/first-screen.js';
import health from './routes/health.js';
import pages from './routes/pages.js';
import ready from './routes/ready.js';
import reports from './routes/reports.js';
import reportLodRoute from './routes/report-lod.js';
import reportFindings from './routes/report-findings.js';
import reportLod from './plugins/report-lod.js';
import liveReports from './live/live-reports.js';
import liveRoutes from './routes/live.js';
import type { StoreSettings } from './store/create-store.js';
import exportRoutes from './routes/export.js';
import type { ReportStore } from './store/report-store.js';

export interface AppConfig {
  /** Where FsReportStore keeps reports (and any store its uploads in progress). */
  dataDir: string;
  /** Which store to use (STORE=s3 …); unset: FsReportStore under dataDir. */
  storeSettings?: StoreSettings;
  /** Largest upload in bytes (already validated and capped, see config.ts). */
  maxUploadBytes: number;
  /** The built web app (dist/web); null or a directory without index.html: API only. */
  webDir: string | null;
  /** Fastify's logger option: false (the default) is silent. */
  logger?: FastifyServerOptions['logger'];
  /** Parser worker threads at most. */
  parserThreads?: number;
  /** Use this store as is, instead of one made from storeSettings. */
  store?: ReportStore;
  /** Limits of a shared instance; each one not given is the default (config.ts DEFAULT_OPS_LIMITS). */
  limits?: Partial<OpsLimits>;
  /** Fastify's trustProxy (client addresses from X-Forwarded-For); default false. */
  trustProxy?: boolean | number | string;
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
    const limits: OpsLimits = { ...DEFAULT_OPS_LIMITS, ...config.limits };
    await fastify.register(security);
    await fastify.register(compress);
    await fastify.register(metrics);
    // Behind a proxy (trustProxy) every connection is the proxy's: no cap per address unless one is set.
    await fastify.register(connectionCap, {
      maxPerAddress: limits.maxConnectionsPerAddress ?? (config.trustProxy ? 0 : defaultConnectionsPerAddress(limits.maxConnections)),
    });
    // Admission of uploads, in this order: per-client and server-wide limits (first, so that guesses at the
    // upload token count against an address's uploads per minute), then the token, then load.
    await fastify.register(uploadLimits, limits);
    await fastify.register(uploadToken, { uploadToken: limits.uploadToken });
    await fastify.register(loadShedding, limits);
    await fastify.register(multipart, { maxUploadBytes });
    await fastify.register(store, {
      settings: config.storeSettings ?? { kind: 'fs', dataDir: config.dataDir },
      ...(config.store ? { store: config.store } : {}),
    });
    await fastify.register(stagingSweep);
    await fastify.register(storageUsage, limits);
    await fastify.register(retention, limits);
    await fastify.register(parserPool, {
      maxUploadBytes,
      parseTimeoutSeconds: limits.parseTimeoutSeconds,
      ...(config.parserThreads ? { threads: config.parserThreads } : {}),
    });
    await fastify.register(rederive);
    await fastify.register(runColumns);
    await fastify.register(firstScreens);
    await fastify.register(reportLod);
    await fastify.register(compareFirstScreens);
    await fastify.register(liveReports, { dataDir: config.dataDir, maxUploadBytes, ...limits, ...(config.storeSettings ? { storeSettings: config.storeSettings } : {}) });
    await fastify.register(staticFiles, { webDir: config.webDir });
    await fastify.register(errorHandler, { maxUploadBytes });

    await fastify.register(health);
    await fastify.register(ready);
    await fastify.register(configRoute, { maxUploadBytes });
    await fastify.register(reports, { maxUploadBytes });
    await fastify.register(reportLodRoute);
    await fastify.register(reportFindings);
    await fastify.register(deleteReport);
    await fastify.register(liveRoutes);
    await fastify.register(compare);
    await fastify.register(exportRoutes, {
      webDir: config.webDir,
      maxConcurrent: limits.maxConcurrentExports,
      cacheBytes: limits.exportCacheBytes,
    });
    await fastify.register(pages);
    await fastify.register(firstScreenFiles);
  },
  { name: 'dstatview', fastify: '5.x' },
);

/**
 * Fastify logs two lines per request at info: a busy server's log was those lines. Here one line per request,
 * at debug (LOG_LEVEL=debug shows it); a request that failed is still logged at error, and the error
 * handler's lines (5xx at error) are Fastify's own.
 */
class RequestsAtDebug extends LogController {
  override incomingRequest(): void {
    // the line of its completion says it all
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

export async function buildApp(config: AppConfig): Promise<App> {
  const app = Fastify({
    logger: config.logger ?? false,
    // No route takes a plain body; multipart uploads are bounded by the multipart limits instead.
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 64 },
    // A request without Host is refused by plugins/security.ts in our format, not by Node with a bare 400.
    http: { maxHeaderSize: 16 * 1024, requireHostHeader: false },
    // A slow client gets two minutes to send its whole upload.
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    // A hop count is a number in Fastify's option too; its types list only the other forms.
    trustProxy: (config.trustProxy ?? false) as boolean | string,
    logController: new RequestsAtDebug(),
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(dstatview, config);
  return app as unknown as App;
}
