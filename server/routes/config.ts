/** GET /api/config: the limits the web app checks before it uploads. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ServerConfig } from '../../shared/api/schemas.js';

export interface ConfigRouteOptions {
  maxUploadBytes: number;
}

const config: FastifyPluginAsyncTypebox<ConfigRouteOptions> = async (fastify, opts) => {
  fastify.get('/api/config', { schema: { response: { 200: ServerConfig } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { maxUploadBytes: opts.maxUploadBytes };
  });
};

export default config;
