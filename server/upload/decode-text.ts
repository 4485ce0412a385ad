/**
 * Bytes of an upload → text for the parser, or a DstatFormatError saying why the file is not text: empty,
 * NUL bytes, or not UTF-8 (a binary file, an archive, a spreadsheet, a file in another encoding).
 */
import { isUtf8 } from 'node:buffer';
import { DstatFormatError } from '../../shared/dstat/errors.js';

export function decodeUploadText(bytes: Buffer): string {
  if (bytes.length === 0) throw new DstatFormatError('EMPTY_FILE', 0, 0, 'the file is empty');
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  if (body.length === 0) throw new DstatFormatError('EMPTY_FILE', 0, 0, 'the file is empty (only a byte order mark)');

  const nul = body.indexOf(0);
  if (nul >= 0) {
    throw new DstatFormatError(
      'BINARY_FILE',
      lineOf(body, nul),
      0,
      `not a text file: NUL byte at byte ${start + nul + 1} (is it a binary file or compressed?)`,
    );
  }
  if (!isUtf8(body)) {
    const bad = firstInvalidUtf8(body);
    throw new DstatFormatError(
      'BINARY_FILE',
      lineOf(body, bad),
      0,
      `not UTF-8 text: byte 0x${hex(body[bad] ?? 0)} at byte ${start + bad + 1} ` +
        `(is it a binary or compressed file, or text in another encoding?)`,
    );
  }
  return body.toString('utf8');
}

/** 1-based line of a byte offset. */
function lineOf(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
  return line;
}

function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

/** Offset of the first byte that breaks UTF-8 (RFC 3629: no overlongs, surrogates or > U+10FFFF). */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (c >= 0xc2 && c <= 0xdf) [need, min, cp] = [1, 0x80, c & 0x1f];
    else if (c >= 0xe0 && c <= 0xef) [need, min, cp] = [2, 0x800, c & 0x0f];
    else if (c >= 0xf0 && c <= 0xf4) [need, min, cp] = [3, 0x10000, c & 0x07];
    else return i;
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return b.length;
}
