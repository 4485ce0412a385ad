/**
 * GET /readyz: readiness. 200 when a report could be stored now (the store takes a real, durable write)
 * and a parser thread answers; 503 STORAGE_UNAVAILABLE / PARSER_UNAVAILABLE saying which otherwise. A load
 * balancer stops sending uploads to this instance meanwhile; /healthz (liveness) stays "ok", since a restart
 * mends neither a read-only disk nor a full one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, HealthStatus } from '../../shared/api/schemas.js';
import { ParserUnavailableError, StorageUnavailableError } from '../errors.js';
import { StoreFullError } from '../store/report-store.js';

/** How long a parser thread may take to answer the probe, in ms (a cold start under tsx takes ~1 s). */
const PARSER_PROBE_TIMEOUT_MS = 5000;

const ready: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/readyz', { schema: { response: { 200: HealthStatus, 503: ApiError } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await fastify.store.checkWritable();
    } catch (err) {
      // The details (DATA_DIR, the bucket, the endpoint) are for the operator's log, not for the probe's caller.
      request.log.warn({ err }, 'not ready: the store cannot take a report');
      throw new StorageUnavailableError(storeProblem(err));
    }
    if (!(await fastify.parser.probe(PARSER_PROBE_TIMEOUT_MS))) throw new ParserUnavailableError();
    return { status: 'ok' as const };
  });
};

/**
 * Why the store cannot take a report, for an answer: the kind of failure and its error code, never the
 * store's message (it names DATA_DIR's absolute path, a bucket or an endpoint).
 */
export function storeProblem(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const raw = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  const code = /^[A-Z][A-Z0-9_]{1,31}$/.test(raw) ? raw : '';
  const why = code ? ` (${code})` : '';
  if (err instanceof StoreFullError || code === 'ENOSPC' || code === 'EDQUOT') return `its storage is full${why}`;
  if (code === 'EROFS') return `its storage is read-only${why}`;
  return `its storage cannot be written or reached${why}`;
}

export default ready;
