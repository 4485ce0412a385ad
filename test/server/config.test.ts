import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultWebDir, loadConfig, parseSize } from '../../server/config.js';
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
