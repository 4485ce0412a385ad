import { describe, expect, it } from 'vitest';
import { timeAxis } from '../../../shared/chart/time-axis.js';
import { blend } from '../../../shared/chart/theme.js';
import { formatDuration, formatElapsed, limitText, parseLimit, unitCaption } from '../../../web/src/format.js';
import { formatAxisValue, formatBytes, formatNumber, formatValue } from '../../../shared/format/number.js';
import { browserLang, chartNote, chartTitle } from '../../../web/src/i18n/text.js';
import { MESSAGES } from '../../../web/src/i18n/messages.js';
import { resolveCharts, type SeriesInfo } from '../../../shared/catalogue/index.js';

/** Each `[input, shown]` pair through `f`, reported by input. */
function expectShown(f: (v: number) => string, cases: readonly (readonly [number, string])[]): void {
  expect(cases.map(([v]) => [v, f(v)])).toEqual(cases);
}

describe('numbers for people (formatNumber)', () => {
  it('shows up to 3 significant digits, trailing zeros dropped', () => {
    expectShown(formatNumber, [
      [0.009, '0.009'],
      [0.5, '0.5'],
      [1.234, '1.23'],
      [1.5, '1.5'],
      [12.34, '12.3'],
      [12, '12'],
      [123.4, '123'],
      [-45.67, '-45.7'],
    ]);
  });

  it('groups whole numbers from 1000 on, however large, never in exponent form', () => {
    expectShown(formatNumber, [
      [1000, '1,000'],
      [7109, '7,109'],
      [-7109, '-7,109'],
      [1234567.8, '1,234,568'],
      [1e21, '1,000,000,000,000,000,000,000'],
    ]);
  });

  it('rounds at the boundaries into the next form: 999.5 is 1,000 as 1000 is; 99.95 is 100', () => {
    expectShown(formatNumber, [
      [999.4, '999'],
      [999.5, '1,000'],
      [99.95, '100'],
      [9.994, '9.99'],
      [0.9996, '1'],
    ]);
  });

  it('writes tiny values (below 0.001) in exponent form, zero as 0, and no number as a dash', () => {
    expectShown(formatNumber, [
      [0.0005, '5.0e-4'],
      [-1e-9, '-1.0e-9'],
      [0, '0'],
      [-0, '0'],
      [NaN, '–'],
      [Infinity, '–'],
      [-Infinity, '–'],
    ]);
  });
});

describe('byte quantities (formatBytes), 1024-based as dstat', () => {
  it('shows the largest unit with a value of at least 1, to 3 significant digits', () => {
    expectShown(formatBytes, [
      [0, '0 B'],
      [1, '1 B'],
      [1023, '1,023 B'],
      [1024, '1 KiB'],
      [1536, '1.5 KiB'],
      [10 * 1024, '10 KiB'],
      [4194304, '4 MiB'], // the default upload limit, as the upload page states it
      [491266048, '469 MiB'], // 468.51 MiB
      [1.5 * 1024 ** 3, '1.5 GiB'],
      [123.456 * 1024 ** 4, '123 TiB'],
      [8e18, '6.94 EiB'],
    ]);
  });

  it('divides by 1024, not 1000', () => {
    expectShown(formatBytes, [
      [1000, '1,000 B'],
      [1_000_000, '977 KiB'],
      [1e9, '954 MiB'],
    ]);
  });

  it('what rounds to 1024 of a unit is 1 of the next: 1023.99 B is 1 KiB, 1048575 B is 1 MiB', () => {
    expectShown(formatBytes, [
      [1023.4, '1,023 B'],
      [1023.99, '1 KiB'],
      [1048575, '1 MiB'],
      [1024 ** 3 - 1, '1 GiB'],
      [1023.4 * 1024, '1023 KiB'],
    ]);
  });

  it('keeps the sign, shows fractions of a byte (averages), stops at EiB, and a dash for no number', () => {
    expectShown(formatBytes, [
      [-1536, '-1.5 KiB'],
      [-0, '0 B'],
      [0.5, '0.5 B'],
      [1e-9, '1.0e-9 B'],
      [1024 ** 7, '1024 EiB'],
      [NaN, '–'],
      [Infinity, '–'],
    ]);
  });
});

describe('a value with its unit (formatValue), for tables and tooltips', () => {
  it('formats by unit', () => {
    expect(formatValue(1536, 'bytes')).toBe('1.5 KiB');
    expect(formatValue(491266048, 'bytes/s')).toBe('469 MiB/s');
    expect(formatValue(45.25, '%')).toBe('45.3 %');
    expect(formatValue(100, '%')).toBe('100.0 %');
    expect(formatValue(7109, '/s')).toBe('7,109 /s');
    expect(formatValue(1.5, 'seconds')).toBe('1.5 s');
    expect(formatValue(3, 'count')).toBe('3');
    expect(formatValue(4.28, '')).toBe('4.28');
    expect(formatValue(1536, 'some plugin unit')).toBe('1,536');
  });

  it('shows a dash for no number, whatever the unit', () => {
    for (const unit of ['bytes', 'bytes/s', '%', '/s', 'seconds', 'count', '']) {
      expect(formatValue(NaN, unit), unit).toBe('–');
      expect(formatValue(Infinity, unit), unit).toBe('–');
    }
  });
});

describe('decimal axis labels (formatAxisValue): short, the unit in the caption (byte axes: shared/chart/ticks.ts)', () => {
  it('other axes in full below 10 000, then k, M, G by 1000', () => {
    expectShown((v) => formatAxisValue(v), [
      [0, '0'],
      [0.1234, '0.123'],
      [0.5, '0.5'],
      [12.345, '12.35'],
      [100, '100'],
      [9999, '9999'],
      [10_000, '10k'],
      [12_345, '12.3k'],
      [-15_000, '-15k'],
      [2_500_000, '2.5M'],
      [3.25e9, '3.25G'],
    ]);
    expect(formatAxisValue(45)).toBe('45');
  });
});

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
    // p95 stays short in Japanese (a long header squeezed the series names); the full name is its <abbr> title.
    expect([MESSAGES.ja.min, MESSAGES.ja.avg, MESSAGES.ja.p95, MESSAGES.ja.max]).toEqual(['最小', '平均', 'p95', '最大']);
    expect(MESSAGES.ja.p95Full).toBe('95 パーセンタイル');
  });

  it('titles charts in Japanese, keeping device names as recorded and naming known plugin groups', () => {
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
      'other:tcp sockets': 'TCP ソケット',
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
