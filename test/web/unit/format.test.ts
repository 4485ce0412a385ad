import { describe, expect, it } from 'vitest';
import { timeAxis } from '../../../shared/chart/time-axis.js';
import { blend } from '../../../shared/chart/theme.js';
import { formatDuration, formatElapsed, limitText, parseLimit, unitCaption } from '../../../web/src/format.js';
import { browserLang, chartNote, chartTitle } from '../../../web/src/i18n/text.js';
import { MESSAGES } from '../../../web/src/i18n/messages.js';
import { resolveCharts, type SeriesInfo } from '../../../shared/catalogue/index.js';

describe('Y limits as typed', () => {
  it('reads plain numbers and 1024-based suffixes; empty is automatic', () => {
    expect(parseLimit('')).toBe(0);
    expect(parseLimit('0')).toBe(0);
    expect(parseLimit('104857600')).toBe(104857600);
    expect(parseLimit('100M')).toBe(100 * 1024 ** 2);
    expect(parseLimit('1.5G')).toBe(1.5 * 1024 ** 3);
    expect(parseLimit('512k')).toBe(512 * 1024);
    expect(parseLimit(' 100 MiB/s ')).toBe(100 * 1024 ** 2);
    expect(parseLimit('100MB')).toBe(100 * 1024 ** 2);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['-1', 'abc', '1e9', '1.2.3', '5X', 'Infinity']) expect(parseLimit(bad), bad).toBeNull();
  });

  it('writes limits back the short way', () => {
    expect(limitText(0)).toBe('');
    expect(limitText(100 * 1024 ** 2)).toBe('100M');
    expect(limitText(1.5 * 1024 ** 3)).toBe('1.5G');
    expect(limitText(1000)).toBe('1000');
    expect(parseLimit(limitText(123456789))).toBe(123456789);
  });
});

describe('time texts', () => {
  it('elapsed time as dstat2graphs shows it', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(90_000)).toBe('00:01:30');
    expect(formatElapsed(3_600_000 * 25 + 60_000)).toBe('1d 01:01:00');
    expect(formatElapsed(90_000, false)).toBe('00:01');
    expect(formatElapsed(-2000)).toBe('-00:00:02');
  });

  it('durations in English and Japanese', () => {
    expect(formatDuration(98_000)).toBe('1 min 38 s');
    expect(formatDuration(98_000, 'ja')).toBe('1 分 38 秒');
    expect(formatDuration(7_500_000, 'ja')).toBe('2 時間 05 分');
  });

  it('elapsed axis ticks at round offsets from the origin', () => {
    const origin = 1_000_123;
    const axis = timeAxis(origin, origin + 120_000, 800, 'elapsed', origin);
    expect(axis.ticks.map((t) => t - origin)).toEqual([0, 15_000, 30_000, 45_000, 60_000, 75_000, 90_000, 105_000, 120_000]);
    expect(axis.label(origin + 90_000, 6)).toBe('00:01:30');
    const clock = timeAxis(0, 120_000, 800, 'time', 0);
    expect(clock.label(60_000, 1)).toBe('00:01:00');
  });
});

describe('language', () => {
  it('picks Japanese for ja* browsers only', () => {
    expect(browserLang(['ja-JP', 'en'], 'ja-JP')).toBe('ja');
    expect(browserLang(['ja'], undefined)).toBe('ja');
    expect(browserLang(['en-US', 'ja'], 'en-US')).toBe('en');
    expect(browserLang(undefined, 'jav')).toBe('en');
    expect(browserLang([], undefined)).toBe('en');
  });

  it('has every message in both languages', () => {
    expect(Object.keys(MESSAGES.ja).sort()).toEqual(Object.keys(MESSAGES.en).sort());
    expect(MESSAGES.ja.resetZoom).toBe('ズームをリセット');
    expect([MESSAGES.ja.min, MESSAGES.ja.avg, MESSAGES.ja.p95, MESSAGES.ja.max]).toEqual(['最小', '平均', '95 パーセンタイル', '最大']);
  });

  it('titles charts in Japanese, keeping device and group names as recorded', () => {
    const info = (group: string, column: string, unit: string): SeriesInfo => ({ id: `${group}/${column}`, group, column, unit, kind: 'number' });
    const charts = resolveCharts([
      info('cpu0 usage', 'usr', '%'),
      info('cpu1 usage', 'usr', '%'),
      info('dsk/vda', 'read', 'bytes/s'),
      info('net/eth0', 'recv', 'bytes/s'),
      info('load avg', '1m', ''),
      info('tcp sockets', 'lis', ''),
    ]);
    const ja = Object.fromEntries(charts.map((c) => [c.key, chartTitle(c, 'ja')]));
    expect(ja).toEqual({
      'cpu:total': 'CPU 使用率',
      'cpu:cpu0': 'CPU 使用率 cpu0',
      'cpu:cpu1': 'CPU 使用率 cpu1',
      'disk:vda': 'ディスク I/O vda',
      'net:eth0': 'ネットワーク I/O eth0',
      load: 'ロードアベレージ',
      'other:tcp sockets': 'tcp sockets',
    });
    const total = charts.find((c) => c.key === 'cpu:total')!;
    expect(chartNote(total, 'en')).toBe(total.note);
    expect(chartNote(total, 'ja')).toBe('CPU 2 個 (cpu0, cpu1) の平均から算出 (ファイルに total cpu usage がないため)。');
    expect(unitCaption('bytes/s', 'ja')).toBe('バイト/秒');
  });
});

describe('colours', () => {
  it('blends a series colour over the background into an opaque one', () => {
    expect(blend('255 0 0', 0.5, '#ffffff')).toBe('rgb(255 128 128)');
    expect(blend('18 128 226', 0.78, '#1a1e24')).toBe('rgb(20 106 184)');
    expect(blend('1 2 3', 0.5, 'white')).toBe('rgb(1 2 3 / 0.5)');
  });
});

describe('heatmap colours', () => {
  it('maps busy % on a square-root scale: 25 % is mid-way, 1 % already shows', async () => {
    const { colourIndex, palette, paletteGradient } = await import('../../../web/src/charts/heat-palette.js');
    expect(colourIndex(0)).toBe(0);
    expect(colourIndex(1)).toBe(26);
    expect(colourIndex(25)).toBe(128);
    expect(colourIndex(100)).toBe(255);
    expect(colourIndex(140)).toBe(255);
    expect(colourIndex(-3)).toBe(0);
    const light = palette(false);
    const dark = palette(true);
    // Opaque; light starts near white, dark near the dark background; both end far from where they start.
    expect(light[0]! >>> 24).toBe(255);
    expect(light[0]! & 255).toBeGreaterThan(230);
    expect(dark[0]! & 255).toBeLessThan(60);
    expect(light[255]! & 255).toBeLessThan(120);
    expect(paletteGradient(false)).toMatch(/^linear-gradient\(to right, rgb\(\d+ \d+ \d+\) 0%, .* 100%\)$/);
  });
});
