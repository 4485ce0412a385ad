/**
 * Server settings from the environment, validated. A bad value is a ConfigError with one line saying which
 * variable and why; main.ts prints it and exits, without a stack.
 *
 *   PORT              TCP port, default 8080
 *   HOST              address to bind, default 0.0.0.0
 *   DATA_DIR          where reports are stored, default ./data (relative to the working directory)
 *   MAX_UPLOAD_BYTES  largest upload, default 4 MiB; bytes, or with a KiB/MiB/GiB suffix; capped at 256 MiB
 *   WEB_DIR           the built web app, default dist/web of this checkout / package
 *   STORE             fs (default: files under DATA_DIR) or s3 (an S3-compatible bucket, with:)
 *   S3_BUCKET         the bucket (required with STORE=s3)
 *   S3_ENDPOINT       an S3-compatible service's URL (MinIO, Ceph …); unset: AWS S3
 *   S3_PREFIX         key prefix inside the bucket, default none
 *   S3_FORCE_PATH_STYLE  true/false; default true when S3_ENDPOINT is set (what most services need)
 *   AWS_REGION / AWS_DEFAULT_REGION, AWS_ACCESS_KEY_ID … : read by the AWS SDK as usual (region default us-east-1)
 *
 * Limits of a shared instance (defaults in shared/limits.ts, docs/configuration.md):
 *   MAX_CONNECTIONS          open TCP connections; default 2048, fewer when the open-file limit calls for it
 *   MAX_CONNECTIONS_PER_ADDRESS  open TCP connections from one address (beyond: closed at once); default
 *                            MAX_CONNECTIONS / 16, at least 1; 0 turns it off. Off by default with TRUST_PROXY
 *                            (every connection then comes from the proxy)
 *   MAX_CONCURRENT_UPLOADS   uploads in progress, server-wide (beyond: 503 + Retry-After)
 *   MAX_UPLOADS_PER_CLIENT   uploads in progress from one address (beyond: 429 + Retry-After)
 *   UPLOADS_PER_MINUTE       uploads one address may start per minute (beyond: 429 + Retry-After)
 *   PARSE_TIMEOUT_SECONDS    longest parse of one upload (beyond: 422 PARSE_TIMEOUT)
 *   MAX_EVENT_LOOP_DELAY_MS  event-loop delay above which uploads are shed (503); 0 turns it off
 *   MAX_RSS_BYTES            resident memory above which uploads are shed (503); unset: off
 *   MAX_STORAGE_BYTES        bytes all reports may take; an upload beyond it gets 507; unset: no limit
 *   RETENTION_DAYS           reports older than this many days are deleted; unset: kept for ever
 *   UPLOAD_TOKEN             when set, uploads need `Authorization: Bearer <UPLOAD_TOKEN>`; reading stays open
 *   TRUST_PROXY              true / a hop count / addresses: take the client address from X-Forwarded-For
 *   MAX_CONCURRENT_EXPORTS   exports (ZIP, offline HTML) made at once (beyond: 503 EXPORTS_BUSY + Retry-After)
 *   EXPORT_CACHE_BYTES       memory for finished exports kept for the next same request; 0: none
 *   MAX_LIVE_BYTES           largest log a live report may grow to (beyond: 413)
 *   MAX_LIVE_REPORTS         live reports open at once (beyond: 503 + Retry-After)
 *   MAX_LIVE_PER_CLIENT      live reports open at once from one address (beyond: 429 + Retry-After)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultWebDir } from './web-dir.js';
import { stagingDirUnder, type StoreSettings } from './store/create-store.js';
import {
  CONNECTIONS_PER_ADDRESS_DIVISOR,
  DEFAULT_EXPORT_CACHE_BYTES,
  DEFAULT_MAX_CONCURRENT_EXPORTS,
  DEFAULT_MAX_CONCURRENT_UPLOADS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
  DEFAULT_MAX_LIVE_BYTES,
  DEFAULT_MAX_LIVE_PER_CLIENT,
  DEFAULT_MAX_LIVE_REPORTS,
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_MAX_UPLOADS_PER_CLIENT,
  DEFAULT_PARSE_TIMEOUT_SECONDS,
  DEFAULT_UPLOADS_PER_MINUTE,
  MAX_UPLOAD_BYTES_CEILING,
} from '../shared/limits.js';

/** Limits of a shared instance; see the list above. */
export interface OpsLimits {
  maxConnections: number;
  /** 0: off; undefined: maxConnectionsPerAddress(maxConnections), or off with trustProxy (app.ts). */
  maxConnectionsPerAddress?: number;
  maxConcurrentUploads: number;
  maxUploadsPerClient: number;
  uploadsPerMinute: number;
  parseTimeoutSeconds: number;
  /** 0: off. */
  maxEventLoopDelayMs: number;
  /** 0: off. */
  maxRssBytes: number;
  /** 0: no limit. */
  maxStorageBytes: number;
  /** 0: kept for ever. */
  retentionDays: number;
  /** null: uploads are open. */
  uploadToken: string | null;
  maxConcurrentExports: number;
  /** 0: finished exports are not kept. */
  exportCacheBytes: number;
  maxLiveBytes: number;
  maxLiveReports: number;
  maxLivePerClient: number;
}

