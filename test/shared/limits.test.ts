/**
 * The limits the product promises (README: configuration, operations, the API table), as literal numbers:
 * each is compared with the figure the documentation states, never with the constant itself, so that a
 * changed limit fails here until the promise is changed with it ("4 MiB" is 4 194 304 bytes).
 */
import { describe, expect, it } from 'vitest';
import * as limits from '../../shared/limits.js';

describe('the limits, as promised', () => {
  it('uploads: 4 MiB by default, at most 256 MiB, 8 files at once, a CSV inside a gzip up to 64× its bytes', () => {
    expect(limits.DEFAULT_MAX_UPLOAD_BYTES).toBe(4_194_304);
    expect(limits.MAX_UPLOAD_BYTES_CEILING).toBe(268_435_456);
    expect(limits.MAX_UPLOAD_FILES).toBe(8);
    expect(limits.MAX_GZIP_EXPANSION).toBe(64);
    // 64 × the limit, never above the ceiling.
    expect(limits.maxDecompressedBytes(4_194_304)).toBe(268_435_456);
    expect(limits.maxDecompressedBytes(1_000_000)).toBe(64_000_000);
    expect(limits.maxDecompressedBytes(268_435_456)).toBe(268_435_456);
  });

  it('a shared instance: connections, uploads at once, per client and per minute, parse time, event-loop lag, Retry-After', () => {
    expect([
      limits.DEFAULT_MAX_CONNECTIONS,
      limits.DEFAULT_MAX_CONCURRENT_UPLOADS,
      limits.DEFAULT_MAX_UPLOADS_PER_CLIENT,
      limits.DEFAULT_UPLOADS_PER_MINUTE,
      limits.PARSE_QUEUE_PER_THREAD,
      limits.DEFAULT_PARSE_TIMEOUT_SECONDS,
      limits.DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
      limits.BUSY_RETRY_AFTER_SECONDS,
    ]).toEqual([2048, 32, 4, 30, 8, 30, 1000, 5]);
  });

  it('staging: leftovers older than 15 minutes, swept every 10 minutes', () => {
    expect(limits.STAGING_MAX_AGE_MS).toBe(900_000);
    expect(limits.SWEEP_INTERVAL_MS).toBe(600_000);
  });

  it('ids and tokens: 128-bit report ids, 256-bit delete tokens', () => {
    expect(limits.REPORT_ID_BYTES).toBe(16);
    expect(limits.DELETE_TOKEN_BYTES).toBe(32);
  });

  it('caches in memory: compare runs 128 MiB, first-screen images 32 MiB (8 MiB for compare pages), levels of detail 32 MiB', () => {
    expect(limits.COMPARE_CACHE_BYTES).toBe(134_217_728);
    expect(limits.FIRST_SCREEN_CACHE_BYTES).toBe(33_554_432);
    expect(limits.COMPARE_FIRST_SCREEN_CACHE_BYTES).toBe(8_388_608);
    expect(limits.LOD_CACHE_BYTES).toBe(33_554_432);
  });

  it('pages: 8 runs compared at once, 32 chart images a page, the level of detail from 16 384 rows in 4 096 buckets', () => {
    expect(limits.MAX_COMPARE_RUNS).toBe(8);
    expect(limits.PAGE_IMAGE_CHARTS).toBe(32);
    expect(limits.LOD_BUCKETS).toBe(4096);
    expect(limits.LOD_MIN_ROWS).toBe(16_384);
    expect(limits.MAX_EXPORT_PNGS).toBe(300);
  });
});
