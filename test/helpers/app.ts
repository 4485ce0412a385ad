/**
 * A real app on a real, temporary DATA_DIR (and optionally a fake web build) for app.inject() tests.
 */
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppConfig } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../shared/limits.js';

export interface TestApp {
  app: App;
  dataDir: string;
  /** Close the app and remove every temporary directory. */
  cleanup(): Promise<void>;
}

const temps: string[] = [];

export async function tempDir(prefix = 'dstatview-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

export async function makeApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? (await tempDir());
  const app = await buildApp({
    dataDir,
    maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
    webDir: null,
    parserThreads: 2,
    ...overrides,
    // Tests upload from one address in quick succession: the per-client limits are tested on their own. Load
    // shedding on event-loop delay too (test/server/plugins/load-shedding.test.ts): a test that gzips a 10 MB
    // log in its own thread, under a mutation run's load, lagged the loop past a second and got a 503.
    limits: { uploadsPerMinute: 100_000, maxUploadsPerClient: 1000, maxEventLoopDelayMs: 0, ...overrides.limits },
  });
  await app.ready();
  return {
    app,
    dataDir,
    async cleanup() {
      await app.close();
    },
  };
}

/** A minimal Vite-like build: index.html, a hashed script and style under assets/, a favicon. */
export async function fakeWebBuild(): Promise<string> {
  const dir = await tempDir('dstatview-web-');
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AbC123.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-DeF456.css"></head><body><div id="root"></div></body></html>\n',
  );
  await writeFile(join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  await writeFile(join(dir, 'assets', 'index-DeF456.css'), 'body{margin:0}\n');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  return dir;
}

/** Every file under dir, as paths relative to it (directories themselves are not listed). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name).slice(dir.length + 1))
    .sort();
}

/**
 * A replica with STORE=s3: its own app and local DATA_DIR (staging only), the store chosen by loadConfig from
 * env, on `bucket` of the S3 API server at `endpoint` (helpers/s3-server.ts).
 */
export async function s3Replica(endpoint: string, bucket: string): Promise<TestApp> {
  const dataDir = await tempDir();
  const config = loadConfig({ STORE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_PREFIX: 'dstatview', DATA_DIR: dataDir });
  return makeApp({ dataDir, storeSettings: config.storeSettings, webDir: await fakeWebBuild() });
}
