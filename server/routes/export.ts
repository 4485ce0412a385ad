/**
 * Reports to take away:
 *   GET /api/reports/:id/export.html   the offline report, one self-contained HTML file (attachment)
 *   GET /api/reports/:id/export.zip    index.html, a PNG per chart, the CSV as uploaded, stats.csv,
 *                                      stats.json, README.txt (streamed)
 * Both take the report page's view in the query (ExportQuery: every option of the page's URL). Both are made
 * whole, then sent, at
 * most ExportRouteOptions.maxConcurrent at once, and kept for the next same request (export-gate.ts):
 * beyond the limit, 503 EXPORTS_BUSY + Retry-After.
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ExportQuery, ReportParams, type ReportSummary } from '../../shared/api/schemas.js';
import type { ViewState } from '../../shared/view/view-options.js';
import type { ViewQueryOptions } from '../../shared/api/view-query.js';
import type { Lang } from '../../shared/chart/chart-text.js';
import { ReportNotFoundError, WebAppNotBuiltError } from '../errors.js';
import { attachmentDisposition } from '../http-utils.js';
import { loadOfflineAssets, OfflineBuildMissingError, type OfflineAssets } from '../export/offline-html.js';
import { offlineFirstScreen } from '../export/chart-images.js';
import { exportReport, liveReportUrl, offlineReportHtml, type ExportReport } from '../export/report-files.js';
import { exportZip, sourceEntryName } from '../export/zip.js';
import { ExportGate } from '../export/export-gate.js';
import { isGzip } from '../upload/gunzip.js';
import { viewOfQuery } from './view-of-query.js';

export interface ExportRouteOptions {
  /** The built web app (its offline build is inlined); null: exports answer 404 WEB_APP_NOT_BUILT. */
  webDir: string | null;
  /** Exports made at once (MAX_CONCURRENT_EXPORTS). */
  maxConcurrent: number;
  /** Memory for finished exports kept (EXPORT_CACHE_BYTES); 0: none. */
  cacheBytes: number;
}

/** The live report's address as this request reached it (behind a proxy: as trustProxy lets Fastify see it). */
function liveUrl(request: { protocol: string; host: string }, id: string, view: ViewState): string {
  return liveReportUrl(`${request.protocol}://${request.host}`, id, view);
}

const schema = { params: ReportParams, querystring: ExportQuery, response: { 404: ApiError, 503: ApiError } };

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

  const gate = new ExportGate({ maxConcurrent: opts.maxConcurrent, cacheBytes: opts.cacheBytes });

  /** The report as it is stored now (derived again first if its parser is old); 404 when there is none. */
  async function current(id: string): Promise<ReportSummary> {
    await fastify.rederive.ensureCurrent(id);
    const summary = await fastify.store.getSummary(id);
    if (!summary) throw new ReportNotFoundError();
    return summary;
  }

  /** The stored report read and parsed: only inside a making the gate admitted. */
  async function load(summary: ReportSummary): Promise<ExportReport> {
    const json = await fastify.store.openReportJsonGz(summary.id);
    if (!json) throw new ReportNotFoundError();
    return exportReport(summary, await buffer(json.stream));
  }

  /** An export's file: the kept one, the one being made, or made now by `make` (export-gate.ts). */
  async function exportFile(kind: 'zip' | 'html', id: string, lang: Lang, live: string, make: (summary: ReportSummary) => Promise<Buffer>) {
    const summary = await current(id);
    // The live report's URL (origin, id and the view's URL query: one text per view, every option in the
    // table's order), so an option that changes the file changes the key and the same view written two ways
    // shares it; a file names the address it was asked at. The language of its texts apart.
    const key = `${summary.parserVersion} ${kind} ${lang} ${live}`;
    return { summary, file: await gate.get(key, () => make(summary)) };
  }

  fastify.get('/api/reports/:id/export.html', { schema }, async (request, reply) => {
    const { lang = 'en', ...query } = request.query;
    const view = { ...viewOfQuery(query), lang };
    const live = liveUrl(request, request.params.id, view);
    const { summary, file } = await exportFile('html', request.params.id, lang, live, async (s) => {
      const [a, r] = await Promise.all([assets(), load(s)]);
      // Drawn in a worker thread (~0.2–0.5 s for the 4 MB log), while this thread is free for others.
      const firstScreen = await offlineFirstScreen(r, view, fastify.parser.charts(request.ip));
      return Buffer.from(offlineReportHtml(a, r, view, firstScreen, { liveUrl: live }), 'utf8');
    });
    return (reply as FastifyReply)
      .type('text/html; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(summary.fileName, '.html'))
      .header('Cache-Control', 'no-cache')
      .send(file);
  });

  fastify.get('/api/reports/:id/export.zip', { schema }, async (request, reply) => {
    const id = request.params.id;
    const { lang = 'en', ...query } = request.query;
    const view = { ...viewOfQuery(query), lang };
    const live = liveUrl(request, id, view);
    const { summary, file } = await exportFile('zip', id, lang, live, (s) => makeZip(s, view, request.ip, live));
    return (reply as FastifyReply)
      .type('application/zip')
      .header('Content-Disposition', attachmentDisposition(summary.fileName, '.zip'))
      .header('Cache-Control', 'no-cache')
      .send(file);
  });

  /** The ZIP, whole: its entries are still made as a stream (zip.ts), collected here. */
  async function makeZip(summary: ReportSummary, view: ViewQueryOptions, client: string, live: string): Promise<Buffer> {
    const id = summary.id;
    const [a, r] = await Promise.all([assets(), load(summary)]);
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
    const zip = exportZip(a, r, csv, view, fastify.parser.charts(client), live);
    const [file] = await Promise.all([buffer(zip.stream), zip.done]);
    return file;
  }
};

export default exportRoutes;
