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

describe('PNG encoder (png.ts) on pixels given', () => {
  /** An opaque image of width × height whose every pixel differs from its neighbours (none is "above"-equal). */
  function pixels(width: number, height: number, seed: number): Uint8Array {
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = (i * 37 + seed) & 255;
      rgba[i * 4 + 1] = (i * 91 + seed * 3) & 255;
      rgba[i * 4 + 2] = (i * 13 + seed * 7 + 128) & 255;
      rgba[i * 4 + 3] = 255;
    }
    return rgba;
  }
  const source = (width: number, height: number, rgba: Uint8Array) => ({ width, height, data: () => rgba });

  it('encodes every row, the first one too (its "above" is zeros), whatever size came before', async () => {
    // Large, then small, then large again: the scanline memory kept from call to call is resized or reused.
    for (const [w, h, seed] of [
      [64, 48, 1],
      [5, 3, 2],
      [7, 1, 3],
      [64, 49, 4],
    ] as const) {
      const rgba = pixels(w, h, seed);
      const png = encodeOpaquePng(source(w, h, rgba))!;
      const decoded = await decode(png);
      expect({ width: decoded.width, height: decoded.height }).toEqual({ width: w, height: h });
      expect(Buffer.from(decoded.pixels).equals(Buffer.from(rgba)), `${w}×${h}`).toBe(true);
    }
  });

  it('declines what it cannot encode: an empty size, pixels that do not fill it, memory not 4-aligned, a pixel not opaque', () => {
    const rgba = pixels(4, 4, 5);
    expect(encodeOpaquePng(source(0, 4, new Uint8Array(0)))).toBeNull();
    expect(encodeOpaquePng(source(4, 0, new Uint8Array(0)))).toBeNull();
    expect(encodeOpaquePng(source(4, 4, rgba.subarray(4)))).toBeNull();
    expect(encodeOpaquePng(source(4, 3, rgba))).toBeNull();
    const unaligned = new Uint8Array(rgba.length + 1);
    unaligned.set(rgba, 1);
    expect(encodeOpaquePng(source(4, 4, unaligned.subarray(1)))).toBeNull();
    const translucent = rgba.slice();
    translucent[4 * 15 + 3] = 254;
    expect(encodeOpaquePng(source(4, 4, translucent))).toBeNull();
    expect(encodeOpaquePng(source(4, 4, rgba))).not.toBeNull();
  });
});
