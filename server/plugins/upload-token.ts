/**
 * UPLOAD_TOKEN: when set, an upload needs `Authorization: Bearer <token>` (401 without, 403 with a wrong
 * one); reading a report by its link stays open. Compared in constant time.
 */
import fp from 'fastify-plugin';
import { TokenRejectedError, TokenRequiredError } from '../errors.js';
import { bearerToken, sameSecret } from '../http-utils.js';
import { isUploadRoute } from '../upload/upload-route.js';

export interface UploadTokenOptions {
  /** null: uploads are open. */
  uploadToken: string | null;
}

export default fp<UploadTokenOptions>(
  async function uploadToken(fastify, opts) {
    const expected = opts.uploadToken;
    if (expected === null) return;
    fastify.addHook('onRequest', async (request, reply) => {
      if (!isUploadRoute(request)) return;
      const given = bearerToken(request.headers.authorization);
      if (given === null) {
        reply.header('WWW-Authenticate', 'Bearer realm="uploads"');
        throw new TokenRequiredError('this server takes uploads only with its upload token');
      }
      if (!sameSecret(given, expected)) throw new TokenRejectedError('the upload token is not this server\'s');
    });
  },
  { name: 'upload-token', fastify: '5.x' },
);
