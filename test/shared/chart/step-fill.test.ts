/**
 * stepFillPlugin (the page's and the server's fills under stepped lines) draws exactly what Chart.js' own
 * Filler draws for `fill: 'origin'`: every filled chart of every fixture, rendered both ways on
 * @napi-rs/canvas with the page's configuration, pixel for pixel. A file of more than 40 charts (192 CPUs,
 * 1 699 disks) gives its first 40 (the rest are more of the same shape; thousands of renders take minutes).
 * A window denser than the plot's pixel columns (`denseFill`: a device pixel column at a time) is compared
 * to within a pixel, each band on its own: no column the Filler fills is lower (every peak kept), none is
 * higher than the Filler's within a column sideways.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { Chart, Filler, LinearScale, LineController, LineElement, PointElement, type ChartItem } from 'chart.js';
import { toReportJson } from '../../../shared/api/report-json.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { lineConfig, PLOT_INSET, type LineConfig } from '../../../shared/chart/line-config.js';
import { lineAxisState, lineDatasets, prepareLines, type LineDataset } from '../../../shared/chart/line-data.js';
import { stepFillPlugin } from '../../../shared/chart/step-fill.js';
import { renderableRun, renderView } from '../../../server/render/render-chart.js';
import { fixturePath, readFixture } from '../../helpers/fixtures.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, Filler);

const WIDTH = 640;
const HEIGHT = 200;
const MAX_CHARTS_PER_FILE = 40;

function pixels(config: LineConfig): Uint8ClampedArray {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const instance = new Chart(canvas.getContext('2d') as unknown as ChartItem, config);
  try {
    return canvas.getContext('2d').getImageData(0, 0, WIDTH, HEIGHT).data;
  } finally {
    instance.destroy();
  }
}

/** The same configuration with Chart.js' Filler doing the fills instead (`fill: 'origin'`). */
function withFiller(config: LineConfig): LineConfig {
  const datasets = (config.data.datasets as LineDataset[]).map(({ stepFill, ...d }) => ({ ...d, fill: stepFill ? ('origin' as const) : d.fill }));
  return { ...config, data: { datasets }, plugins: (config.plugins ?? []).filter((p) => p !== stepFillPlugin) };
}

const fixtures = readdirSync(fixturePath('.')).filter((f) => f.endsWith('.csv'));

/**
 * The filled extent of each pixel column (first and last row with any ink; -1 when none) of one dataset's fill
 * alone (outline width 0), so that a band is not hidden by the ones painted over it.
 */
function columnExtents(config: LineConfig, index: number): { top: Int32Array; bottom: Int32Array } {
  const only = (config.data.datasets as LineDataset[]).map((d, i) => (i === index ? { ...d, borderWidth: 0 } : { ...d, data: [] }));
  const data = pixels({ ...config, data: { datasets: only } });
  const top = new Int32Array(WIDTH).fill(-1);
  const bottom = new Int32Array(WIDTH).fill(-1);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (data[(y * WIDTH + x) * 4 + 3]! === 0) continue;
      if (top[x] === -1) top[x] = y;
      bottom[x] = y;
    }
  }
  return { top, bottom };
}

/**
 * Where a dense fill (a column at a time) is not the Filler's within a pixel: a column the Filler inks that
 * ours leaves lower (a lost peak), or a column ours inks higher than the Filler anywhere within a column of
 * it (an invented one). Messages, none when equal.
 */
function denseMismatches(config: LineConfig): string[] {
  const out: string[] = [];
  const filler = withFiller(config);
  (config.data.datasets as LineDataset[]).forEach((d, k) => {
    if (!d.stepFill) return;
    const ours = columnExtents(config, k);
    const theirs = columnExtents(filler, k);
    for (let x = 0; x < WIDTH; x++) {
      const t = theirs.top[x]!;
      const o = ours.top[x]!;
      if (t >= 0 && (o < 0 || o > t + 1)) out.push(`${d.label} column ${x}: Filler's top ${t}, ours ${o}`);
      if (o >= 0) {
        const near = [x - 1, x, x + 1].map((c) => theirs.top[c] ?? -1).filter((v) => v >= 0);
        if (near.length === 0 || o < Math.min(...near) - 1) out.push(`${d.label} column ${x}: ours ${o}, Filler's near ${near.join('/') || 'none'}`);
      }
    }
  });
  return out;
}

let denseCompared = 0;

describe('stepFillPlugin', () => {
  it('has the fixture set to compare on', () => {
    expect(fixtures.length).toBeGreaterThan(20);
  });

  for (const name of fixtures) {
    it(`fills like Chart.js' Filler on every filled chart of ${name}`, () => {
      let parsed: ReturnType<typeof parseDstat>;
      try {
        parsed = parseDstat(readFixture(name));
      } catch (err) {
        // A file without data rows (dstat crashed after its header) has no chart to compare.
        expect((err as Error).name).toBe('DstatFormatError');
        return;
      }
      const report = toReportJson(parsed, { id: 'test', fileName: name, createdAt: '', bytes: 0 });
      const run = renderableRun(report);
      if (!run) return;
      const view = renderView(run, {})!;
      let compared = 0;
      for (const chart of run.charts.slice(0, MAX_CHARTS_PER_FILE)) {
        const labels = chart.series.map((s) => s.label);
        const prepared = prepareLines(chart, labels, view, run, (l) => l);
        const datasets = lineDatasets(chart, prepared, view, run, WIDTH - PLOT_INSET, 1);
        if (!datasets.some((d) => d.stepFill)) continue;
        const state = lineAxisState(chart, view, run, datasets, WIDTH - PLOT_INSET);
        const config = lineConfig({ chart, datasets, state, window: view.window, theme: view.theme, height: HEIGHT, devicePixelRatio: 1 });
        expect(config.plugins).toContain(stepFillPlugin);
        if (datasets.some((d) => d.denseFill)) {
          expect(denseMismatches(config).slice(0, 5), `${chart.key}: fill not the Filler's within a pixel`).toEqual([]);
          denseCompared++;
        } else {
          const ours = pixels(config);
          const theirs = pixels(withFiller(config));
          let differ = 0;
          for (let i = 0; i < ours.length; i++) if (ours[i] !== theirs[i]) differ++;
          expect(differ, `${chart.key}: pixels differing from the Filler's`).toBe(0);
        }
        compared++;
      }
      // Not every file has a filled chart; most do (CPU, memory stacks).
      if (name.includes('d072_tfvnrl')) expect(compared).toBeGreaterThan(0);
    });
  }

  it('compared dense windows too (the longer fixtures)', () => {
    expect(denseCompared).toBeGreaterThan(0);
  });
});