export const DEFAULT_OPS_LIMITS: OpsLimits = {
  maxConnections: DEFAULT_MAX_CONNECTIONS,
  maxConcurrentUploads: DEFAULT_MAX_CONCURRENT_UPLOADS,
  maxUploadsPerClient: DEFAULT_MAX_UPLOADS_PER_CLIENT,
  uploadsPerMinute: DEFAULT_UPLOADS_PER_MINUTE,
  parseTimeoutSeconds: DEFAULT_PARSE_TIMEOUT_SECONDS,
  maxEventLoopDelayMs: DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
  maxRssBytes: 0,
  maxStorageBytes: 0,
  retentionDays: 0,
  uploadToken: null,
  maxConcurrentExports: DEFAULT_MAX_CONCURRENT_EXPORTS,
  exportCacheBytes: DEFAULT_EXPORT_CACHE_BYTES,
  maxLiveBytes: DEFAULT_MAX_LIVE_BYTES,
  maxLiveReports: DEFAULT_MAX_LIVE_REPORTS,
  maxLivePerClient: DEFAULT_MAX_LIVE_PER_CLIENT,
};

/** One address's share of `maxConnections` by default (CONNECTIONS_PER_ADDRESS_DIVISOR), at least 1. */
export function defaultConnectionsPerAddress(maxConnections: number): number {
  return Math.max(1, Math.floor(maxConnections / CONNECTIONS_PER_ADDRESS_DIVISOR));
}

