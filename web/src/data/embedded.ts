/**
 * The loader's seam for an offline page (one HTML file, shared/export/embedded.ts): the reports' JSON is
 * inside the page, gzipped, and read from there instead of fetched — one report in an offline report, the
 * reports of its runs in an offline compare page. Decoding one is the same work as the worker's after its
 * fetch (JSON.parse, then columns), done here on the page: there is no server, and a file:// page cannot
 * start a worker.
 */
import { decodeBase85 } from '../../../shared/export/base85.js';
import {
  EMBEDDED_COMPARE_ELEMENT_ID,
  EMBEDDED_REPORT_ELEMENT_ID,
  type EmbeddedCompare,
  type EmbeddedReport,
  type EmbeddedReportData,
} from '../../../shared/export/embedded.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { toColumnar, type ColumnarReport } from '../../../shared/report/columnar.js';

const isReportData = (d: EmbeddedReportData | undefined): boolean =>
  !!d && typeof d.id === 'string' && typeof d.reportJsonGz === 'string' && typeof d.gzBytes === 'number';

/** The JSON of `<script type="application/json" id=…>`, when the page has it and it is what `valid` expects. */
function readElement<T>(elementId: string, valid: (data: T) => boolean): T | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(elementId);
  if (!el || el.getAttribute('type') !== 'application/json') return null;
  try {
    const data = JSON.parse(el.textContent ?? '') as T;
    return data && valid(data) ? data : null;
  } catch {
    return null;
  }
}

let report: EmbeddedReport | null | undefined;
let compare: EmbeddedCompare | null | undefined;

/** The embedded report of this page (an offline report), or null. */
export function embeddedReport(): EmbeddedReport | null {
  if (report === undefined) report = readElement<EmbeddedReport>(EMBEDDED_REPORT_ELEMENT_ID, (d) => d.v === 2 && isReportData(d));
  return report;
}

/** The embedded comparison of this page (an offline compare page), or null. */
export function embeddedCompare(): EmbeddedCompare | null {
  if (compare === undefined) {
    compare = readElement<EmbeddedCompare>(
      EMBEDDED_COMPARE_ELEMENT_ID,
      (d) => d.v === 1 && typeof d.search === 'string' && Array.isArray(d.reports) && d.reports.every(isReportData),
    );
  }
  return compare;
}

/** The report `id` as columns, when this page carries it; null otherwise. */
export async function loadEmbedded(id: string): Promise<ColumnarReport | null> {
  const single = embeddedReport();
  const e = single?.id === id ? single : embeddedCompare()?.reports.find((r) => r.id === id);
  if (!e) return null;
  const gz = new Blob([decodeBase85(e.reportJsonGz, e.gzBytes)]).stream().pipeThrough(new DecompressionStream('gzip'));
  const text = await new Response(gz).text();
  return toColumnar(JSON.parse(text) as ReportJson);
}
