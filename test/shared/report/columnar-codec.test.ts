/**
 * The column file of GET /api/reports/:id/lod (shared/report/columnar-codec.ts): its layout byte by byte,
 * an exact round trip (every value, gap and string), columns read in place when aligned and copied when not,
 * and a clear error for anything that is not such a file.
 */
import { describe, expect, it } from 'vitest';
import { COLUMNAR_MEDIA_TYPE, ColumnarFormatError, columnarHeaderEnd, decodeColumnar, decodeColumnarHeader, encodeColumnar } from '../../../shared/report/columnar-codec.js';
import type { ColumnarReport } from '../../../shared/report/columnar.js';

/** A report-shaped object: the codec writes any JSON with Float64Arrays in it. */
function report(fileName = 'x.csv', values: number[] = [1.5, NaN, -0, 3e300, -Infinity]): ColumnarReport {
  return {
    fileName,
    runs: [
      {
        time: Float64Array.from([0, 1000, 2000, 3000, 4000]),
        series: [
          { id: 'a', kind: 'number', values: Float64Array.from(values) },
          { id: 'b', kind: 'text', values: ['x', '$f64', '{"$f64":[0,1]}'] },
        ],
      },
    ],
  } as unknown as ColumnarReport;
}

const bits = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

/** The header's JSON and the body's first byte, read as the format says. */
function layout(bytes: Uint8Array): { head: string; bodyStart: number } {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  return { head: new TextDecoder().decode(bytes.subarray(12, 12 + length)), bodyStart: Math.ceil((12 + length) / 8) * 8 };
}

describe('encodeColumnar', () => {
  it('writes the magic, the header length (little-endian) and the header JSON with column markers', () => {
    const bytes = encodeColumnar(report());
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x44, 0x56, 0x43, 0x4f, 0x4c, 0x31, 0x0a, 0x00]);
    const { head } = layout(bytes);
    const parsed = JSON.parse(head);
    expect(parsed.runs[0].time).toEqual({ $f64: [0, 5] });
    expect(parsed.runs[0].series[0].values).toEqual({ $f64: [5, 5] });
    expect(parsed.runs[0].series[1].values).toEqual(['x', '$f64', '{"$f64":[0,1]}']);
  });

  it('starts the body at a multiple of 8 after zero padding, and holds the columns as little-endian Float64 in order', () => {
    for (const name of ['a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef', 'abcdefg', 'abcdefgh']) {
      const bytes = encodeColumnar(report(name));
      const { head, bodyStart } = layout(bytes);
      expect(bodyStart % 8).toBe(0);
      expect(Array.from(bytes.subarray(12 + Buffer.byteLength(head), bodyStart)).every((b) => b === 0)).toBe(true);
      expect(bytes.length).toBe(bodyStart + 10 * 8);
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      expect([0, 1, 2, 3, 4].map((i) => view.getFloat64(bodyStart + i * 8, true))).toEqual([0, 1000, 2000, 3000, 4000]);
      expect(view.getFloat64(bodyStart + 5 * 8, true)).toBe(1.5);
      expect(view.getFloat64(bodyStart + 9 * 8, true)).toBe(-Infinity);
    }
  });

  it('counts the header length in bytes, not characters (UTF-8 text from the CSV)', () => {
    const bytes = encodeColumnar(report('ログ—\u2028.csv'));
    const { head } = layout(bytes);
    expect(JSON.parse(head).fileName).toBe('ログ—\u2028.csv');
  });
});

