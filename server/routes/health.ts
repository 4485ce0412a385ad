/** GET /healthz: liveness for load balancers and container probes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthStatus } from '../../shared/api/schemas.js';

const health: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/healthz', { schema: { response: { 200: HealthStatus } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
};

export default health;
