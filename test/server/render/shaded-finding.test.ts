/**
 * The server's images shade the selected finding as the page does (shared/chart/shaded-windows.ts): with
 * `finding` a chart the finding names differs from the same view without it, in the band's columns only;
 * a chart it does not name is the same image.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { deriveReport } from '../../../server/derive-report.js';
import { renderChartPng } from '../../../server/render/render-chart.js';
import { fixturePath } from '../../helpers/fixtures.js';

const NAME = 'scenarios/runqueue.csv';
const { report } = deriveReport(readFileSync(fixturePath(NAME)), { id: 'R1d-of-the-report_0123', fileName: NAME, createdAt: '2026-12-04T03:00:00.000Z', bytes: 1 });

/** Pixels (RGBA) of a PNG. */
async function pixels(png: Buffer): Promise<{ width: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, data: g.getImageData(0, 0, img.width, img.height).data };
}

/** The x pixel columns where two images of one size differ. */
async function differingColumns(a: Buffer, b: Buffer): Promise<number[]> {
  const [pa, pb] = [await pixels(a), await pixels(b)];
  const cols = new Set<number>();
  for (let i = 0; i < pa.data.length; i += 4) {
    if (pa.data[i] !== pb.data[i] || pa.data[i + 1] !== pb.data[i + 1] || pa.data[i + 2] !== pb.data[i + 2]) cols.add((i / 4) % pa.width);
  }
  return [...cols].sort((x, y) => x - y);
}

describe('a finding in a server-drawn image', () => {
  const view = { from: 0, to: 60, texts: false, pixelRatio: 1, width: 600 } as const;

  it('is shaded on a chart it names, in a band of columns inside the plot', async () => {
    const run = report.runs.at(-1)!;
    expect(run.findings?.findings.map((f) => f.rule)).toContain('cpu-saturated');
    const plain = await renderChartPng(report, 'procs', view);
    const shaded = await renderChartPng(report, 'procs', { ...view, finding: 'cpu-saturated' });
    const cols = await differingColumns(plain, shaded);
    expect(cols.length).toBeGreaterThan(200);
    // A band: from its start to its end (both edges drawn), not the whole plot.
    expect(cols[0]!).toBeGreaterThan(64 + 20);
    expect(cols.at(-1)!).toBeLessThan(600 - 10 - 20);
  });

  it('leaves a chart it does not name as it was', async () => {
    const plain = await renderChartPng(report, 'memory', view);
    const withFinding = await renderChartPng(report, 'memory', { ...view, finding: 'cpu-saturated' });
    expect(withFinding.equals(plain)).toBe(true);
  });
});
