/**
 * PNG encoding of an opaque canvas: its pixels as 8-bit RGB, each row with PNG's "Up" filter (the difference
 * from the row above), deflated by Node's zlib as runs (Z_RLE).
 * A chart image is opaque (drawn on the theme's surface), and for one of 1600 × 640 px this takes ~15 ms
 * where the canvas' own encoder (Skia's, with adaptive row filters) takes ~90 ms, for a file of about the
 * same size: an export's dozen to a hundred PNGs were half of the ZIP's time. A canvas with any pixel not
 * fully opaque is left to the canvas' encoder (its pixels are stored premultiplied; un-premultiplying is its
 * business). test/server/render/png.test.ts proves the pixels equal to the canvas' own PNG.
 */
import { constants, deflateSync } from 'node:zlib';

/** What is read of a canvas: its size and its stored pixels (RGBA, premultiplied: equal to straight RGBA when opaque). */
export interface PixelSource {
  width: number;
  height: number;
  data(): Uint8Array;
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** PNG colour type 2: RGB, no alpha. */
const COLOUR_RGB = 2;

/**
 * Rows filtered "Up" and deflated as runs of equal bytes: a chart is mostly rows that repeat the row above
 * (background, grid, fills), which the filter turns into runs of zeros. Measured on the 4 MB log's 15 PNGs
 * (1600 × 640 px): 1.44 MB in 2.3 ms of deflate per PNG, where unfiltered rows at zlib's default (level 6)
 * made 1.16 MB in 8.6 ms; unfiltered at level 1, 1.72 MB in 4.3 ms; Up at level 6, 1.21 MB in 11 ms.
 */
const FILTER_UP = 2;
const DEFLATE_OPTIONS = { level: 6, strategy: constants.Z_RLE };

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Pixels are read 4 bytes at a time as one little-endian number (R in the low byte). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The scanlines' memory, kept from one image to the next (3 MB for 1600 × 640 px: new memory each time cost more than the filtering). */
let scratch = new Uint8Array(0);

const HIGH_BITS = 0x80808080;

/**
 * The rows as PNG scanlines (filter byte 2 "Up", then R, G, B per pixel, each the byte minus the one above
 * it, modulo 256; the first row's "above" is zeros), or null when a pixel is not fully opaque. `rgba` is
 * width × height × 4 bytes. Read as 32-bit words and subtracted four bytes at once (each byte without a
 * borrow from its neighbour): ~5 ms for 1600 × 640 px. The result is a view on memory reused by the next call.
 */
function opaqueScanlines(rgba: Uint8Array, width: number, height: number): Uint8Array | null {
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const stride = width * 3 + 1;
  if (scratch.length < stride * height) scratch = new Uint8Array(stride * height);
  const out = scratch;
  let s = 0;
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    out[o++] = FILTER_UP;
    for (let x = 0; x < width; x++, s++, o += 3) {
      const v = words[s]!;
      if (v >>> 24 !== 255) return null;
      const up = y > 0 ? words[s - width]! : 0;
      const d = ((v | HIGH_BITS) - (up & ~HIGH_BITS)) ^ ((v ^ ~up) & HIGH_BITS);
      out[o] = d;
      out[o + 1] = d >>> 8;
      out[o + 2] = d >>> 16;
    }
  }
  return out.subarray(0, stride * height);
}

/** The canvas as a PNG, or null when it is not opaque (encode it with the canvas' own encoder then). */
export function encodeOpaquePng(canvas: PixelSource): Buffer | null {
  const { width, height } = canvas;
  const rgba = canvas.data();
  if (!LITTLE_ENDIAN || width <= 0 || height <= 0 || rgba.length !== width * height * 4 || rgba.byteOffset % 4 !== 0) return null;
  const lines = opaqueScanlines(rgba, width, height);
  if (!lines) return null;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = COLOUR_RGB;
  // [10..12] = 0: deflate, adaptive filtering method 0 (a filter type per row), no interlace.
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(lines, DEFLATE_OPTIONS)), chunk('IEND', new Uint8Array(0))]);
}
