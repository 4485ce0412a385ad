/**
 * server/render/png.ts, the hand-written PNG encoder of chart images, against the canvas' own (Skia's):
 * both PNGs of the same drawn canvas decoded by the canvas library hold the same pixels, and those are the
 * canvas' own — on two charts of every fixture (light and dark), and on every chart of one report.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { IMAGE_PIXEL_RATIO, IMAGE_WIDTH } from '../../../shared/chart/image-size.js';
import { toReportJson } from '../../../shared/api/report-json.js';
import { isDstatFormatError } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { encodeOpaquePng } from '../../../server/render/png.js';
import { chartKeys, drawRunChart, renderableRun, renderRunChartPng, type DrawnCanvas } from '../../../server/render/render-chart.js';
import type { RenderOptions } from '../../../server/render/render-chart.js';
import type { RunData } from '../../../shared/report/run-data.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

/** The fixture's run ready to draw; null for one that is no report (a log cut before its first row). */
function run(name: string): RunData | null {
  let log;
  try {
    log = parseDstat(readFixture(name));
  } catch (err) {
    if (isDstatFormatError(err)) return null;
    throw err;
  }
  return renderableRun(toReportJson(log, { id: 'test', fileName: name, createdAt: '', bytes: 0 }));
}

/** A PNG decoded by the canvas library: its size and RGBA pixels. */
async function decode(png: Buffer): Promise<{ width: number; height: number; pixels: Buffer }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, pixels: canvas.data() };
}

/** Both encodings of one drawn chart; what each decodes to. */
async function bothEncodings(r: RunData, key: string, o: RenderOptions) {
  const chart = r.charts.find((c) => c.key === key)!;
  const { ours, skia, drawn } = await drawRunChart(r, chart, o, async (canvas: DrawnCanvas) => ({
    ours: encodeOpaquePng(canvas),
    skia: await canvas.encode('png'),
    drawn: Buffer.from(canvas.data()),
  }));
  expect(ours, `${key}: an image with texts is opaque`).not.toBeNull();
  return { ours: await decode(ours!), skia: await decode(skia), drawn, width: (o.width ?? IMAGE_WIDTH) * (o.pixelRatio ?? IMAGE_PIXEL_RATIO) };
}

async function expectSamePixels(r: RunData, key: string, o: RenderOptions, label: string): Promise<void> {
  const { ours, skia, drawn, width } = await bothEncodings(r, key, o);
  expect(ours.width, label).toBe(width);
  expect({ width: ours.width, height: ours.height }, label).toEqual({ width: skia.width, height: skia.height });
  // Buffer.equals, not toEqual: a difference would otherwise print megabytes.
  expect(ours.pixels.equals(skia.pixels), `${label}: same pixels as the canvas' PNG`).toBe(true);
  expect(ours.pixels.equals(drawn), `${label}: the canvas' pixels`).toBe(true);
}

describe('PNG encoder of chart images (png.ts) against the canvas encoder', () => {
  for (const name of FIXTURE_NAMES) {
    it(`${name}: its first chart (light) and last (dark) decode to the same pixels`, async () => {
      const r = run(name);
      if (!r) return;
      const keys = chartKeys(r);
      await expectSamePixels(r, keys[0]!, { theme: 'light' }, `${name} ${keys[0]} light`);
      await expectSamePixels(r, keys.at(-1)!, { theme: 'dark' }, `${name} ${keys.at(-1)} dark`);
    });
  }

  it('every chart of a report, at a view with a limit, another height and pixel ratio', async () => {
    const r = run('d073_T-explicit-lists-many-plugins.csv')!;
    for (const key of chartKeys(r)) await expectSamePixels(r, key, { height: 300, pixelRatio: 1, diskMax: 1e6, x: 'elapsed' }, key);
  });

  it('leaves a canvas that is not opaque to the canvas encoder (a transparent image still comes out right)', async () => {
    const r = run('d072_tfvnrl.csv')!;
    const chart = r.charts.find((c) => c.key === 'cpu:total')!;
    // Without texts there is no background: the plot's surroundings are transparent.
    const o: RenderOptions = { texts: false, width: 400, height: 120, pixelRatio: 1 };
    expect(await drawRunChart(r, chart, o, (c) => encodeOpaquePng(c))).toBeNull();
    const png = await renderRunChartPng(r, chart, o);
    const { width, height, pixels } = await decode(png);
    expect({ width, height }).toEqual({ width: 400, height: 120 });
    expect(pixels.some((v, i) => i % 4 === 3 && v < 255)).toBe(true);
  });
});
