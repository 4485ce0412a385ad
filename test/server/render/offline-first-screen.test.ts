/**
 * An offline page's first screen (server/render/offline-first-screen-task.ts): the served page's markup
 * with WebP data: URLs, light and dark at 1×, each chart's series prepared once for both themes
 * (RenderOptions.cache) — the images equal to drawing each one on its own, on every fixture.
 */
import { describe, expect, it } from 'vitest';
import { isDstatFormatError } from '../../../shared/dstat/errors.js';
import { toColumnarRun } from '../../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../../shared/report/run-data.js';
import { firstScreenCharts } from '../../../shared/view/first-screen.js';
import { parseViewState } from '../../../shared/view/view-state.js';
import { deriveReport } from '../../../server/derive-report.js';
import { renderRunFirstScreen, FIRST_SCREEN_WIDTH } from '../../../server/render/first-screen.js';
import { offlineFirstScreenTask } from '../../../server/render/offline-first-screen-task.js';
import { drawRunChart, type DrawnCanvas, type RenderOptions } from '../../../server/render/render-chart.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

const fields = { id: 'x', fileName: 'f.csv', createdAt: '2026-01-01T00:00:00.000Z', bytes: 1 };

describe('offline first screen', () => {
  it('is the first charts as WebP data: URLs, light and dark, under a heading of host and file', async () => {
    const { report } = deriveReport(Buffer.from(readFixture('d072_tfvnrl.csv')), { ...fields, fileName: '<b>x.csv' });
    const run = report.runs.at(-1)!;
    const html = await offlineFirstScreenTask({ run: toColumnarRun(run), fileName: '<b>x.csv', query: '?height=150' });
    expect(html).toMatch(/^<div id="first-screen"/);
    expect(html).toContain(`${run.meta.host} — &lt;b&gt;x.csv`);
    const figures = [...html.matchAll(/<figure data-first-screen="([^"]+)"/g)].map((m) => m[1]);
    expect(figures.length).toBeGreaterThanOrEqual(4);
    expect(html.match(/data:image\/webp;base64,/g)).toHaveLength(figures.length * 2);
    expect(html).toContain(`width="${FIRST_SCREEN_WIDTH}" height="150"`);
  });

  it('draws each image as it would on its own (the shared prepared series change no pixel), on every fixture', async () => {
    const pixels = (canvas: DrawnCanvas) => Buffer.from(canvas.data());
    let checked = 0;
    for (const name of FIXTURE_NAMES) {
      let report;
      try {
        report = deriveReport(Buffer.from(readFixture(name)), fields).report;
      } catch (err) {
        if (isDstatFormatError(err)) continue; // no report to draw
        throw err;
      }
      const last = report.runs.at(-1);
      if (!last) continue;
      const run = toRunData(toColumnarRun(last), name);
      const drawing = { ratios: [1], draw: (r: RunData, chart: RunData['charts'][number], o: RenderOptions) => drawRunChart(r, chart, o, pixels) };
      const batch = await renderRunFirstScreen(run, parseViewState(''), drawing);
      const charts = firstScreenCharts(run.charts, { idle: run.idle(), twins: run.twins(), showIdle: false, hidden: new Set(), heatmap: false });
      expect(batch.map((i) => i.key), name).toEqual(charts.map((c) => c.key));
      for (const [i, img] of batch.entries()) {
        for (const v of img.variants) {
          const alone = await drawRunChart(run, charts[i]!, { texts: false, width: FIRST_SCREEN_WIDTH, theme: v.theme, pixelRatio: 1 }, pixels);
          expect(Buffer.from(v.png).equals(alone), `${name} ${img.key} ${v.theme}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  }, 300_000);

  it('begins the next image while one encodes (inFlight), keeping each image with its chart, theme and ratio', async () => {
    const { report } = deriveReport(Buffer.from(readFixture('d072_tfvnrl.csv')), fields);
    const run = toRunData(toColumnarRun(report.runs.at(-1)!), 'f.csv');
    let pending = 0;
    let most = 0;
    const labels: string[] = [];
    // Each image is read at once and handed back two turns of the event loop later, as an encoder on another thread would.
    const drawing = {
      ratios: [1, 2],
      inFlight: 2,
      draw: (r: RunData, chart: RunData['charts'][number], o: RenderOptions) =>
        drawRunChart(r, chart, o, async (canvas) => {
          most = Math.max(most, ++pending);
          labels.push(`${chart.key} ${o.theme} ${o.pixelRatio}`);
          const px = Buffer.from(canvas.data());
          await new Promise((resolve) => setImmediate(resolve));
          await new Promise((resolve) => setImmediate(resolve));
          pending--;
          return px;
        }),
    };
    const batch = await renderRunFirstScreen(run, parseViewState(''), drawing);
    expect(most).toBe(2);
    expect(labels).toEqual(batch.flatMap((img) => ['light 1', 'light 2', 'dark 1', 'dark 2'].map((v) => `${img.key} ${v}`)));
    for (const img of batch) {
      const chart = run.charts.find((c) => c.key === img.key)!;
      expect(img.variants.map((v) => `${v.theme} ${v.ratio}`)).toEqual(['light 1', 'light 2', 'dark 1', 'dark 2']);
      for (const v of img.variants) {
        const alone = await drawRunChart(run, chart, { texts: false, width: FIRST_SCREEN_WIDTH, theme: v.theme, pixelRatio: v.ratio }, (c) => Buffer.from(c.data()));
        expect(Buffer.from(v.png).equals(alone), `${img.key} ${v.theme} ${v.ratio}`).toBe(true);
      }
    }
  });

  it('fails as a whole when an image fails while others are pending, and draws no image after it', async () => {
    const { report } = deriveReport(Buffer.from(readFixture('d072_tfvnrl.csv')), fields);
    const run = toRunData(toColumnarRun(report.runs.at(-1)!), 'f.csv');
    let begun = 0;
    const drawing = {
      ratios: [1],
      inFlight: 3,
      draw: async () => {
        const n = ++begun;
        await new Promise((resolve) => setImmediate(resolve));
        if (n === 2) throw new Error('encoder failed');
        return new Uint8Array(1);
      },
    };
    await expect(renderRunFirstScreen(run, parseViewState(''), drawing)).rejects.toThrow('encoder failed');
    // Three begun at once, a fourth when the first was done; the second's failure stopped the rest.
    expect(begun).toBe(4);
  });
});
