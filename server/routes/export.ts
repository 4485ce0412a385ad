/**
 * Reports to take away:
 *   GET /api/reports/:id/export.html   the offline report, one self-contained HTML file (attachment)
 *   GET /api/reports/:id/export.zip    index.html, a PNG per chart, the CSV as uploaded, stats.csv,
 *                                      stats.json, README.txt (streamed)
 * Both take the report page's view options in the query (ExportQuery).
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ExportQuery, ReportParams } from '../../shared/api/schemas.js';
import { ReportNotFoundError, WebAppNotBuiltError } from '../errors.js';
import { attachmentDisposition } from '../http-utils.js';
import { loadOfflineAssets, OfflineBuildMissingError, type OfflineAssets } from '../export/offline-html.js';
import { offlineFirstScreen } from '../export/chart-images.js';
import { exportReport, liveReportUrl, offlineReportHtml, type ExportReport } from '../export/report-files.js';
import { exportZip, sourceEntryName } from '../export/zip.js';
import { isGzip } from '../upload/gunzip.js';

export interface ExportRouteOptions {
  /** The built web app (its offline build is inlined); null: exports answer 404 WEB_APP_NOT_BUILT. */
  webDir: string | null;
}

/** The live report's address as this request reached it (behind a proxy: as trustProxy lets Fastify see it). */
function liveUrl(request: { protocol: string; host: string; params: { id: string }; query: ViewQueryOptions }): string {
  return liveReportUrl(`${request.protocol}://${request.host}`, request.params.id, request.query);
}

const schema = { params: ReportParams, querystring: ExportQuery, response: { 404: ApiError } };

const exportRoutes: FastifyPluginAsyncTypebox<ExportRouteOptions> = async (fastify, opts) => {
  async function assets(): Promise<OfflineAssets> {
    if (!opts.webDir) throw new WebAppNotBuiltError();
    try {
      return await loadOfflineAssets(opts.webDir);
    } catch (err) {
      if (err instanceof OfflineBuildMissingError) throw new WebAppNotBuiltError();
      throw err;
    }
  }

  async function load(id: string): Promise<ExportReport> {
    await fastify.rederive.ensureCurrent(id);
    const summary = await fastify.store.getSummary(id);
    const json = summary && (await fastify.store.openReportJsonGz(id));
    if (!summary || !json) throw new ReportNotFoundError();
    return exportReport(summary, await buffer(json.stream));
  }

  fastify.get('/api/reports/:id/export.html', { schema }, async (request, reply) => {
    const [a, r] = await Promise.all([assets(), load(request.params.id)]);
    // Drawn in a worker thread (~0.2–0.5 s for the 4 MB log), while this thread is free for others.
    const firstScreen = await offlineFirstScreen(r, request.query, fastify.parser.charts);
    return (reply as FastifyReply)
      .type('text/html; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(r.summary.fileName, '.html'))
      .header('Cache-Control', 'no-cache')
      .send(offlineReportHtml(a, r, request.query, firstScreen, { liveUrl: liveUrl(request) }));
  });

  fastify.get('/api/reports/:id/export.zip', { schema }, async (request, reply) => {
    const [a, r] = await Promise.all([assets(), load(request.params.id)]);
    const id = request.params.id;
    // The CSV as uploaded: peek at its first bytes for its entry name (.csv or .csv.gz).
    const head = await fastify.store.openCsv(id);
    if (!head) throw new ReportNotFoundError();
    const first = await new Promise<Buffer>((resolve) => {
      head.stream.once('data', (chunk: Buffer) => resolve(chunk)).once('end', () => resolve(Buffer.alloc(0)));
      head.stream.once('error', () => resolve(Buffer.alloc(0)));
    });
    head.stream.destroy();
    const csv = {
      name: sourceEntryName(r.summary.fileName, isGzip(first)),
      open: async () => {
        const obj = await fastify.store.openCsv(id);
        if (!obj) throw new ReportNotFoundError();
        return obj.stream;
      },
    };
    const zip = exportZip(a, r, csv, request.query, fastify.parser.charts, liveUrl(request));
    zip.done.catch((err: unknown) => request.log.error({ err, reportId: id }, 'making a ZIP export failed'));
    return (reply as FastifyReply)
      .type('application/zip')
      .header('Content-Disposition', attachmentDisposition(r.summary.fileName, '.zip'))
      .header('Cache-Control', 'no-cache')
      .send(zip.stream);
  });
};

export default exportRoutes;
