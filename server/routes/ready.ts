/**
 * GET /readyz: readiness. 200 when a report could be stored now (the store takes a real, durable write)
 * and a parser thread answers; 503 STORAGE_UNAVAILABLE / PARSER_UNAVAILABLE saying which otherwise. A load
 * balancer stops sending uploads to this instance meanwhile; /healthz (liveness) stays "ok", since a restart
 * mends neither a read-only disk nor a full one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, HealthStatus } from '../../shared/api/schemas.js';
import { ParserUnavailableError, StorageUnavailableError } from '../errors.js';

/** How long a parser thread may take to answer the probe, in ms (a cold start under tsx takes ~1 s). */
const PARSER_PROBE_TIMEOUT_MS = 5000;

const ready: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/readyz', { schema: { response: { 200: HealthStatus, 503: ApiError } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await fastify.store.checkWritable();
    } catch (err) {
      throw new StorageUnavailableError((err as Error).message);
    }
    if (!(await fastify.parser.probe(PARSER_PROBE_TIMEOUT_MS))) throw new ParserUnavailableError();
    return { status: 'ok' as const };
  });
};

export default ready;
