/**
 * What one client, and all of them together, may upload (routes with `config.upload`):
 *   - UPLOADS_PER_MINUTE per client address (@fastify/rate-limit)            → 429 TOO_MANY_UPLOADS + Retry-After
 *   - MAX_UPLOADS_PER_CLIENT in progress at once from one address            → 429 TOO_MANY_UPLOADS + Retry-After
 *   - MAX_CONCURRENT_UPLOADS in progress at once on the server               → 503 SERVER_BUSY + Retry-After
 * An upload is "in progress" from its headers until its response is finished or its connection is gone.
 * Refused before a byte of the body is read; the error handler closes the connection.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { ServerBusyError, TooManyUploadsError } from '../errors.js';
import { isUploadRoute } from '../upload/upload-route.js';

export interface UploadLimitsOptions {
  uploadsPerMinute: number;
  maxUploadsPerClient: number;
  maxConcurrentUploads: number;
}

export interface UploadCounts {
  /** Uploads in progress now. */
  readonly inProgress: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadCounts;
  }
}

export default fp<UploadLimitsOptions>(
  async function uploadLimits(fastify, opts) {
    await fastify.register(rateLimit, { global: false });
    const perMinute = fastify.rateLimit({
      max: opts.uploadsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new TooManyUploadsError(`more than ${context.max} a minute; the next one is welcome in ${context.after}`),
    });

    let inProgress = 0;
    const perClient = new Map<string, number>();

    fastify.addHook('onRequest', async (request, reply) => {
      if (!isUploadRoute(request)) return;
      await perMinute.call(fastify, request, reply);
      const client = request.ip;
      const mine = perClient.get(client) ?? 0;
      if (mine >= opts.maxUploadsPerClient) {
        throw new TooManyUploadsError(`${mine} at once already; at most ${opts.maxUploadsPerClient}`);
      }
      if (inProgress >= opts.maxConcurrentUploads) throw new ServerBusyError();
      inProgress++;
      perClient.set(client, mine + 1);
      // 'close' comes once for every response: sent, failed, or its connection gone.
      reply.raw.once('close', () => {
        inProgress--;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
    });

    fastify.decorate('uploads', {
      get inProgress() {
        return inProgress;
      },
    } satisfies UploadCounts);
  },
  { name: 'upload-limits', fastify: '5.x' },
);
