/**
 * GET /metrics in the Prometheus text format (prom-client), a registry per app:
 *   dstatview_uploads_total{outcome}          uploads by outcome: CREATED or the error code answered
 *   dstatview_parse_duration_seconds          parse time of each upload (histogram, finished parses)
 *   dstatview_parse_queue_depth               uploads waiting for a parser thread
 *   dstatview_parses_running                  tasks of any kind running in the worker threads
 *   dstatview_work_total{class,outcome}       heavy work (server/admission/): class upload | read | background;
 *                                             outcome admitted | queue_full | over_client_share | shed |
 *                                             timed_out | preempted
 *   dstatview_read_queue_depth                reads waiting for a worker thread
 *   dstatview_connections_refused_total       connections closed at once: their address had its share open
 *   dstatview_uploads_in_progress             uploads being received or parsed
 *   dstatview_reports_stored, dstatview_stored_bytes
 * plus prom-client's process metrics (CPU, memory, event-loop lag, handles). Only counts: no report id,
 * file name or client address is ever a label.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isUploadRoute } from '../upload/upload-route.js';
import type { WorkClass, WorkOutcome } from '../admission/admission.js';

export interface Metrics {
  /** Record one parse that ran to its end (or to its time limit). */
  observeParse(seconds: number): void;
  /** Count one admission decision or end of a task (server/admission/admission.ts). */
  observeWork(cls: WorkClass, outcome: WorkOutcome): void;
  /** Count one connection closed at once: its address had its share of connections open already. */
  observeConnectionRefused(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The `code` of the error body this request was answered with (set by the error handler). */
    apiErrorCode: string | null;
  }
}

export default fp(
  async function metrics(fastify) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const uploads = new Counter({
      name: 'dstatview_uploads_total',
      help: 'Uploads by outcome: CREATED, or the error code of the answer',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    const parseSeconds = new Histogram({
      name: 'dstatview_parse_duration_seconds',
      help: 'Time to parse one upload, in seconds',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('dstatview_parse_queue_depth', 'Uploads waiting for a parser thread', () => fastify.parser.depth);
    gauge('dstatview_parses_running', 'Tasks running in the worker threads', () => fastify.parser.running);
    gauge('dstatview_read_queue_depth', 'Reads waiting for a worker thread', () => fastify.parser.admission.waiting.read);
    const work = new Counter({
      name: 'dstatview_work_total',
      help: 'Heavy work by class (upload, read, background) and outcome (admitted, queue_full, over_client_share, shed, timed_out, preempted)',
      labelNames: ['class', 'outcome'] as const,
      registers: [registry],
    });
    gauge('dstatview_uploads_in_progress', 'Uploads being received or parsed', () => fastify.uploads.inProgress);
    gauge('dstatview_reports_stored', 'Reports in the store', () => fastify.storageUsage.reports);
    gauge('dstatview_stored_bytes', 'Bytes the stored reports take', () => fastify.storageUsage.bytes);

    fastify.decorateRequest('apiErrorCode', null);
    const connectionsRefused = new Counter({
      name: 'dstatview_connections_refused_total',
      help: 'Connections closed at once because their address had MAX_CONNECTIONS_PER_ADDRESS open already',
      registers: [registry],
    });
    fastify.decorate('metrics', {
      observeConnectionRefused: () => connectionsRefused.inc(),
      observeParse: (seconds: number) => parseSeconds.observe(seconds),
      observeWork: (cls: WorkClass, outcome: WorkOutcome) => work.inc({ class: cls, outcome }),
    } satisfies Metrics);

    fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isUploadRoute(request)) return;
      uploads.inc({ outcome: reply.statusCode === 201 ? 'CREATED' : (request.apiErrorCode ?? String(reply.statusCode)) });
    });

    fastify.get('/metrics', async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'metrics', fastify: '5.x' },
);
