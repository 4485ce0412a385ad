/**
 * An export's charts split over a renderer's threads (server/export/chart-images.ts): every chart drawn
 * once, in chunks of consecutive charts, a few per thread, and the images handed on in page order whatever
 * order the chunks finish in.
 */
import { describe, expect, it } from 'vitest';
import { chartImages, chunks, EXPORT_CHARTS_PER_TASK, exportColumns, inThreadRenderer, offlineFirstScreen, type ChartRenderer } from '../../../server/export/chart-images.js';
import { exportReport } from '../../../server/export/report-files.js';
import { deriveReport } from '../../../server/derive-report.js';
import type { ChartPngsTask } from '../../../server/render/chart-pngs-task.js';
import { renderableRun } from '../../../server/render/run-charts.js';
import { readFixture } from '../../helpers/fixtures.js';

describe('chunks', () => {
  it('splits into runs of consecutive items, as even as can be, none empty', () => {
    expect(chunks([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2], [3, 4], [5, 6, 7]]);
    expect(chunks([1, 2], 4)).toEqual([[1], [2]]);
    expect(chunks([1, 2, 3], 1)).toEqual([[1, 2, 3]]);
    expect(chunks([], 3)).toEqual([]);
    const keys = Array.from({ length: 101 }, (_, i) => i);
    const parts = chunks(keys, 8);
    expect(parts.flat()).toEqual(keys);
    expect(Math.max(...parts.map((p) => p.length)) - Math.min(...parts.map((p) => p.length))).toBeLessThanOrEqual(1);
  });
});

describe('chartImages', () => {
  const csv = Buffer.from(readFixture('d072_tfvnrl.csv'));
  const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'd072.csv', createdAt: '2026-11-30T00:00:00Z', bytes: csv.length };
  const { summary, reportJsonGz } = deriveReport(csv, fields);
  const r = exportReport(summary, reportJsonGz);

  /** A renderer whose "PNG" for a chart is its key's bytes; chunks finish last-first. */
  function fakeRenderer(parallel: number): ChartRenderer & { tasks: ChartPngsTask[] } {
    const tasks: ChartPngsTask[] = [];
    return {
      parallel,
      otherThreads: true,
      tasks,
      render(task) {
        tasks.push(task);
        const delay = 50 - tasks.length * 10;
        return new Promise((resolve) => setTimeout(() => resolve(task.keys.map((k) => new TextEncoder().encode(k))), Math.max(0, delay)));
      },
      firstScreen: async () => '',
    };
  }

  it('starts every chunk at once (two per thread) and yields the images in page order', async () => {
    const renderer = fakeRenderer(2);
    const result = chartImages(r, { height: 150 }, renderer);
    // Started before anything is iterated: the caller makes the HTML meanwhile.
    expect(renderer.tasks).toHaveLength(4);
    // Each carries the run's columns, nothing for the thread to parse.
    const rows = r.report.runs.at(-1)!.rows;
    expect(renderer.tasks.every((t) => t.run.time instanceof Float64Array && t.run.time.length === rows && t.fileName === 'd072.csv' && t.view.height === 150)).toBe(true);
    // For threads, in shared memory (passed without a copy), and the same values.
    const [first] = renderer.tasks;
    expect(first!.run.time.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(first!.run.time)).toEqual(r.report.runs.at(-1)!.time);
    const numeric = r.report.runs.at(-1)!.series.filter((s) => s.kind === 'number');
    const shared = first!.run.series.filter((s) => s.kind === 'number');
    expect(shared.map((s) => s.id)).toEqual(numeric.map((s) => s.id));
    for (const [i, s] of shared.entries()) {
      expect(s.values.buffer).toBe(first!.run.time.buffer);
      expect(Array.from(s.values), s.id).toEqual(numeric[i]!.values.map((v) => v ?? NaN));
    }
    const keys = renderer.tasks.flatMap((t) => t.keys);
    const images = [];
    for await (const image of result.images) images.push(image);
    expect(images.map((i) => i.key)).toEqual(keys);
    expect(images.map((i) => i.png.toString())).toEqual(keys);
    expect(images.find((i) => i.key === 'cpu:total')).toMatchObject({ name: 'cpu_total.png' });
    expect(result.left).toEqual([]);
  });

  it('draws in tasks of at most EXPORT_CHARTS_PER_TASK consecutive charts for one other thread, and fails where a chunk failed', async () => {
    const one = fakeRenderer(1);
    const all = chartImages(r, {}, one);
    const drawn = one.tasks.flatMap((t) => t.keys);
    // An upload waits behind one such task at most (server/admission/), never behind a whole export.
    expect(one.tasks.length).toBe(Math.max(2, Math.ceil(drawn.length / EXPORT_CHARTS_PER_TASK)));
    expect(one.tasks.every((t) => t.keys.length <= EXPORT_CHARTS_PER_TASK)).toBe(true);
    expect(drawn.length).toBeGreaterThan(EXPORT_CHARTS_PER_TASK);
    // One thread of its own takes two tasks (the first screen's, the charts'): the columns shared all the same.
    expect(one.tasks[0]!.run.time.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Drawn in this thread: nothing to share.
    expect(exportColumns(r, {}, inThreadRenderer)!.time.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    let n = 0;
    for await (const _ of all.images) n++;
    expect(n).toBe(drawn.length);

    const failing: ChartRenderer = {
      parallel: 2,
      otherThreads: false,
      render: (task) => (task.keys.includes('cpu:total') ? Promise.reject(new Error('drawing failed')) : Promise.resolve(task.keys.map(() => new Uint8Array(1)))),
      firstScreen: async () => '',
    };
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const image of chartImages(r, {}, failing).images) got.push(image.key);
      })(),
    ).rejects.toThrow('drawing failed');
    expect(got).not.toContain('cpu:total');
  });
});

