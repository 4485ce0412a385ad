/**
 * Load shedding (@fastify/under-pressure): while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS, the
 * heap is nearly full, or the resident memory passes MAX_RSS_BYTES, new uploads get 503 SERVER_BUSY with
 * Retry-After. Everything else (reading reports, /healthz) is still served: it is cheap, and a liveness probe
 * that failed under load would have the server restarted when it is merely busy.
 * Also caps open connections (MAX_CONNECTIONS): Node closes those beyond it at once.
 */
import { getHeapStatistics } from 'node:v8';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { ServerBusyError } from '../errors.js';
import { isUploadRoute } from '../upload/upload-route.js';

export interface LoadSheddingOptions {
  maxConnections: number;
  /** 0: off. */
  maxEventLoopDelayMs: number;
  /** 0: off. */
  maxRssBytes: number;
}

/** Share of V8's heap limit above which uploads are shed: room left for the requests already in. */
const HEAP_SHED_FRACTION = 0.9;

export default fp<LoadSheddingOptions>(
  async function loadShedding(fastify, opts) {
    fastify.server.maxConnections = opts.maxConnections;
    await fastify.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * HEAP_SHED_FRACTION),
      maxRssBytes: opts.maxRssBytes,
      // Async: under-pressure passes a rejected promise on to the error handler.
      pressureHandler: async (request, _reply, type, value) => {
        if (!isUploadRoute(request)) return;
        request.log.warn({ type, value }, 'shedding an upload');
        throw new ServerBusyError();
      },
    });
  },
  { name: 'load-shedding', fastify: '5.x' },
);