describe('decodeColumnar', () => {
  it('gives back every value bit for bit (NaN gaps, -0, extremes) and every string', () => {
    const back = decodeColumnar(encodeColumnar(report()));
    const run = back.runs[0]!;
    expect(bits(run.time)).toBe(bits(Float64Array.from([0, 1000, 2000, 3000, 4000])));
    const a = run.series[0]!.values as Float64Array;
    expect(bits(a)).toBe(bits(Float64Array.from([1.5, NaN, -0, 3e300, -Infinity])));
    expect(Object.is(a[2], -0)).toBe(true);
    expect(run.series[1]!.values).toEqual(['x', '$f64', '{"$f64":[0,1]}']);
    expect(back.fileName).toBe('x.csv');
  });

  it('reads aligned columns in place (views on the bytes) and copies unaligned ones', () => {
    const bytes = encodeColumnar(report());
    const inPlace = decodeColumnar(bytes).runs[0]!.time;
    expect(inPlace.buffer).toBe(bytes.buffer);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const copied = decodeColumnar(shifted.subarray(1)).runs[0]!;
    expect(copied.time.buffer).not.toBe(shifted.buffer);
    expect(Array.from(copied.time)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(bits(copied.series[0]!.values as Float64Array)).toBe(bits(Float64Array.from([1.5, NaN, -0, 3e300, -Infinity])));
  });

  it('refuses what is not a column file, saying what is wrong', () => {
    const good = encodeColumnar(report());
    const expectError = (bytes: Uint8Array, message: string) => {
      expect(() => decodeColumnar(bytes)).toThrow(ColumnarFormatError);
      expect(() => decodeColumnar(bytes)).toThrow(message);
    };
    expectError(new Uint8Array(0), 'not a dstatview column file');
    expectError(good.subarray(0, 11), 'not a dstatview column file');
    const badMagic = good.slice();
    badMagic[7] = 1;
    expectError(badMagic, 'not a dstatview column file');
    const longHead = good.slice();
    new DataView(longHead.buffer).setUint32(8, good.length, true);
    expectError(longHead, 'the header runs past the end');
    // the header exactly up to the end is readable (no body: no columns)
    const headOnly = new Uint8Array([...good.subarray(0, 8), 2, 0, 0, 0, 0x7b, 0x7d]);
    expect(decodeColumnar(headOnly)).toEqual({});
    const notJson = new Uint8Array([...good.subarray(0, 8), 2, 0, 0, 0, 0x7b, 0x7b]);
    expectError(notJson, 'the header is not JSON');
    // Twelve bytes: the magic and a header length of 0, and nothing else: a file, with an empty header.
    expectError(new Uint8Array([...good.subarray(0, 8), 0, 0, 0, 0]), 'the header is not JSON');
    expect(new ColumnarFormatError('x').name).toBe('ColumnarFormatError');
  });

  it('refuses a column marker that points outside the body', () => {
    const withMarker = (marker: string, bodyValues = 2): Uint8Array => {
      const head = new TextEncoder().encode(`{"v":{"$f64":${marker}}}`);
      const bodyStart = Math.ceil((12 + head.length) / 8) * 8;
      const out = new Uint8Array(bodyStart + bodyValues * 8);
      out.set([0x44, 0x56, 0x43, 0x4f, 0x4c, 0x31, 0x0a, 0x00]);
      new DataView(out.buffer).setUint32(8, head.length, true);
      out.set(head, 12);
      return out;
    };
    expect(Array.from((decodeColumnar(withMarker('[0,2]')) as unknown as { v: Float64Array }).v)).toEqual([0, 0]);
    expect(Array.from((decodeColumnar(withMarker('[2,0]')) as unknown as { v: Float64Array }).v)).toEqual([]);
    for (const bad of ['[1,2]', '[0,3]', '[-1,1]', '[0,-1]', '[0.5,1]', '[0,1.5]', '["0",1]']) {
      expect(() => decodeColumnar(withMarker(bad)), bad).toThrow('a column lies outside the body');
    }
  });

  it('reads the header alone from the leading bytes: every field but the columns (null), text values kept', () => {
    const bytes = encodeColumnar(report('日本.csv'));
    const end = columnarHeaderEnd(bytes.subarray(0, 12))!;
    expect(end).toBe(12 + new TextEncoder().encode(layout(bytes).head).length);
    const header = decodeColumnarHeader(bytes.subarray(0, end)) as unknown as { fileName: string; runs: { time: unknown; series: { values: unknown }[] }[] };
    expect(header.fileName).toBe('日本.csv');
    expect(header.runs[0]!.time).toBeNull();
    expect(header.runs[0]!.series.map((s) => s.values)).toEqual([null, ['x', '$f64', '{"$f64":[0,1]}']]);
    expect(columnarHeaderEnd(bytes.subarray(0, 11))).toBeNull();
    expect(() => decodeColumnarHeader(bytes.subarray(0, end - 1))).toThrow(ColumnarFormatError);
    expect(() => columnarHeaderEnd(new Uint8Array(12))).toThrow(ColumnarFormatError);
  });

  it('names its media type', () => {
    expect(COLUMNAR_MEDIA_TYPE).toBe('application/vnd.dstatview.columns');
  });
});
