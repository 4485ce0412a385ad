/**
 * render-chart.ts keeps a drawn chart's canvas for the next draw of the same size: a chart drawn on a kept
 * canvas (one that held another chart, in the other theme, at another pixel ratio) has exactly the pixels it
 * has on a new one — nothing of the earlier chart left, the context's state (transform, styles) reset. Each
 * case starts on a size no earlier draw in this file used, so its first draw is on a new canvas.
 */
import { describe, expect, it } from 'vitest';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { chartKeys, drawRunChart, renderableRun, type DrawnCanvas, type RenderOptions } from '../../../server/render/render-chart.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { readFixture } from '../../helpers/fixtures.js';

function run(name: string): RunData {
  return renderableRun(toReportJson(parseDstat(readFixture(name)), { id: 'test', fileName: name, createdAt: '', bytes: 0 }))!;
}

/** The canvas a chart was drawn on, and a copy of its pixels. */
async function draw(r: RunData, key: string, o: RenderOptions): Promise<{ canvas: DrawnCanvas; pixels: Buffer }> {
  const chart = r.charts.find((c) => c.key === key)!;
  return drawRunChart(r, chart, o, (canvas) => ({ canvas, pixels: Buffer.from(canvas.data()) }));
}

describe('canvas kept between draws (render-chart.ts)', () => {
  const r = run('d072_long_tfvnrl.csv');
  const keys = chartKeys(r);

  for (const texts of [true, false]) {
    it(`a chart drawn again on the canvas another chart used has the pixels of its first draw (${texts ? 'opaque, with texts' : 'transparent, plot only'})`, async () => {
      // Sizes of their own per case (CSS px): the first draw below is on a new canvas.
      const size = { width: texts ? 610 : 530, height: texts ? 170 : 150, texts };
      const first = await draw(r, keys[0]!, { ...size, theme: 'light', pixelRatio: 2 });
      const other = await draw(r, keys.at(-1)!, { ...size, theme: 'dark', pixelRatio: 1 });
      const again = await draw(r, keys[0]!, { ...size, theme: 'light', pixelRatio: 2 });
      expect(other.canvas, 'the other chart was drawn on the kept canvas').toBe(first.canvas);
      expect(again.canvas, 'drawn again on the kept canvas').toBe(first.canvas);
      expect(other.pixels.equals(first.pixels), 'the other chart differs').toBe(false);
      // Buffer.equals, not toEqual: a difference would otherwise print megabytes.
      expect(again.pixels.length).toBe(first.pixels.length);
      expect(again.pixels.equals(first.pixels), 'same pixels as on a new canvas').toBe(true);
    });
  }

  it('draws at once on two canvases when a draw starts before the last ended', async () => {
    const size = { width: 470, height: 130, texts: false };
    const chart = r.charts.find((c) => c.key === keys[0])!;
    // One canvas of this size kept: the outer draw takes it, the inner one needs another.
    const kept = (await draw(r, keys[0]!, size)).canvas;
    let inner: DrawnCanvas | undefined;
    const outer = await drawRunChart(r, chart, size, async (canvas) => {
      inner = (await draw(r, keys[1]!, size)).canvas;
      return canvas;
    });
    expect(outer).toBe(kept);
    expect(inner).toBeDefined();
    expect(inner).not.toBe(outer);
  });
});
