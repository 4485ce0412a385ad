import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadOpsLimits, openFileLimit, parseSize } from '../../server/config.js';
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
