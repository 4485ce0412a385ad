/**
 * `node dist/server/main.js`: read the configuration from the environment, build the app, listen, and
 * close gracefully on SIGINT/SIGTERM (in-flight uploads finish, then the parser threads stop).
 */
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import type { StoreSettings } from './store/create-store.js';
import { StoreInitError } from './store/report-store.js';

const CLOSE_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({
    dataDir: config.dataDir,
    storeSettings: config.storeSettings,
    maxUploadBytes: config.maxUploadBytes,
    webDir: config.webDir,
    limits: config.limits,
    trustProxy: config.trustProxy,
    logger: { level: config.logLevel },
  });
  for (const warning of config.warnings) app.log.warn(warning);
  closeOnSignals(app);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    { dataDir: config.dataDir, store: describeStore(config.storeSettings), maxUploadBytes: config.maxUploadBytes },
    `dstatview is up: http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`,
  );
}

function describeStore(settings: StoreSettings): string {
  return settings.kind === 'fs'
    ? 'fs'
    : `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
}

function closeOnSignals(app: App): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: closing (in-flight requests finish first)`);
    const timer = setTimeout(() => {
      app.log.error('close timed out: exiting');
      process.exit(1);
    }, CLOSE_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof StoreInitError) {
    console.error(`dstatview: ${err.message}`);
  } else if (isListenError(err)) {
    console.error(`dstatview: cannot listen: ${err.message}`);
  } else {
    console.error('dstatview: failed to start:', err);
  }
  process.exitCode = 1;
});

function isListenError(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL';
}
