/** STORE and S3_* in loadConfig: which store, with which settings, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { createStore } from '../../server/store/create-store.js';
import { FsReportStore } from '../../server/store/fs-report-store.js';
import { S3ReportStore } from '../../server/store/s3-report-store.js';

describe('loadConfig: the report store', () => {
  it('is the file store under DATA_DIR by default, and says so when S3_* are set without STORE=s3', () => {
    expect(loadConfig({}, '/srv').storeSettings).toEqual({ kind: 'fs', dataDir: '/srv/data' });
    expect(loadConfig({ STORE: 'FS', DATA_DIR: '/d' }, '/srv').storeSettings).toEqual({ kind: 'fs', dataDir: '/d' });
    const c = loadConfig({ S3_BUCKET: 'reports', S3_PREFIX: 'x' }, '/srv');
    expect(c.storeSettings.kind).toBe('fs');
    expect(c.warnings).toEqual(['S3_BUCKET, S3_PREFIX ignored: STORE is fs (set STORE=s3 to use a bucket)']);
  });

  it('reads STORE=s3 with its bucket, endpoint, prefix, path style and the AWS region', () => {
    const c = loadConfig(
      {
        STORE: 's3',
        S3_BUCKET: 'team-reports',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PREFIX: '/dstatview/prod/',
        S3_FORCE_PATH_STYLE: 'false',
        AWS_REGION: 'eu-west-3',
        DATA_DIR: '/tmp/dv',
      },
      '/srv',
    );
    expect(c.storeSettings).toEqual({
      kind: 's3',
      bucket: 'team-reports',
      endpoint: 'http://minio:9000',
      prefix: 'dstatview/prod/',
      forcePathStyle: false,
      region: 'eu-west-3',
      stagingDir: '/tmp/dv/staging',
    });
    expect(c.warnings).toEqual([]);
  });

  it('defaults to AWS S3 (virtual-host style) without an endpoint, and to path style with one', () => {
    const aws = loadConfig({ STORE: 's3', S3_BUCKET: 'abc', AWS_DEFAULT_REGION: 'us-west-2' }, '/srv').storeSettings;
    expect(aws).toEqual({ kind: 's3', bucket: 'abc', prefix: '', forcePathStyle: false, region: 'us-west-2', stagingDir: '/srv/data/staging' });
    const minio = loadConfig({ STORE: 's3', S3_BUCKET: 'abc', S3_ENDPOINT: 'https://s3.example.org' }, '/srv').storeSettings;
    expect(minio).toMatchObject({ forcePathStyle: true, region: 'us-east-1', endpoint: 'https://s3.example.org' });
  });

  it.each([
    [{ STORE: 'disk' }, 'STORE must be fs or s3'],
    [{ STORE: 's3' }, 'S3_BUCKET must be set when STORE=s3'],
    [{ STORE: 's3', S3_BUCKET: 'No_Such' }, 'S3_BUCKET must be a bucket name'],
    [{ STORE: 's3', S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name'],
    [{ STORE: 's3', S3_BUCKET: 'abc', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// URL'],
    [{ STORE: 's3', S3_BUCKET: 'abc', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be an http:// or https:// URL'],
    [{ STORE: 's3', S3_BUCKET: 'abc', S3_PREFIX: 'a/../b' }, 'S3_PREFIX must be a key prefix'],
    [{ STORE: 's3', S3_BUCKET: 'abc', S3_PREFIX: 'a//b' }, 'S3_PREFIX must be a key prefix'],
    [{ STORE: 's3', S3_BUCKET: 'abc', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => loadConfig(env, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv')).toThrow(message);
  });

  it('gives each setting its implementation', async () => {
    expect(createStore({ kind: 'fs', dataDir: '/tmp/x' })).toBeInstanceOf(FsReportStore);
    const s3 = createStore(loadConfig({ STORE: 's3', S3_BUCKET: 'abc', S3_ENDPOINT: 'http://127.0.0.1:1' }, '/tmp').storeSettings);
    expect(s3).toBeInstanceOf(S3ReportStore);
    expect(s3.stagingDir).toBe('/tmp/data/staging');
    await s3.close();
  });
});