/** File descriptors an open connection may need: its socket and its staging file. */
const FDS_PER_CONNECTION = 2;
/** File descriptors kept for everything else: the listening socket, parser threads, stored files being read. */
const FDS_RESERVED = 64;

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  maxUploadBytes: number;
  /** Absolute; may not exist (the API still works). */
  webDir: string;
  /** Which report store, and its settings. */
  storeSettings: StoreSettings;
  limits: OpsLimits;
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  /** Things worth a warning in the log (a value that was capped). */
  warnings: string[];
  /** The log's level (LOG_LEVEL): `info` by default; one line per request only at `debug` or `trace`. */
  logLevel: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function parseLogLevel(text: string | undefined): LogLevel {
  const level = (text ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(text)}`);
  }
  return level as LogLevel;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const warnings: string[] = [];
  const port = parsePort(env.PORT);
  const host = (env.HOST ?? '').trim() || '0.0.0.0';
  if (/\s/.test(host)) throw new ConfigError(`HOST must be a host name or address, got ${JSON.stringify(env.HOST)}`);
  const dataDirText = (env.DATA_DIR ?? '').trim() || './data';
  const dataDir = resolve(cwd, dataDirText);
  if (existsSync(dataDir) && !isDirectory(dataDir)) {
    throw new ConfigError(`DATA_DIR ${JSON.stringify(dataDirText)} exists and is not a directory`);
  }
  let maxUploadBytes = parseSize(env.MAX_UPLOAD_BYTES, 'MAX_UPLOAD_BYTES') ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (maxUploadBytes > MAX_UPLOAD_BYTES_CEILING) {
    warnings.push(
      `MAX_UPLOAD_BYTES ${maxUploadBytes} is above the ceiling; using ${MAX_UPLOAD_BYTES_CEILING} (256 MiB)`,
    );
    maxUploadBytes = MAX_UPLOAD_BYTES_CEILING;
  }
  const webDir = env.WEB_DIR?.trim() ? resolve(cwd, env.WEB_DIR.trim()) : defaultWebDir();
  const limits = loadOpsLimits(env, warnings);
  const storeSettings = parseStore(env, dataDir, warnings);
  return {
    port,
    host,
    dataDir,
    maxUploadBytes,
    webDir,
    storeSettings,
    limits,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    warnings,
    logLevel: parseLogLevel(env.LOG_LEVEL),
  };
}

export function loadOpsLimits(env: Env, warnings: string[], openFiles: number | null = openFileLimit()): OpsLimits {
  const d = DEFAULT_OPS_LIMITS;
  let maxConnections = parseCount(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', 1) ?? d.maxConnections;
  // Past the open-file limit, accept() fails and so does every new worker thread or staging file: stay below.
  const fdCap = openFiles === null ? Infinity : Math.max(16, Math.floor((openFiles - FDS_RESERVED) / FDS_PER_CONNECTION));
  if (maxConnections > fdCap) {
    if (env.MAX_CONNECTIONS) warnings.push(`MAX_CONNECTIONS ${maxConnections} is above what ${openFiles} open files allow; using ${fdCap}`);
    maxConnections = fdCap;
  }
  const token = env.UPLOAD_TOKEN?.trim() ?? '';
  const perAddress = parseCount(env.MAX_CONNECTIONS_PER_ADDRESS, 'MAX_CONNECTIONS_PER_ADDRESS', 0);
  return {
    maxConnections,
    ...(perAddress === undefined ? {} : { maxConnectionsPerAddress: perAddress }),
    maxConcurrentUploads: parseCount(env.MAX_CONCURRENT_UPLOADS, 'MAX_CONCURRENT_UPLOADS', 1) ?? d.maxConcurrentUploads,
    maxUploadsPerClient: parseCount(env.MAX_UPLOADS_PER_CLIENT, 'MAX_UPLOADS_PER_CLIENT', 1) ?? d.maxUploadsPerClient,
    uploadsPerMinute: parseCount(env.UPLOADS_PER_MINUTE, 'UPLOADS_PER_MINUTE', 1) ?? d.uploadsPerMinute,
    parseTimeoutSeconds: parseCount(env.PARSE_TIMEOUT_SECONDS, 'PARSE_TIMEOUT_SECONDS', 1) ?? d.parseTimeoutSeconds,
    maxEventLoopDelayMs: parseCount(env.MAX_EVENT_LOOP_DELAY_MS, 'MAX_EVENT_LOOP_DELAY_MS', 0) ?? d.maxEventLoopDelayMs,
    maxRssBytes: parseSize(env.MAX_RSS_BYTES, 'MAX_RSS_BYTES') ?? d.maxRssBytes,
    maxStorageBytes: parseSize(env.MAX_STORAGE_BYTES, 'MAX_STORAGE_BYTES') ?? d.maxStorageBytes,
    retentionDays: parseCount(env.RETENTION_DAYS, 'RETENTION_DAYS', 1) ?? d.retentionDays,
    uploadToken: token === '' ? null : token,
    maxConcurrentExports: parseCount(env.MAX_CONCURRENT_EXPORTS, 'MAX_CONCURRENT_EXPORTS', 1) ?? d.maxConcurrentExports,
    exportCacheBytes: parseSizeOrZero(env.EXPORT_CACHE_BYTES, 'EXPORT_CACHE_BYTES') ?? d.exportCacheBytes,
    maxLiveBytes: parseSize(env.MAX_LIVE_BYTES, 'MAX_LIVE_BYTES') ?? d.maxLiveBytes,
    maxLiveReports: parseCount(env.MAX_LIVE_REPORTS, 'MAX_LIVE_REPORTS', 1) ?? d.maxLiveReports,
    maxLivePerClient: parseCount(env.MAX_LIVE_PER_CLIENT, 'MAX_LIVE_PER_CLIENT', 1) ?? d.maxLivePerClient,
  };
}

/** A whole number ≥ min; undefined when unset. */
export function parseCount(text: string | undefined, name: string, min: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= min)) throw new ConfigError(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(text)}`);
  return n;
}

