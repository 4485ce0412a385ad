/**
 * GET /api/reports/:id/findings[?link=eth0:10G,eth1:1G] — what limited each run (shared/findings/): the
 * findings stored with the report, read from the head of its level of detail (findings/stored-findings.ts,
 * kept in memory since the upload); with `link` also `net-near-link` evaluated on the stored samples for
 * those link speeds, in the worker pool (findings/findings-task.ts). A `link` that cannot be read is a 400
 * that says what is wrong; no such report, 404.
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ReportFindingsJson, ReportFindingsQuery } from '../../shared/api/findings-schema.js';
import { ApiError, ReportParams } from '../../shared/api/schemas.js';
import { parseLinks } from '../../shared/findings/link.js';
import { BadRequestError, ReportNotFoundError } from '../errors.js';
import { storedFindings } from '../findings/stored-findings.js';

const reportFindings: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/api/reports/:id/findings',
    { schema: { params: ReportParams, querystring: ReportFindingsQuery, response: { 200: ReportFindingsJson, 400: ApiError, 404: ApiError } } },
    async (request, reply) => {
      let links: [string, number][] = [];
      if (request.query.link !== undefined) {
        const parsed = parseLinks(request.query.link);
        if (!parsed.ok) throw new BadRequestError(parsed.message);
        links = [...parsed.links];
      }
      const { id } = request.params;
      if (links.length === 0) {
        const lod = await fastify.reportLod.get(id, request.ip);
        if (!lod) throw new ReportNotFoundError();
        const stored = await storedFindings(lod.gz);
        if (stored) return reply.header('Cache-Control', 'no-cache').send(stored);
      }
      await fastify.rederive.ensureCurrent(id);
      const stored = await fastify.store.openReportJsonGz(id);
      if (!stored) throw new ReportNotFoundError();
      const reportJsonGz = new Uint8Array(await buffer(stored.stream));
      const result = await fastify.parser.findings({ reportJsonGz, links }, request.ip);
      return reply.header('Cache-Control', 'no-cache').send(result);
    },
  );
};

export default reportFindings;
