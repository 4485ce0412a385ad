/**
 * Hand-built multipart/form-data bodies for app.inject(): exact bytes, so tests control every edge
 * (sizes at the limit, missing parts, odd field names, binary content).
 */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  name: string;
  filename: string;
  content: Uint8Array | string;
  contentType?: string;
}

export interface FieldPart {
  name: string;
  value: string;
}

export type Part = FilePart | FieldPart;

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string; 'content-length': string };
}

export function multipartBody(parts: Part[], boundary = `----dstatview${randomBytes(12).toString('hex')}`): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'text/csv'}\r\n\r\n`,
        ),
      );
      chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : Buffer.from(part.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** The usual upload: one file in the field `file`. */
export function fileUpload(content: Uint8Array | string, filename = 'dstat.csv'): MultipartBody {
  return multipartBody([{ name: 'file', filename, content }]);
}
