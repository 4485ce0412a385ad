import { describe, expect, it } from 'vitest';
import { decodeBase85, encodeBase85, encodeBase85Codes } from '../../../shared/export/base85.js';

describe('base85', () => {
  it('round-trips every length and byte value (across the string chunks of the encoder), in 5 characters per 4 bytes, without HTML or JSON specials', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256;
    for (const length of [0, 1, 2, 3, 4, 5, 7, 8, 255, 1000, 4099, 6553, 6554, 20001]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i < 8 ? [0, 255, 0, 0, 255, 255, 255, 255][i]! : random()));
      const text = encodeBase85(bytes);
      expect(text.length).toBe(Math.ceil(length / 4) * 5);
      expect(text).toMatch(/^[!#-%(-;=?-[\]-{]*$/);
      expect([...decodeBase85(text, length)]).toEqual([...bytes]);
    }
  });

  it('keeps its format: a known text (offline files already written decode alike)', () => {
    const bytes = Uint8Array.from([0, 255, 0, 0, 255, 255, 255, 255, 1, 2, 3, 4, 0x80, 9, 200]);
    expect(encodeBase85(bytes)).toBe('!A6%!y;]0!!ASD.O0p=y');
    expect(String.fromCharCode(...encodeBase85Codes(bytes))).toBe('!A6%!y;]0!!ASD.O0p=y');
    expect([...decodeBase85('!A6%!y;]0!!ASD.O0p=y', 15)]).toEqual([...bytes]);
  });

  it('refuses a character outside the alphabet and a text too short', () => {
    expect(() => decodeBase85('ab<de', 4)).toThrow(new RangeError('base85: bad character at 2'));
    expect(() => decodeBase85('abcde!!<!!', 8)).toThrow(new RangeError('base85: bad character at 7'));
    expect(() => decodeBase85('ab\u00e9de', 4)).toThrow(new RangeError('base85: bad character at 2'));
    expect(() => decodeBase85('abcd', 4)).toThrow(new RangeError('base85: text too short'));
    expect(() => decodeBase85('abcdeabcd', 5)).toThrow(new RangeError('base85: text too short'));
    // '{' is the highest digit (84): 84 × (85⁴ + … + 1) is above 2³² − 1.
    expect(() => decodeBase85('{{{{{', 4)).toThrow(/out of range/);
  });
});
