/**
 * Server settings from the environment, validated. A bad value is a ConfigError with one line saying which
 * variable and why; main.ts prints it and exits, without a stack.
 *
 *   PORT              TCP port, default 8080
 *   HOST              address to bind, default 0.0.0.0
 *   DATA_DIR          where reports are stored, default ./data (relative to the working directory)
 *   MAX_UPLOAD_BYTES  largest upload, default 4 MiB; bytes, or with a KiB/MiB/GiB suffix; capped at 256 MiB
 *   WEB_DIR           the built web app, default dist/web of this checkout / package
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES_CEILING } from '../shared/limits.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  maxUploadBytes: number;
  /** Absolute; may not exist (the API still works). */
  webDir: string;
  /** Things worth a warning in the log (a value that was capped). */
  warnings: string[];
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
  return { port, host, dataDir, maxUploadBytes, webDir, warnings };
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

/** dist/web beside dist/server when compiled; <repo>/dist/web when running from server/*.ts. */
export function defaultWebDir(moduleUrl: string = import.meta.url): string {
  const here = dirname(fileURLToPath(moduleUrl));
  return basename(dirname(here)) === 'dist' ? resolve(here, '../web') : resolve(here, '../dist/web');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
