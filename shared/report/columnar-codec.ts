/**
 * A ColumnarReport (full, or reduced by lod.ts) as bytes, for GET /api/reports/:id/lod: the numbers as
 * little-endian Float64 columns the page reads in place (a typed-array view needs no parse), the rest as a
 * small JSON header. Exact: every value, NaN gap and statistic comes back bit for bit.
 *
 *   0   8 bytes  magic `DVCOL1\n\0`
 *   8   uint32   header length H (bytes, little-endian)
 *   12  H bytes  header: the report as JSON, each Float64Array written as {"$f64":[offset, length]}
 *                (offset in 8-byte values from the body's start)
 *   …   0–7 zero bytes, so that the body starts at a multiple of 8
 *   …   body     the Float64 values, column after column
 *
 * Strings from the CSV are JSON strings in the header: they can never be read as a column marker.
 */
import type { ColumnarReport } from './columnar.js';

export const COLUMNAR_MEDIA_TYPE = 'application/vnd.dstatview.columns';

const MAGIC = [0x44, 0x56, 0x43, 0x4f, 0x4c, 0x31, 0x0a, 0x00]; // DVCOL1\n\0
const MARKER = '$f64';

export class ColumnarFormatError extends Error {
  override readonly name = 'ColumnarFormatError';
}

export function encodeColumnar(report: ColumnarReport): Uint8Array {
  const columns: Float64Array[] = [];
  let offset = 0;
  const header = JSON.stringify(report, (_key, value: unknown) => {
    if (value instanceof Float64Array) {
      columns.push(value);
      const marker = { [MARKER]: [offset, value.length] };
      offset += value.length;
      return marker;
    }
    return value;
  });
  const head = new TextEncoder().encode(header);
  const bodyStart = Math.ceil((12 + head.length) / 8) * 8;
  const out = new Uint8Array(bodyStart + offset * 8);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, head.length, true);
  out.set(head, 12);
  let at = bodyStart;
  for (const c of columns) {
    for (let i = 0; i < c.length; i++, at += 8) view.setFloat64(at, c[i]!, true);
  }
  return out;
}

const littleEndian = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * The report the bytes hold. Columns are views on `bytes`' buffer when it is aligned (a fetched
 * ArrayBuffer is), copies otherwise. Throws ColumnarFormatError for anything that is not this format.
 */
export function decodeColumnar(bytes: Uint8Array): ColumnarReport {
  if (bytes.length < 12 || MAGIC.some((b, i) => bytes[i] !== b)) throw new ColumnarFormatError('not a dstatview column file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = view.getUint32(8, true);
  if (12 + headLength > bytes.length) throw new ColumnarFormatError('the header runs past the end');
  const bodyStart = Math.ceil((12 + headLength) / 8) * 8;
  const values = (bytes.length - bodyStart) / 8;
  const inPlace = littleEndian && (bytes.byteOffset + bodyStart) % 8 === 0;
  const column = (offset: number, length: number): Float64Array => {
    if (!(Number.isInteger(offset) && Number.isInteger(length) && offset >= 0 && length >= 0 && offset + length <= values)) {
      throw new ColumnarFormatError('a column lies outside the body');
    }
    const at = bodyStart + offset * 8;
    if (inPlace) return new Float64Array(bytes.buffer, bytes.byteOffset + at, length);
    const out = new Float64Array(length);
    for (let i = 0; i < length; i++) out[i] = view.getFloat64(at + i * 8, true);
    return out;
  };
  const text = new TextDecoder().decode(bytes.subarray(12, 12 + headLength));
  try {
    return JSON.parse(text, (_key, value: unknown) => {
      if (value !== null && typeof value === 'object' && MARKER in value) {
        const [offset, length] = (value as Record<string, [number, number]>)[MARKER]!;
        return column(offset, length);
      }
      return value;
    }) as ColumnarReport;
  } catch (err) {
    if (err instanceof ColumnarFormatError) throw err;
    throw new ColumnarFormatError('the header is not JSON');
  }
}

/**
 * How many leading bytes hold the header (magic, length and the header itself): with that many, the header
 * can be read without the columns (`decodeColumnarHeader`); null while fewer than 12 bytes are known.
 */
export function columnarHeaderEnd(prefix: Uint8Array): number | null {
  if (prefix.length < 12) return null;
  if (MAGIC.some((b, i) => prefix[i] !== b)) throw new ColumnarFormatError('not a dstatview column file');
  return 12 + new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(8, true);
}

/**
 * The report without its numbers: everything the header holds (meta, statistics, findings…), each column
 * left out. `prefix`: at least the first `columnarHeaderEnd` bytes. Throws ColumnarFormatError as
 * decodeColumnar does.
 */
export function decodeColumnarHeader(prefix: Uint8Array): ColumnarHeader {
  const end = columnarHeaderEnd(prefix);
  if (end === null || end > prefix.length) throw new ColumnarFormatError('the header runs past the end');
  try {
    return JSON.parse(new TextDecoder().decode(prefix.subarray(12, end)), (_key, value: unknown) =>
      value !== null && typeof value === 'object' && MARKER in value ? null : value,
    ) as ColumnarHeader;
  } catch {
    throw new ColumnarFormatError('the header is not JSON');
  }
}

/** A report's header: its runs without `time` and the series' values. */
export interface ColumnarHeader extends Omit<ColumnarReport, 'runs'> {
  runs: Omit<ColumnarReport['runs'][number], 'time' | 'series'>[];
}
