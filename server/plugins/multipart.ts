/**
 * multipart/form-data (@fastify/multipart) with tight limits: a file (or up to MAX_UPLOAD_FILES, to
 * compare) of at most maxUploadBytes each (enforced while it streams), a few small fields, a few parts. Multipart bodies bypass Fastify's bodyLimit, so these
 * limits are what bounds an upload.
 */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_FILES } from '../../shared/limits.js';

export interface MultipartPluginOptions {
  maxUploadBytes: number;
}

/** Room for boundaries, part headers and the small fields beside the file, when checking Content-Length. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function multipartLimits(maxUploadBytes: number) {
  return {
    fileSize: maxUploadBytes,
    files: MAX_UPLOAD_FILES,
    fields: 10,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: 10 + MAX_UPLOAD_FILES,
    headerPairs: 20,
  };
}

/**
 * busboy's buffer for a part, in bytes. A part it skips (no usable Content-Disposition or name) has no
 * consumer; when one socket read (at most 64 KiB) delivers more of it than this buffer holds together
 * with its end, busboy waits for a read that never comes and the request hangs (seen with 16.5–65 KiB
 * parts at busboy's default of 16 KiB). Above the largest socket read, a part never fills it in one go.
 */
export const PART_BUFFER_BYTES = 256 * 1024;

export default fp<MultipartPluginOptions>(
  async function multipartPlugin(fastify, opts) {
    await fastify.register(multipart, {
      limits: multipartLimits(opts.maxUploadBytes),
      throwFileSizeLimit: true,
      fileHwm: PART_BUFFER_BYTES,
    });
  },
  { name: 'multipart', fastify: '5.x' },
);