function parseTrustProxy(text: string | undefined): boolean | number | string {
  const t = (text ?? '').trim();
  if (t === '' || t === 'false') return false;
  if (t === 'true') return true;
  if (/^\d{1,3}$/.test(t)) return Number(t);
  return t;
}

/** The soft limit on open files of this process (Linux: /proc/self/limits); null where unknown. */
export function openFileLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  return m && m[1] !== 'unlimited' ? Number(m[1]) : null;
}

function parseStore(env: Env, dataDir: string, warnings: string[]): StoreSettings {
  const kind = (env.STORE ?? '').trim().toLowerCase() || 'fs';
  if (kind === 'fs') {
    const stray = S3_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
    if (stray.length > 0) warnings.push(`${stray.join(', ')} ignored: STORE is fs (set STORE=s3 to use a bucket)`);
    return { kind: 'fs', dataDir };
  }
  if (kind !== 's3') throw new ConfigError(`STORE must be fs or s3, got ${JSON.stringify(env.STORE)}`);
  const bucket = (env.S3_BUCKET ?? '').trim();
  // S3's bucket naming rules (3–63 lower-case letters, digits, dots, hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      bucket
        ? `S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -), got ${JSON.stringify(env.S3_BUCKET)}`
        : 'S3_BUCKET must be set when STORE=s3',
    );
  }
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  if (endpoint && !isHttpUrl(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// URL, got ${JSON.stringify(env.S3_ENDPOINT)}`);
  }
  const prefixText = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefixText.split('/').some((part) => part === '.' || part === '..' || (prefixText !== '' && part === ''))) {
    throw new ConfigError(`S3_PREFIX must be a key prefix like team/dstatview, got ${JSON.stringify(env.S3_PREFIX)}`);
  }
  const forcePathStyle = parseBoolean(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE') ?? endpoint !== '';
  const region = (env.AWS_REGION ?? '').trim() || (env.AWS_DEFAULT_REGION ?? '').trim() || 'us-east-1';
  return {
    kind: 's3',
    bucket,
    ...(endpoint ? { endpoint } : {}),
    prefix: prefixText ? `${prefixText}/` : '',
    forcePathStyle,
    region,
    stagingDir: stagingDirUnder(dataDir),
  };
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** true/false, 1/0, yes/no; undefined when unset; ConfigError otherwise. */
function parseBoolean(text: string | undefined, name: string): boolean | undefined {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(text)}`);
}

function parsePort(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 8080;
  const t = text.trim();
  const port = /^\d{1,5}$/.test(t) ? Number(t) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(text)}`);
  }
  return port;
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** `4194304`, `4MiB`, `512 KiB` → bytes; undefined when unset; ConfigError when not a positive size. */
export function parseSize(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const m = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  const bytes = m && unit ? Number(m[1]) * unit : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new ConfigError(
      `${name} must be a positive number of bytes (e.g. 4194304 or 4MiB), got ${JSON.stringify(text)}`,
    );
  }
  return bytes;
}

/** parseSize, or 0 (turned off). */
function parseSizeOrZero(text: string | undefined, name: string): number | undefined {
  return text !== undefined && text.trim() === '0' ? 0 : parseSize(text, name);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
