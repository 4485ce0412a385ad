/**
 * DELETE /api/reports/:id with `Authorization: Bearer <deleteToken>` (the token of the upload reply):
 * 204, and the report is gone (404) for everyone at once. No token: 401; a wrong one, or a report stored
 * before delete tokens existed: 403, and the report stays. No such report: 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError, ReportParams } from '../../shared/api/schemas.js';
import { ReportNotFoundError, TokenRejectedError, TokenRequiredError } from '../errors.js';
import { bearerToken } from '../http-utils.js';
import { deleteTokenMatches } from '../upload/delete-token.js';

const deleteReport: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.delete(
    '/api/reports/:id',
    { schema: { params: ReportParams, response: { 204: Type.Null(), 401: ApiError, 403: ApiError, 404: ApiError } } },
    async (request, reply) => {
      const { id } = request.params;
      const summary = await fastify.store.getSummary(id);
      if (!summary) throw new ReportNotFoundError();
      const token = bearerToken(request.headers.authorization);
      if (token === null) {
        reply.header('WWW-Authenticate', 'Bearer realm="report"');
        throw new TokenRequiredError("deleting a report needs the delete token its upload was given");
      }
      if (!deleteTokenMatches(token, summary.deleteTokenSha256)) {
        throw new TokenRejectedError('this is not the delete token of this report');
      }
      if (!(await fastify.store.delete(id))) throw new ReportNotFoundError();
      fastify.storageUsage.removed(id);
      request.log.info({ reportId: id }, 'report deleted by its uploader');
      return reply.code(204).header('Cache-Control', 'no-store').send(null);
    },
  );
};

export default deleteReport;
