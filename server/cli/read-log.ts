/** A dstat CSV named on the command line, read as the server reads an upload (size ceiling, UTF-8, BOM). */
import { readFile, stat } from 'node:fs/promises';
import { MAX_UPLOAD_BYTES_CEILING } from '../../shared/limits.js';
import { decodeUploadText } from '../upload/decode-text.js';

export async function readLogText(file: string): Promise<string> {
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${file}: not a file`);
  if (info.size > MAX_UPLOAD_BYTES_CEILING) {
    throw new Error(`${file}: ${info.size} bytes; dstatview reads files up to ${MAX_UPLOAD_BYTES_CEILING} bytes`);
  }
  return decodeUploadText(await readFile(file));
}
