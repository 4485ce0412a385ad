/**
 * The unit helpers of shared/format/number.ts (formatNumber, formatBytes, formatValue and formatAxisValue
 * are specified in test/web/unit/format.test.ts, beside the page that shows them).
 */
import { describe, expect, it } from 'vitest';
import { binaryPower, binaryUnit, formatAxisValue, formatBytes, formatNumber, isByteUnit, trimZeros, unitCaption } from '../../../shared/format/number.js';

describe('IEC units', () => {
  it('binaryPower: 0 below 1 KiB, then the power of 1024, at most EiB; 0 for no number', () => {
    expect([0, 1023.9, 1024, 1024 ** 2 - 1, 1024 ** 2, 1024 ** 6, 1024 ** 9].map(binaryPower)).toEqual([0, 0, 1, 1, 2, 6, 6]);
    expect(binaryPower(NaN)).toBe(0);
    expect(binaryPower(-2048)).toBe(0);
  });

  it('binaryUnit: B to EiB, clamped at both ends', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(binaryUnit)).toEqual(['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB']);
    expect(binaryUnit(-1)).toBe('B');
    expect(binaryUnit(9)).toBe('EiB');
  });

  it('isByteUnit: bytes and bytes/s only', () => {
    expect(['bytes', 'bytes/s', '%', '/s', 'count', ''].map(isByteUnit)).toEqual([true, true, false, false, false, false]);
  });
});

describe('trimZeros', () => {
  it('drops trailing zeros of a fraction and a bare point, never the zeros of a whole number', () => {
    expect(['1.50', '2.00', '100', '0.000', '10.0', '1.05'].map(trimZeros)).toEqual(['1.5', '2', '100', '0', '10', '1.05']);
  });
});

describe('formatAxisValue at the boundaries', () => {
  it('switches to k at 10 000, M at 1e6, G at 1e9, and to fewer decimals at 1 and 100', () => {
    expect([9999.5, 999_999, 1e6, 999_999_999, 1e9].map(formatAxisValue)).toEqual(['10000', '1000k', '1M', '1000M', '1G']);
    expect([0.9999, 1, 99.994, 100.4, -0.5].map(formatAxisValue)).toEqual(['1', '1', '99.99', '100', '-0.5']);
  });
});

describe('formatNumber and formatBytes at their boundaries', () => {
  it('formatNumber: 0.001 is the smallest value written with decimals; below it, exponent form', () => {
    expect([0.001, 0.0009999, -0.001].map(formatNumber)).toEqual(['0.001', '1.0e-3', '-0.001']);
  });

  it('formatBytes: what rounds to 1024 of a unit (from 1023.5 on) is 1 of the next one', () => {
    expect([1023.49, 1023.5, 1023.5 * 1024].map(formatBytes)).toEqual(['1,023 B', '1 KiB', '1 MiB']);
  });

  it('formatBytes: one decimal from 10 to 100 of a unit, two below 10, none from 100 on', () => {
    expect([12.34 * 1024, 9.876 * 1024, 123.4 * 1024].map(formatBytes)).toEqual(['12.3 KiB', '9.88 KiB', '123 KiB']);
  });
});

describe('unitCaption', () => {
  it('names each unit in words, in English and Japanese; other units as they are', () => {
    const units = ['bytes/s', '/s', '%', 'count', 'bytes', 'seconds', 'pages'];
    expect(units.map((u) => unitCaption(u))).toEqual(['bytes per second', 'per second', 'percent', 'count', 'bytes', 'seconds', 'pages']);
    expect(units.map((u) => unitCaption(u, 'ja'))).toEqual(['バイト/秒', '/秒', '%', '個数', 'バイト', '秒', 'pages']);
  });
});
