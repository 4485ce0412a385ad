import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, loadOpsLimits, openFileLimit, parseCount, parseSize } from '../../server/config.js';
import { defaultWebDir } from '../../server/web-dir.js';
import { MAX_UPLOAD_BYTES_CEILING } from '../../shared/limits.js';

/** The product promises 4 MiB (README, as dstat2graphs): the literal, not the constant that makes it. */
const FOUR_MIB = 4194304;

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      maxUploadBytes: FOUR_MIB,
      warnings: [],
    });
  });

  it('reads PORT, HOST, DATA_DIR, MAX_UPLOAD_BYTES and WEB_DIR', () => {
    const c = loadConfig(
      { PORT: '18080', HOST: '127.0.0.1', DATA_DIR: 'var/dv', MAX_UPLOAD_BYTES: '16MiB', WEB_DIR: '/opt/web' },
      '/srv/app',
    );
    expect(c).toMatchObject({ port: 18080, host: '127.0.0.1', dataDir: '/srv/app/var/dv', maxUploadBytes: 16 * 1024 ** 2, webDir: '/opt/web' });
  });

  it('caps MAX_UPLOAD_BYTES at the ceiling, with a warning', () => {
    const c = loadConfig({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES_CEILING + 1) });
    expect(c.maxUploadBytes).toBe(MAX_UPLOAD_BYTES_CEILING);
    expect(c.warnings.join()).toContain('ceiling');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ MAX_UPLOAD_BYTES: '0' }, 'MAX_UPLOAD_BYTES'],
    [{ MAX_UPLOAD_BYTES: '-5' }, 'MAX_UPLOAD_BYTES'],
    [{ MAX_UPLOAD_BYTES: '4MB' }, 'MAX_UPLOAD_BYTES'],
    [{ MAX_UPLOAD_BYTES: '1e6' }, 'MAX_UPLOAD_BYTES'],
    [{ MAX_UPLOAD_BYTES: '99999999999999999999' }, 'MAX_UPLOAD_BYTES'],
    [{ HOST: 'local host' }, 'HOST'],
    [{ DATA_DIR: '/etc/passwd' }, 'DATA_DIR'],
  ])('refuses %j with a ConfigError naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('the README', () => {
  it('tells the defaults loadConfig has, the upload limit as 4194304 (4 MiB)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const defaults = new Map(
      [...readme.matchAll(/^\| `([A-Z_]+)` \| `([^`]*)`/gm)].map(([, name, value]) => [name!, value!]),
    );
    expect(defaults.get('MAX_UPLOAD_BYTES')).toBe(String(FOUR_MIB));
    expect(readme).toMatch(/^\| `MAX_UPLOAD_BYTES` \| `4194304` \(4 MiB\) \|/m);
    const c = loadConfig({}, '/srv/app');
    expect(Number(defaults.get('MAX_UPLOAD_BYTES'))).toBe(c.maxUploadBytes);
    expect(Number(defaults.get('PORT'))).toBe(c.port);
    expect(defaults.get('HOST')).toBe(c.host);
    expect(defaults.get('DATA_DIR')).toBe('./data');
    expect(c.dataDir).toBe('/srv/app/data');
  });
});

describe('parseSize', () => {
  it('reads bytes and binary units', () => {
    expect(parseSize('1000', 'X')).toBe(1000);
    expect(parseSize('512 KiB', 'X')).toBe(512 * 1024);
    expect(parseSize('4mib', 'X')).toBe(4 * 1024 * 1024);
    expect(parseSize('1GiB', 'X')).toBe(1024 ** 3);
    expect(parseSize(undefined, 'X')).toBeUndefined();
    expect(parseSize('  ', 'X')).toBeUndefined();
  });
});

describe('defaultWebDir', () => {
  it('is dist/web of the checkout from sources and beside dist/server when compiled', () => {
    expect(defaultWebDir('file:///repo/server/config.ts')).toBe('/repo/dist/web');
    expect(defaultWebDir('file:///repo/dist/server/config.js')).toBe('/repo/dist/web');
  });
});

describe('limits of a shared instance', () => {
  it('reads every limit from the environment, with defaults for the rest', () => {
    const c = loadConfig({
      MAX_CONCURRENT_UPLOADS: '8',
      MAX_UPLOADS_PER_CLIENT: '2',
      UPLOADS_PER_MINUTE: '10',
      PARSE_TIMEOUT_SECONDS: '5',
      MAX_STORAGE_BYTES: '10GiB',
      RETENTION_DAYS: '90',
      UPLOAD_TOKEN: ' team-secret ',
      TRUST_PROXY: '1',
    });
    expect(c.limits).toMatchObject({
      maxConcurrentUploads: 8,
      maxUploadsPerClient: 2,
      uploadsPerMinute: 10,
      parseTimeoutSeconds: 5,
      maxStorageBytes: 10 * 1024 ** 3,
      retentionDays: 90,
      uploadToken: 'team-secret',
      maxRssBytes: 0,
    });
    expect(c.trustProxy).toBe(1);
    expect(loadConfig({}).limits.uploadToken).toBeNull();
  });

  it('reads the export limits: MAX_CONCURRENT_EXPORTS (at least 1), EXPORT_CACHE_BYTES (a size, or 0 for none)', () => {
    expect(loadOpsLimits({}, [], null)).toMatchObject({ maxConcurrentExports: 2, exportCacheBytes: 64 * 1024 ** 2 });
    expect(loadOpsLimits({ MAX_CONCURRENT_EXPORTS: '4', EXPORT_CACHE_BYTES: '16MiB' }, [], null)).toMatchObject({
      maxConcurrentExports: 4,
      exportCacheBytes: 16 * 1024 ** 2,
    });
    expect(loadOpsLimits({ EXPORT_CACHE_BYTES: '0' }, [], null).exportCacheBytes).toBe(0);
    expect(() => loadOpsLimits({ MAX_CONCURRENT_EXPORTS: '0' }, [], null)).toThrow(/MAX_CONCURRENT_EXPORTS must be a whole number of at least 1/);
    expect(() => loadOpsLimits({ EXPORT_CACHE_BYTES: 'lots' }, [], null)).toThrow(/EXPORT_CACHE_BYTES must be a positive number of bytes/);
  });

  it('keeps MAX_CONNECTIONS within what the open-file limit allows (a socket and a staging file each)', () => {
    const warnings: string[] = [];
    expect(loadOpsLimits({}, warnings, 300).maxConnections).toBe(118);
    expect(warnings).toEqual([]);
    expect(loadOpsLimits({ MAX_CONNECTIONS: '5000' }, warnings, 300).maxConnections).toBe(118);
    expect(warnings.join()).toContain('300 open files');
    expect(loadOpsLimits({ MAX_CONNECTIONS: '50' }, [], null).maxConnections).toBe(50);
    expect(openFileLimit('Limit  Soft Limit  Hard Limit  Units\nMax open files            1024                 4096                 files\n')).toBe(1024);
  });

  it.each([
    [{ MAX_CONCURRENT_UPLOADS: '0' }, 'MAX_CONCURRENT_UPLOADS'],
    [{ UPLOADS_PER_MINUTE: 'many' }, 'UPLOADS_PER_MINUTE'],
    [{ RETENTION_DAYS: '-1' }, 'RETENTION_DAYS'],
    [{ MAX_STORAGE_BYTES: '10GB' }, 'MAX_STORAGE_BYTES'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });
});

describe('the environment read to the letter', () => {
  it('parseCount: unset or blank is undefined; a whole number of up to 9 digits at least min; anything else refused, saying what and where', () => {
    expect(parseCount(undefined, 'N', 1)).toBeUndefined();
    expect(parseCount('  ', 'N', 1)).toBeUndefined();
    expect(parseCount(' 7 ', 'N', 1)).toBe(7);
    expect(parseCount('1', 'N', 1)).toBe(1);
    expect(parseCount('0', 'N', 0)).toBe(0);
    expect(parseCount('999999999', 'N', 1)).toBe(999999999);
    expect(() => parseCount('0', 'N', 1)).toThrow(new ConfigError('N must be a whole number of at least 1, got "0"'));
    for (const bad of ['12abc', 'abc12', '1234567890', '1.5', '-3', '1e3']) {
      expect(() => parseCount(bad, 'N', 0), bad).toThrow(`N must be a whole number of at least 0, got ${JSON.stringify(bad)}`);
    }
    const err = (() => {
      try {
        parseCount('x', 'N', 0);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err?.name).toBe('ConfigError');
  });

  it('names each limit in its refusal', () => {
    const names = ['MAX_CONNECTIONS', 'MAX_CONCURRENT_UPLOADS', 'MAX_UPLOADS_PER_CLIENT', 'UPLOADS_PER_MINUTE', 'PARSE_TIMEOUT_SECONDS', 'RETENTION_DAYS'];
    for (const name of names) expect(() => loadOpsLimits({ [name]: '0' }, [], null), name).toThrow(`${name} must be a whole number of at least 1, got "0"`);
    expect(() => loadOpsLimits({ MAX_EVENT_LOOP_DELAY_MS: '-1' }, [], null)).toThrow('MAX_EVENT_LOOP_DELAY_MS must be a whole number of at least 0');
    expect(loadOpsLimits({ MAX_EVENT_LOOP_DELAY_MS: '0' }, [], null).maxEventLoopDelayMs).toBe(0);
    for (const name of ['MAX_RSS_BYTES', 'MAX_STORAGE_BYTES']) expect(() => loadOpsLimits({ [name]: 'lots' }, [], null), name).toThrow(name);
  });

  it('TRUST_PROXY: unset, blank or false is off, true is on, up to 3 digits a hop count, anything else a list of addresses', () => {
    const trust = (v: string | undefined) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).trustProxy;
    expect([trust(undefined), trust(''), trust(' false ')]).toEqual([false, false, false]);
    expect(trust(' true ')).toBe(true);
    expect([trust('2'), trust('255')]).toEqual([2, 255]);
    expect([trust('1234'), trust('a1'), trust('1a'), trust('10.0.0.0/8')]).toEqual(['1234', 'a1', '1a', '10.0.0.0/8']);
  });

  it('MAX_CONNECTIONS at what the open files allow is kept without a warning; a lower limit still allows 16', () => {
    const warnings: string[] = [];
    expect(loadOpsLimits({ MAX_CONNECTIONS: '118' }, warnings, 300).maxConnections).toBe(118);
    expect(warnings).toEqual([]);
    expect(loadOpsLimits({ MAX_CONNECTIONS: '119' }, warnings, 300).maxConnections).toBe(118);
    expect(warnings).toEqual(['MAX_CONNECTIONS 119 is above what 300 open files allow; using 118']);
    expect(loadOpsLimits({}, [], 10).maxConnections).toBe(16);
  });

  it('the open-file limit: the soft limit of its line; unlimited or absent is unknown', () => {
    const limits = (line: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax cpu time              unlimited            unlimited            seconds\n${line}\n`;
    expect(openFileLimit(limits('Max open files            1024                 4096                 files'))).toBe(1024);
    expect(openFileLimit(limits('Max open files            unlimited            unlimited            files'))).toBeNull();
    expect(openFileLimit(limits('Not Max open files       1024                 4096                 files'))).toBeNull();
    expect(openFileLimit('')).toBeNull();
    const own = openFileLimit();
    expect(own === null || (Number.isInteger(own) && own > 0)).toBe(true);
  });

  it('MAX_UPLOAD_BYTES at the ceiling is kept without a warning; above it, capped with one', () => {
    expect(loadConfig({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES_CEILING) }).warnings).toEqual([]);
    expect(loadConfig({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES_CEILING + 1) }).warnings).toEqual([
      `MAX_UPLOAD_BYTES ${MAX_UPLOAD_BYTES_CEILING + 1} is above the ceiling; using ${MAX_UPLOAD_BYTES_CEILING} (256 MiB)`,
    ]);
  });

  it('WEB_DIR is trimmed and resolved from the working directory; blank is the default', () => {
    expect(loadConfig({ WEB_DIR: ' web/out ' }, '/srv/app').webDir).toBe(resolve('/srv/app', 'web/out'));
    expect(loadConfig({ WEB_DIR: '   ' }, '/srv/app').webDir).toBe(defaultWebDir());
  });
});
