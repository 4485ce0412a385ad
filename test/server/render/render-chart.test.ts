import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { IMAGE_PIXEL_RATIO, IMAGE_WIDTH, imageHeight } from '../../../shared/chart/image-size.js';
import {
  ChartNotFoundError,
  chartKeys,
  renderableRun,
  renderChartPng,
  renderRunChartPng,
} from '../../../server/render/render-chart.js';
import type { RenderCache, RenderOptions } from '../../../server/render/render-chart.js';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { readFixture } from '../../helpers/fixtures.js';

function report(name: string) {
  return toReportJson(parseDstat(readFixture(name)), { id: 'test', fileName: name, createdAt: '', bytes: 0 });
}

/** Width and height from a PNG's IHDR chunk (and that it is one). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('server-side chart images', () => {
  // Several producers and shapes: dstat 0.7.2, dool (bits → bytes), pcp-dstat, a --mem-adv/plugins file.
  for (const name of ['d072_tfvnrl.csv', 'dool134_tfvnrl.csv', 'pcp_tfvnrl.csv', 'd073_T-explicit-lists-many-plugins.csv']) {
    it(`draws every chart of ${name} as a PNG of the image size`, async () => {
      const r = report(name);
      const run = renderableRun(r)!;
      const keys = chartKeys(run);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) {
        const png = await renderRunChartPng(run, run.charts.find((c) => c.key === key)!);
        expect(pngSize(png), key).toEqual({ width: IMAGE_WIDTH * IMAGE_PIXEL_RATIO, height: imageHeight(200) * IMAGE_PIXEL_RATIO });
      }
    });
  }

  it('follows the size options and draws something different with and without texts', async () => {
    const r = report('d072_tfvnrl.csv');
    const plain = await renderChartPng(r, 'cpu:total', { texts: false, width: 500, height: 150, pixelRatio: 1 });
    expect(pngSize(plain)).toEqual({ width: 500, height: 150 });
    const dark = await renderChartPng(r, 'cpu:total', { texts: false, width: 500, height: 150, pixelRatio: 1, theme: 'dark' });
    expect(dark.equals(plain)).toBe(false);
  });

  it('says which chart it does not know', async () => {
    const err = await renderChartPng(report('d072_tfvnrl.csv'), 'disk:nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChartNotFoundError);
    expect(err).toMatchObject({ name: 'ChartNotFoundError', chartKey: 'disk:nope', message: 'no chart "disk:nope" in this report' });
    await expect(renderChartPng({ ...report('d072_tfvnrl.csv'), runs: [] }, 'cpu:total')).rejects.toBeInstanceOf(ChartNotFoundError);
  });

  it('draws the same with a cache shared by draws of other runs, charts and views as without one', async () => {
    const r = report('d072_tfvnrl_appended-2-runs.csv');
    const [first, second] = [renderableRun(r, 1)!, renderableRun(r, 2)!];
    const cpu = (run: typeof first) => run.charts.find((c) => c.key === 'cpu:total')!;
    const o = { texts: false, width: 400, height: 120, pixelRatio: 1 };
    const cache: RenderCache = {};
    // In turn: each draw finds the last one's series in the cache, of another run, chart or view.
    const draws: [RunData, ResolvedChart, RenderOptions][] = [
      [first, cpu(first), o],
      [second, cpu(second), o],
      [second, second.charts.find((c) => c.key === 'memory')!, o],
      [second, cpu(second), o],
      [second, cpu(second), { ...o, trend: true }],
      [second, cpu(second), { ...o, trend: true, hide: [cpu(second).series[0]!.key] }],
    ];
    for (const [i, [run, chart, options]] of draws.entries()) {
      const cached = await renderRunChartPng(run, chart, { ...options, cache });
      const alone = await renderRunChartPng(run, chart, options);
      expect(cached.equals(alone), `draw ${i}`).toBe(true);
    }
    expect(cache.last?.chart).toBe(cpu(second));
  });

  it('hides the series and charts the view names (none by default)', async () => {
    const run = renderableRun(report('d072_tfvnrl.csv'))!;
    const chart = run.charts.find((c) => c.key === 'cpu:total')!;
    const o = { texts: false, width: 400, height: 120, pixelRatio: 1 };
    const all = await renderRunChartPng(run, chart, o);
    expect((await renderRunChartPng(run, chart, { ...o, hide: [] })).equals(all)).toBe(true);
    expect((await renderRunChartPng(run, chart, { ...o, hide: [chart.series[0]!.key] })).equals(all)).toBe(false);
  });
});
