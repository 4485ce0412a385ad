/**
 * The live reports' routes (shared/api/live-json.ts says what each takes and answers; server/live/ does
 * the work). Opening one is an upload (config.upload: UPLOAD_TOKEN, the upload rate limits); its appends
 * and its finish need its append token instead; reading its state and rows is open, like reading a report.
 * A batch of rows is the log's bytes as they are (text/csv or application/octet-stream), at most
 * LIVE_APPEND_MAX_BYTES.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ReportParams } from '../../shared/api/schemas.js';
import { errorResponses } from './error-responses.js';
import {
  LiveAppendQuery,
  LiveFinished,
  LiveOpenBody,
  LiveOpened,
  LiveRowsQuery,
  LiveStatusJson,
} from '../../shared/api/live-json.js';
import { DEFAULT_LIVE_IDLE_SECONDS, LIVE_APPEND_MAX_BYTES } from '../../shared/limits.js';
import { ReportNotFoundError, TokenRejectedError, TokenRequiredError } from '../errors.js';
import { bearerToken } from '../http-utils.js';
import { cleanFileName } from '../upload/receive.js';

const live: FastifyPluginAsyncTypebox = async (fastify) => {
  // Batches of rows come as the log's bytes; parsed here only as a Buffer (this plugin's routes only).
  for (const type of ['text/csv', 'text/plain', 'application/octet-stream']) {
    fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: LIVE_APPEND_MAX_BYTES }, (_req, body, done) => done(null, body));
  }

  /** The append token of live report `id` is the request's, or a 401/403/404. */
  function checkToken(request: FastifyRequest, reply: FastifyReply, id: string): void {
    if (!fastify.live.has(id)) throw new ReportNotFoundError();
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      reply.header('WWW-Authenticate', 'Bearer realm="live report"');
      throw new TokenRequiredError('appending to a live report needs its append token');
    }
    if (!fastify.live.authorised(id, token)) throw new TokenRejectedError("this is not the live report's append token");
  }

  fastify.post(
    '/api/live',
    {
      schema: { body: LiveOpenBody, response: { 201: LiveOpened, ...errorResponses(400, 401, 403, 429, 503, 507) } },
      config: { upload: true },
    },
    async (request, reply) => {
      const { fileName, idleSeconds } = request.body ?? {};
      const opened = await fastify.live.open({
        fileName: cleanFileName(fileName),
        idleSeconds: idleSeconds ?? DEFAULT_LIVE_IDLE_SECONDS,
        client: request.ip,
      });
      const url = `/r/${opened.id}`;
      request.log.info({ reportId: opened.id }, 'live report opened');
      return reply.code(201).header('Location', url).send({ ...opened, url });
    },
  );

  fastify.post(
    '/api/live/:id/rows',
    {
      schema: {
        params: ReportParams,
        querystring: LiveAppendQuery,
        response: { 200: LiveStatusJson, ...errorResponses(400, 401, 403, 404, 409, 413, 422, 507) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      checkToken(request, reply, id);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return fastify.live.append(id, request.query.offset, body, request.query.reset === '1');
    },
  );

  fastify.post(
    '/api/live/:id/finish',
    { schema: { params: ReportParams, response: { 200: LiveFinished, ...errorResponses(401, 403, 404, 409, 422, 503, 507) } } },
    async (request, reply) => {
      const { id } = request.params;
      checkToken(request, reply, id);
      await fastify.live.finish(id);
      return { id, url: `/r/${id}` };
    },
  );

  fastify.get(
    '/api/live/:id',
    { schema: { params: ReportParams, querystring: LiveRowsQuery, response: { 200: LiveStatusJson, ...errorResponses(404) } } },
    async (request, reply) => {
      const { id } = request.params;
      // Changes every second: never cached.
      (reply as FastifyReply).header('Cache-Control', 'no-store');
      await fastify.live.refresh(id);
      const state = fastify.live.status(id);
      if (state) {
        const { run, from } = request.query;
        const rowsSince = from === undefined ? null : fastify.live.rowsSince(id, run ?? Math.max(1, state.runs), from);
        return rowsSince ? { ...state, rowsSince } : state;
      }
      const summary = await fastify.store.getSummary(id);
      if (!summary) throw new ReportNotFoundError();
      return {
        state: 'finished' as const,
        size: summary.bytes,
        runs: summary.dialect.runs,
        rows: summary.dialect.rows.kept,
        lastSampleMs: null,
        lastAppendAt: '',
      };
    },
  );
};

export default live;
