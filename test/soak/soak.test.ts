/**
 * The soak runs of bench/soak at their reduced (ci) scale, against the built server: what they prove
 * must hold (no violation), and each must have done its work (answers seen, reports acknowledged).
 * `npm run soak` runs them at full scale and prints the figures.
 */
import { describe, expect, it } from 'vitest';
import { runCrash, runCrowd, runExports, runFuzz, runGzipBomb, runSlowClients, runSlowHeaders, runViews, runWide } from '../../bench/soak/soak.js';
import { assertBuilt } from '../helpers/server.js';

const MINUTE = 60_000;

describe('soak (reduced)', () => {
  it('fuzz: every mutated upload and malformed request is answered (no hang), 2xx/4xx, as {code, message}', async () => {
    assertBuilt();
    const r = await runFuzz('ci');
    // The 5 s bound is the full soak's (npm run soak); here the slowest reply is only reported.
    console.log(`fuzz (reduced): ${r.requests} requests, slowest reply ${Math.round(r.slowestMs)} ms`);
    expect(r.violations).toEqual([]);
    expect(r.byStatus['201']).toBeGreaterThan(0);
    expect(r.byStatus['422']).toBeGreaterThan(0);
    expect(r.byStatus['400']).toBeGreaterThan(0);
  }, 3 * MINUTE);

  it('crowd: no 500, every refusal a 503/429 with Retry-After, every created report readable', async () => {
    const r = await runCrowd('ci');
    expect(r.violations).toEqual([]);
    expect(r.created).toBeGreaterThan(0);
    expect(r.readable).toBe(r.created);
  }, 3 * MINUTE);

  it('slow clients under ulimit -n 300: the process survives and takes a normal upload afterwards', async () => {
    const r = await runSlowClients('ci');
    expect(r.violations).toEqual([]);
    expect(r.survived).toBe(true);
    expect(r.uploadAfter).toBe(201);
  }, 3 * MINUTE);

  it('kill -9 during uploads: no partial report, acknowledged ones byte-identical, no staging left', async () => {
    const r = await runCrash('ci');
    expect(r.violations).toEqual([]);
    expect(r.acknowledged).toBeGreaterThan(0);
    expect(r.identical).toBe(r.acknowledged);
    expect(r.stagingLeftAfterStart).toBe(0);
  }, 3 * MINUTE);

  it('80 page views of different views, then 3 uploads: every upload 201 (the views’ drawings dropped or stopped)', async () => {
    const r = await runViews('ci');
    console.log(`views (reduced): uploads ${r.uploads.join(', ')}; work ${JSON.stringify(r.work)}`);
    expect(r.violations).toEqual([]);
    expect(r.views['200']).toBe(80);
    expect((r.work['background shed'] ?? 0) + (r.work['background preempted'] ?? 0)).toBeGreaterThan(0);
  }, 3 * MINUTE);

  it('a 19 900-column group is a 422 naming it, 5 000 disks a 201; a small upload after each is a 201', async () => {
    const r = await runWide('ci');
    console.log(`wide (reduced): ${r.wide.slice(0, 40)}; after it ${r.uploadAfterWide}; disks ${r.disks}; after them ${r.uploadAfterDisks}`);
    expect(r.violations).toEqual([]);
  }, 3 * MINUTE);

  it('200 slow-header connections from one address under ulimit -n 300: all but its share closed at once, /healthz answers ≥ 90 %', async () => {
    const r = await runSlowHeaders('ci');
    console.log(`slow headers (reduced): ${r.closedAtOnce} closed at once, ${r.held} held, /healthz ${r.healthz.ok}/${r.healthz.ok + r.healthz.failed}`);
    expect(r.violations).toEqual([]);
    expect(r.held).toBeLessThanOrEqual(r.clients / 16);
    expect(r.healthz.ok).toBeGreaterThan(0);
  }, 3 * MINUTE);

  it('exports: a crowd of export.zip requests each gets its ZIP or a 503 with Retry-After; memory bounded', async () => {
    const r = await runExports('ci');
    console.log(`exports (reduced): ${JSON.stringify(r.byStatus)}, RSS ${Math.round(r.rssBeforeMiB)} → peak ${Math.round(r.rssPeakMiB)} → ${Math.round(r.rssAfterMiB)} MiB`);
    expect(r.violations).toEqual([]);
    expect(r.byStatus['200']).toBeGreaterThan(0);
  }, 3 * MINUTE);

  it('gzip bomb: refused with 413 as it is decompressed, memory bounded, nothing left in DATA_DIR', async () => {
    const r = await runGzipBomb('ci');
    console.log(`gzip bomb (reduced): ${r.gzipBytes} B of gzip, ${r.decompressedBytes} B of rows: ${r.status}, RSS ${Math.round(r.rssIdleMiB)} → ${Math.round(r.rssPeakMiB)} MiB`);
    expect(r.violations).toEqual([]);
  }, 3 * MINUTE);
});
