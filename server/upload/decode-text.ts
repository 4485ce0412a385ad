/**
 * Bytes of an upload → text for the parser, or a DstatFormatError saying why the file is not text: empty,
 * NUL bytes, or not UTF-8 (a binary file, an archive, a spreadsheet, a file in another encoding).
 */
import { isUtf8 } from 'node:buffer';
import { binaryKind, notTextReason } from '../../shared/dstat/binary-kind.js';
import { DstatFormatError } from '../../shared/dstat/errors.js';

export function decodeUploadText(bytes: Buffer): string {
  if (bytes.length === 0) throw new DstatFormatError('EMPTY_FILE', 0, 0, 'the file is empty');
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  if (body.length === 0) throw new DstatFormatError('EMPTY_FILE', 0, 0, 'the file is empty (only a byte order mark)');

  const kind = binaryKind(body.subarray(0, 8).toString('latin1'));
  if (kind) throw new DstatFormatError('BINARY_FILE', 1, 0, notTextReason(kind));
  const nul = body.indexOf(0);
  if (nul >= 0) {
    throw new DstatFormatError(
      'BINARY_FILE',
      lineOf(body, nul),
      0,
      `not a text file: NUL byte at byte ${start + nul + 1} (is it a binary file or compressed?)`,
    );
  }
  const text = body.toString('utf8');
  if (!isUtf8(body)) {
    // Node's decoder put U+FFFD where the bytes stop being UTF-8; the text before it is the same bytes
    const bad = Buffer.byteLength(text.slice(0, Math.max(0, text.indexOf('\ufffd'))));
    throw new DstatFormatError(
      'BINARY_FILE',
      lineOf(body, bad),
      0,
      `not UTF-8 text: byte 0x${hex(body[bad] ?? 0)} at byte ${start + bad + 1} ` +
        `(is it a binary or compressed file, or text in another encoding?)`,
    );
  }
  return text;
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
