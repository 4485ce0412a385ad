import { describe, expect, it } from 'vitest';
import { decodeUploadText } from '../../../server/upload/decode-text.js';
import { DstatFormatError } from '../../../shared/dstat/errors.js';

function failure(bytes: Buffer): DstatFormatError {
  try {
    decodeUploadText(bytes);
  } catch (err) {
    if (err instanceof DstatFormatError) return err;
    throw err;
  }
  throw new Error('expected a DstatFormatError');
}

describe('decodeUploadText', () => {
  it('decodes UTF-8 and strips a byte order mark', () => {
    expect(decodeUploadText(Buffer.from('"Dstat"\nhôte,1\n'))).toBe('"Dstat"\nhôte,1\n');
    expect(decodeUploadText(Buffer.from('\ufeffabc'))).toBe('abc');
  });

  it('refuses an empty file, and one with only a BOM', () => {
    expect(failure(Buffer.alloc(0)).code).toBe('EMPTY_FILE');
    expect(failure(Buffer.from([0xef, 0xbb, 0xbf])).code).toBe('EMPTY_FILE');
  });

  it('refuses NUL bytes with the line they are on', () => {
    const err = failure(Buffer.from('a\nb\nc\0d'));
    expect(err.code).toBe('BINARY_FILE');
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/^line 3: not a text file/);
  });

  it('refuses invalid UTF-8 with the line and the byte', () => {
    const err = failure(Buffer.concat([Buffer.from('ok\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47])]));
    expect(err.code).toBe('BINARY_FILE');
    expect(err.line).toBe(2);
    expect(err.message).toContain('0x89');
  });

  it('refuses Latin-1 text', () => {
    expect(failure(Buffer.from('"Host:","h\xf4te"\n', 'latin1')).code).toBe('BINARY_FILE');
  });
});

describe('the position of the first byte that is not UTF-8', () => {
  it.each([
    [[0x41, 0x80], 2], // lone continuation byte
    [[0x41, 0x0a, 0xc0, 0xaf], 3], // overlong
    [[0xed, 0xa0, 0x80], 1], // surrogate
    [[0xc3, 0xa9, 0xf4, 0x90, 0x80, 0x80], 3], // > U+10FFFF, after a valid é
    [[0x41, 0xe2, 0x82], 2], // cut short
  ])('%j → byte %i', (bytes, byte) => {
    expect(failure(Buffer.from(bytes)).message).toContain(`at byte ${byte} `);
  });
});

describe('what decodeUploadText says, exactly', () => {
  it('tells an empty file from one holding only a byte order mark', () => {
    expect(failure(Buffer.alloc(0)).message).toBe('the file is empty');
    expect(failure(Buffer.from([0xef, 0xbb, 0xbf])).message).toBe('the file is empty (only a byte order mark)');
  });

  it('strips only a whole UTF-8 byte order mark', () => {
    expect(() => decodeUploadText(Buffer.from([0xef, 0xbb, 0x41]))).toThrow(/not UTF-8 text: byte 0xEF at byte 1 /);
    expect(decodeUploadText(Buffer.from('\u00ef\u00bb\u00bfx', 'utf8'))).toBe('\u00ef\u00bb\u00bfx');
    expect(decodeUploadText(Buffer.from('abcd'))).toBe('abcd');
    // Each of the three bytes must be the mark's: two of them and another byte strip nothing.
    expect(failure(Buffer.from([0xef, 0x41, 0xbf, 0x41])).message).toContain('byte 0xEF at byte 1 ');
    expect(failure(Buffer.from([0x41, 0xbb, 0xbf, 0x41])).message).toContain('byte 0xBB at byte 2 ');
    expect(failure(Buffer.from([0x41, 0x42, 0xbf, 0x41])).message).toContain('byte 0xBF at byte 3 ');
  });

  it('counts byte positions from the start of the file, byte order mark included', () => {
    const withBom = failure(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ab\0')]));
    expect(withBom.message).toBe('line 1: not a text file: NUL byte at byte 6 (is it a binary file or compressed?)');
    const bad = failure(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0x41, 0xff])]));
    expect(bad.message).toBe(
      'line 1: not UTF-8 text: byte 0xFF at byte 5 (is it a binary or compressed file, or text in another encoding?)',
    );
  });

  it('finds a NUL at the very first byte, and the line of a NUL after lines of text', () => {
    expect(failure(Buffer.from('\0abc')).message).toContain('NUL byte at byte 1 ');
    expect(failure(Buffer.from('\nab\0')).line).toBe(2);
    expect(failure(Buffer.from('a\0\nb\nc\n')).line).toBe(1);
  });

  it('names a binary file by its signature on line 1', () => {
    const err = failure(Buffer.from('PK\u0003\u0004rest of a zip'));
    expect(err.code).toBe('BINARY_FILE');
    expect(err.line).toBe(1);
  });
});
