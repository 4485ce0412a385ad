/**
 * stepFillPlugin (the page's and the server's fills under stepped lines) draws exactly what Chart.js' own
 * Filler draws for `fill: 'origin'`: every filled chart of every fixture, rendered both ways on
 * @napi-rs/canvas with the page's configuration, pixel for pixel. A file of more than 40 charts (192 CPUs,
 * 1 699 disks) gives its first 40 (the rest are more of the same shape; thousands of renders take minutes).
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
        const ours = pixels(config);
        const theirs = pixels(withFiller(config));
        let differ = 0;
        for (let i = 0; i < ours.length; i++) if (ours[i] !== theirs[i]) differ++;
        expect(differ, `${chart.key}: pixels differing from the Filler's`).toBe(0);
        compared++;
      }
      // Not every file has a filled chart; most do (CPU, memory stacks).
      if (name.includes('d072_tfvnrl')) expect(compared).toBeGreaterThan(0);
    });
  }
});
