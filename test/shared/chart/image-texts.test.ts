/**
 * The texts drawn into a chart's image (shared/chart/image-texts.ts): title, where it comes from, the time
 * range with its zone and length, the unit — and, for smoothed lines, that they are a moving average.
 */
import { describe, expect, it } from 'vitest';
import { imageTexts } from '../../../shared/chart/image-texts.js';

const base = { title: 'Disk I/O vda', unit: 'bytes/s', host: ' db1 ', fileName: 'run.csv', t0: Date.UTC(2026, 0, 2, 10, 0, 0), t1: Date.UTC(2026, 0, 2, 10, 5, 0), timezone: '' };

describe('imageTexts', () => {
  it('names host and file, then the range; the unit is the y axis title', () => {
    const t = imageTexts(base);
    expect(t.title).toBe('Disk I/O vda');
    expect(t.subtitle[0]).toBe('db1 — run.csv');
    expect(t.subtitle[1]).toMatch(/^2026-01-02 10:00:00 – 10:05:00 .*\(5 min/);
    expect(t.subtitle[1]).not.toMatch(/moving average/);
  });

  it('says the lines are a centred moving average of N samples when smoothed (N > 1), in the language asked', () => {
    expect(imageTexts({ ...base, smooth: 9 }).subtitle[1]).toMatch(/ · centred moving average of 9 samples$/);
    expect(imageTexts({ ...base, smooth: 9, lang: 'ja' }).subtitle[1]).toMatch(/ · 9 サンプルの中心移動平均$/);
    expect(imageTexts({ ...base, smooth: 1 }).subtitle[1]).toBe(imageTexts(base).subtitle[1]);
  });
});