describe("the run an export's charts are drawn from", () => {
  const csv = Buffer.from(readFixture('d072_tfvnrl_appended-2-runs.csv'));
  const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'two.csv', createdAt: '2026-11-30T00:00:00Z', bytes: csv.length };
  const { summary, reportJsonGz } = deriveReport(csv, fields);
  const r = exportReport(summary, reportJsonGz);
  const [run1, run2] = r.report.runs;

  it("is the view's run, whether the columns are shared with threads or not, else the last", () => {
    expect(run1!.rows).not.toBe(run2!.rows);
    const threads: ChartRenderer = { parallel: 2, otherThreads: true, render: async () => [], firstScreen: async () => '' };
    for (const renderer of [inThreadRenderer, threads]) {
      expect(exportColumns(r, { run: 1 }, renderer)!.time.length).toBe(run1!.rows);
      expect(exportColumns(r, { run: 2 }, renderer)!.time.length).toBe(run2!.rows);
      expect(exportColumns(r, {}, renderer)!.time.length).toBe(run2!.rows);
      expect(Array.from(exportColumns(r, { run: 1 }, renderer)!.time)).toEqual(run1!.time);
    }
  });

  it('titles each image with its own chart’s heading', async () => {
    const renderer: ChartRenderer = {
      parallel: 2,
      otherThreads: false,
      render: async (task) => task.keys.map(() => new Uint8Array(1)),
      firstScreen: async () => '',
    };
    const run = renderableRun(r.report, 1)!;
    const images = [];
    for await (const image of chartImages(r, { run: 1 }, renderer).images) images.push(image);
    expect(images.length).toBeGreaterThan(3);
    for (const image of images) expect(image.title, image.key).toBe(run.charts.find((c) => c.key === image.key)!.heading);
    expect(new Set(images.map((i) => i.title)).size).toBe(images.length);
  });
});

describe('offlineFirstScreen', () => {
  const csv = Buffer.from(readFixture('d072_tfvnrl.csv'));
  const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'd072.csv', createdAt: '2026-11-30T00:00:00Z', bytes: csv.length };
  const { summary, reportJsonGz } = deriveReport(csv, fields);
  const r = exportReport(summary, reportJsonGz);
  const asked: string[] = [];
  const renderer = (firstScreen: ChartRenderer['firstScreen']): ChartRenderer => ({ ...inThreadRenderer, firstScreen });

  it("is the renderer's first screen for the view's query", async () => {
    const html = await offlineFirstScreen(r, { height: 300 }, renderer(async (task) => (asked.push(task.query), `<p>${task.fileName}</p>`)));
    expect(html).toBe('<p>d072.csv</p>');
    expect(asked).toEqual(['?height=300']);
  });

  it('is empty, without asking, for a report without runs, and empty when drawing fails', async () => {
    const none = { ...r, report: { ...r.report, runs: [] } };
    let calls = 0;
    expect(await offlineFirstScreen(none, {}, renderer(async () => (calls++, 'x')))).toBe('');
    expect(calls).toBe(0);
    expect(await offlineFirstScreen(r, {}, renderer(async () => Promise.reject(new Error('no canvas'))))).toBe('');
  });
});
